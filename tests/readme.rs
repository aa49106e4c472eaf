//! The README's promise to a newcomer (issue 16, item 7): under `## Quick start`, one example per
//! audience (Rust, command line, Python, C, JavaScript), each ten lines or fewer. Lines rustdoc hides
//! (`# ...` in a Rust block) and blank lines are not counted.

use std::fs;

/// The fenced code blocks of `section` as (language, counted lines).
fn code_blocks(section: &str) -> Vec<(String, usize)> {
    let mut blocks = Vec::new();
    let mut open: Option<(String, usize)> = None;
    for line in section.lines() {
        match (&mut open, line.strip_prefix("```")) {
            (None, Some(lang)) => open = Some((lang.trim().to_string(), 0)),
            (Some(_), Some(_)) => blocks.extend(open.take()),
            (Some((lang, count)), None) => {
                let hidden = lang == "rust" && (line.starts_with("# ") || line == "#");
                if !hidden && !line.trim().is_empty() {
                    *count += 1;
                }
            }
            (None, None) => {}
        }
    }
    blocks
}

#[test]
fn quick_starts_are_ten_lines_or_fewer_for_every_audience() {
    let readme = fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).expect("README.md");
    let start = readme.find("\n## Quick start\n").expect("a '## Quick start' section");
    let rest = &readme[start + 1..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |at| at + 3);
    let blocks = code_blocks(&rest[..end]);
    for lang in ["rust", "sh", "python", "c", "js"] {
        let found: Vec<usize> = blocks.iter().filter(|(l, _)| l == lang).map(|&(_, n)| n).collect();
        assert!(!found.is_empty(), "no ```{lang} quick start");
        assert!(found.iter().all(|&n| (1..=10).contains(&n)), "```{lang} quick start of {found:?} lines");
    }
}
