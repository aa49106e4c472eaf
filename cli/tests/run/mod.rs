//! Runs the `hayanagi` binary as a user runs it, for the CLI test files.

// Each test file uses the helpers it needs.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::thread;

/// Runs the binary with `args`, `stdin` written to it, and returns its exit status, stdout and stderr.
pub fn hayanagi(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hayanagi"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut input = child.stdin.take().expect("stdin is piped");
    let stdin = stdin.to_vec();
    // Written from another thread so that a large input cannot deadlock against a full stdout pipe.
    let writer = thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let output = child.wait_with_output().expect("the binary runs");
    writer.join().expect("the writer thread ends");
    output
}

/// Runs a command that must succeed, with no input, and returns its stdout.
pub fn stdout_of(args: &[&str]) -> String {
    let output = hayanagi(args, b"");
    assert!(output.status.success(), "{args:?}: {:?} {}", output.status, String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// Runs a command that must be refused: exit status 2, nothing on stdout, one `hayanagi: ` line on
/// stderr and no panic text; returns that line.
pub fn fails(args: &[&str]) -> String {
    let output = hayanagi(args, b"");
    assert_eq!(output.status.code(), Some(2), "{args:?}");
    assert!(output.stdout.is_empty(), "{args:?}");
    let stderr = String::from_utf8(output.stderr).expect("UTF-8");
    assert!(stderr.starts_with("hayanagi: ") && !stderr.contains("panicked"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    stderr
}
