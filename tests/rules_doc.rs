//! `docs/RULES.md` against the repository: every test it cites exists (a `#[test]` function of that
//! name in that file), every rule cites at least one, rule numbers are unique and rise, every rule a
//! rule mentions exists, and every `RULES.md R<n>` reference in the sources and docs names a rule
//! that exists.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn rules_md() -> String {
    fs::read_to_string(root().join("docs/RULES.md")).expect("docs/RULES.md")
}

/// The leading run of ASCII digits of `text` as a number, with its length.
fn number_at(text: &str) -> Option<(u32, usize)> {
    let len = text.bytes().take_while(u8::is_ascii_digit).count();
    text[..len].parse().ok().map(|n| (n, len))
}

/// Every `R<n>` in `text` (a capital R not inside a word, then digits), with an en-dash range
/// `R<a>–R<b>` giving both ends.
fn rule_mentions(text: &str) -> Vec<u32> {
    let mut found = Vec::new();
    for (at, _) in text.match_indices('R') {
        let before = text[..at].chars().next_back();
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        if let Some((n, len)) = number_at(&text[at + 1..]) {
            let after = text[at + 1 + len..].chars().next();
            if !after.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
                found.push(n);
            }
        }
    }
    found
}

/// The rules of the file: (number, text), from `**R<n>.` to the next rule or heading (a rule may
/// hold a table).
fn rules(text: &str) -> Vec<(u32, String)> {
    let mut out: Vec<(u32, String)> = Vec::new();
    let mut open = false;
    for paragraph in text.split("\n\n").map(str::trim).filter(|p| !p.is_empty()) {
        if let Some(rest) = paragraph.strip_prefix("**R") {
            let (n, len) = number_at(rest).unwrap_or_else(|| panic!("a rule without a number: {paragraph}"));
            assert!(rest[len..].starts_with('.'), "R{n}: the number is followed by a dot");
            out.push((n, paragraph.to_string()));
            open = true;
        } else if paragraph.starts_with('#') {
            open = false;
        } else if open && let Some((_, rule)) = out.last_mut() {
            rule.push_str("\n\n");
            rule.push_str(paragraph);
        }
    }
    out
}

/// The `path::name` citations of a paragraph (inside backticks, the path naming a `.rs` file).
fn citations(paragraph: &str) -> Vec<(String, String)> {
    paragraph
        .split('`')
        .skip(1)
        .step_by(2)
        .filter_map(|code| code.split_once(".rs::"))
        .map(|(path, name)| (format!("{path}.rs"), name.to_string()))
        .collect()
}

/// Whether `source` has a `#[test]` function `name` (the attribute within the three lines before it).
fn has_test(source: &str, name: &str) -> bool {
    let lines: Vec<&str> = source.lines().collect();
    let signature = format!("fn {name}(");
    lines.iter().enumerate().any(|(i, line)| {
        line.trim_start().starts_with(&signature) && lines[i.saturating_sub(3)..i].iter().any(|l| l.trim() == "#[test]")
    })
}

#[test]
fn every_cited_test_exists_and_every_rule_cites_one() {
    let text = rules_md();
    let rules = rules(&text);
    assert!(rules.len() >= 80, "only {} rules found", rules.len());
    let mut cited = 0;
    let mut missing = Vec::new();
    for (n, paragraph) in &rules {
        let cites = citations(paragraph);
        assert!(!cites.is_empty(), "R{n} cites no test");
        for (path, name) in cites {
            let source = fs::read_to_string(root().join(&path)).unwrap_or_else(|_| panic!("R{n}: no file {path}"));
            if !has_test(&source, &name) {
                missing.push(format!("R{n}: {path}::{name}"));
            }
            cited += 1;
        }
    }
    assert!(missing.is_empty(), "cited tests that do not exist:\n{}", missing.join("\n"));
    assert!(cited >= rules.len());
}

#[test]
fn rule_numbers_rise_and_every_mention_names_a_rule() {
    let text = rules_md();
    let numbers: Vec<u32> = rules(&text).into_iter().map(|(n, _)| n).collect();
    assert!(numbers.windows(2).all(|w| w[0] < w[1]), "rule numbers out of order: {numbers:?}");
    let known: BTreeSet<u32> = numbers.into_iter().collect();
    // Mentions in the rules' text; the group headings' ranges may name free numbers.
    for (n, paragraph) in rules(&text) {
        for m in rule_mentions(&paragraph) {
            assert!(known.contains(&m), "R{n} mentions R{m}, which is not a rule");
        }
    }
}

/// Files under `dir` (recursively) whose names end in one of `exts`, skipping build output and
/// dependencies.
fn files(dir: &Path, exts: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if !matches!(name.as_str(), "target" | "node_modules" | "pkg" | "dist" | "data" | "corpus" | "artifacts")
                && !name.starts_with('.')
            {
                files(&path, exts, out);
            }
        } else if exts.iter().any(|ext| name.ends_with(ext)) {
            out.push(path);
        }
    }
}

/// The rules a reference lists at the start of `text`: `R28`, `R80–R88` or `R80-R88` (both ends),
/// `R28, R30`, `R28 and R30`.
fn rule_list(text: &str) -> Vec<u32> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some((n, len)) = rest.strip_prefix('R').and_then(number_at) {
        found.push(n);
        rest = &rest[1 + len..];
        match [", R", "–R", "-R", " and R"].iter().find(|sep| rest.starts_with(**sep)) {
            Some(sep) => rest = &rest[sep.len() - 1..],
            None => break,
        }
    }
    found
}

#[test]
fn every_reference_to_rules_md_names_a_rule() {
    let known: BTreeSet<u32> = rules(&rules_md()).into_iter().map(|(n, _)| n).collect();
    let mut paths = Vec::new();
    files(&root(), &[".rs", ".md", ".h", ".ts", ".js", ".py", ".pyi", ".c", ".sh", ".txt"], &mut paths);
    let mut references = 0;
    let mut wrong = Vec::new();
    for path in paths {
        if path.ends_with("docs/RULES.md") {
            continue;
        }
        let Ok(source) = fs::read_to_string(&path) else { continue };
        for (at, _) in source.match_indices("RULES.md R") {
            for n in rule_list(&source[at + "RULES.md ".len()..]) {
                references += 1;
                if !known.contains(&n) {
                    wrong.push(format!("{}: R{n}", path.display()));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "references to rules that do not exist:\n{}", wrong.join("\n"));
    assert!(references >= 20, "only {references} references to RULES.md found");
}
