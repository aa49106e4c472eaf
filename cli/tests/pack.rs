//! `hayanagi pack hcp|psfen` and `hayanagi unpack hcp|psfen`, run as a user runs them, and the README's
//! example session of them, command by command.

use std::path::Path;
use std::process::Command;

mod run;
use run::hayanagi;

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

/// Runs and expects success; returns stdout.
fn ok(args: &[&str], stdin: &str) -> String {
    let output = hayanagi(args, stdin.as_bytes());
    assert!(output.status.success(), "{args:?}: {:?} {}", output.status, text(&output.stderr));
    text(&output.stdout)
}

/// Runs and expects exit status 2 with one stderr line; returns (stdout, stderr).
fn fails(args: &[&str], stdin: &str) -> (String, String) {
    let output = hayanagi(args, stdin.as_bytes());
    assert_eq!(output.status.code(), Some(2), "{args:?}: {}", text(&output.stderr));
    let stderr = text(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(!stderr.contains("panicked"));
    (text(&output.stdout), stderr)
}

const POSITIONS: &str = "startpos
position startpos moves 7g7f 3c3d 8h2b+
l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1
lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN1 w - 1
handicap two-pieces moves 5a4b
";

#[test]
fn pack_and_unpack_round_trip() {
    for format in ["hcp", "psfen"] {
        let hex = ok(&["pack", format], POSITIONS);
        assert_eq!(hex.lines().count(), 5);
        assert!(
            hex.lines().all(|l| l.len() == 64 && l.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)))
        );
        let sfens = ok(&["unpack", format], &hex);
        // Each SFEN (ply 1) is the position given; packing it again gives the same hex.
        let expected: Vec<String> = POSITIONS
            .lines()
            .map(|line| {
                let out = ok(&["analyze"], &format!("{line}\n"));
                let sfen = out.split('\t').nth(1).unwrap().to_string();
                format!("{} 1", sfen.rsplit_once(' ').unwrap().0)
            })
            .collect();
        assert_eq!(sfens.lines().collect::<Vec<_>>(), expected, "{format}");
        assert_eq!(ok(&["pack", format], &sfens), hex);
        assert_eq!(ok(&["unpack", format], &hex.to_uppercase()), sfens, "hex in either case");
    }
}

#[test]
fn errors_name_the_line() {
    let (stdout, stderr) = fails(&["pack", "hcp"], "startpos\nstartpos moves 7g7g\nstartpos\n");
    assert_eq!(stdout.lines().count(), 1, "the line before the bad one is written");
    assert!(stderr.starts_with("hayanagi: line 2: bad USI position"), "{stderr}");
    let (_, stderr) = fails(&["pack", "psfen"], "4k4/9/9/9/9/9/9/9/9 b 2G 1\n");
    assert_eq!(stderr.trim_end(), "hayanagi: line 1: PackedSfen: no black king: packed positions need both kings");
    let (_, stderr) = fails(&["pack", "hcp"], "startpos\n\n");
    assert!(stderr.starts_with("hayanagi: line 2: bad SFEN"), "{stderr}");

    let zeros = "0".repeat(64);
    let (_, stderr) = fails(&["unpack", "hcp"], &format!("{zeros}\n"));
    assert_eq!(stderr.trim_end(), "hayanagi: line 1: HCP at bit 8 (byte 1): both kings on one square (hex column 3)");
    let (_, stderr) = fails(&["unpack", "psfen"], "58a4\n");
    assert_eq!(stderr.trim_end(), "hayanagi: line 1: 4 bytes, expected 64 hex digits");
    let (_, stderr) = fails(&["unpack", "hcp"], &format!("{}g\n", &zeros[..63]));
    assert_eq!(stderr.trim_end(), "hayanagi: line 1: column 64: 'g' is not a hex digit");
    for args in [&["pack"][..], &["pack", "hcpe"], &["unpack", "hcp", "psfen"]] {
        let (_, stderr) = fails(args, "");
        assert!(stderr.contains("takes one argument, hcp or psfen"), "{stderr}");
    }
}

#[test]
fn empty_input_writes_nothing() {
    assert_eq!(ok(&["pack", "hcp"], ""), "");
    assert_eq!(ok(&["unpack", "psfen"], ""), "");
}

/// The README's `pack` session (the ```sh block after `<!-- cli-example: pack -->`): each `$ ` line runs in
/// `sh` with the binary on the PATH, and must print exactly the lines after it.
#[test]
fn readme_pack_example_runs() {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md")).unwrap();
    let (_, rest) = readme.split_once("<!-- cli-example: pack -->").expect("the README marks the example");
    let block = rest.split_once("```sh\n").unwrap().1.split_once("```").unwrap().0;
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_hayanagi")).parent().unwrap();
    let path = format!("{}:{}", bin_dir.display(), std::env::var("PATH").unwrap_or_default());
    let mut commands = 0;
    let mut lines = block.lines().peekable();
    while let Some(line) = lines.next() {
        let command = line.strip_prefix("$ ").unwrap_or_else(|| panic!("expected a command, found {line:?}"));
        let mut expected = String::new();
        while let Some(next) = lines.next_if(|l| !l.starts_with("$ ")) {
            expected.push_str(next);
            expected.push('\n');
        }
        let output = Command::new("sh").arg("-c").arg(command).env("PATH", &path).output().unwrap();
        let got = format!("{}{}", text(&output.stdout), text(&output.stderr));
        assert_eq!(got, expected, "README command {command:?}");
        commands += 1;
    }
    assert!(commands >= 3);
}
