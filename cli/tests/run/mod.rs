//! Runs the `hayanagi` binary as a user runs it, for the CLI test files.

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
