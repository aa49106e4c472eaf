//! The `hayanagi` binary (docs/RULES.md R107–R111), run as a user runs it: arguments in, stdout, stderr
//! and the exit status out.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

mod run;
use run::hayanagi;

const STARTPOS_SFEN: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
/// docs/RULES.md R114: the "matsuri" position (207 / 28,684 / 4,809,015 ...).
const MATSURI: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";
/// docs/RULES.md R19: the position with the most legal moves, 593.
const MAX_MOVES: &str = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";
/// White to move, checked by the gold on 5b, which the pawn on 5c guards: mate.
const MATE: &str = "4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1";
/// Black has no piece at all (a tsume-style position without an attacking king): no moves, no check.
const NO_MOVES: &str = "4k4/9/9/9/9/9/9/9/9 b - 1";

fn text(bytes: &[u8]) -> &str {
    std::str::from_utf8(bytes).expect("output is UTF-8")
}

/// Runs a command that must succeed, and returns its stdout.
fn succeed(args: &[&str]) -> String {
    let output = hayanagi(args, b"");
    assert!(output.status.success(), "{args:?}: {:?}, stderr {}", output.status, text(&output.stderr));
    assert_no_panic(&output);
    text(&output.stdout).to_string()
}

fn assert_no_panic(output: &Output) {
    let stderr = text(&output.stderr);
    assert!(!stderr.contains("panicked") && !stderr.contains("RUST_BACKTRACE"), "panic text on stderr: {stderr}");
}

/// The number on the last stdout line `Nodes searched: <N>`.
fn nodes_searched(stdout: &str) -> u64 {
    let last = stdout.lines().last().expect("perft prints at least one line");
    let count = last.strip_prefix("Nodes searched: ").unwrap_or_else(|| panic!("last line is {last:?}"));
    count.parse().expect("a node count")
}

fn perft(depth: u32, flags: &[&str], position: &str) -> String {
    let depth = depth.to_string();
    let mut args = vec!["perft", depth.as_str()];
    args.extend_from_slice(flags);
    args.push(position);
    succeed(&args)
}

/// The `<usi>: <count>` lines of `--divide`, in output order.
fn divide_lines(stdout: &str) -> Vec<(String, u64)> {
    let lines: Vec<&str> = stdout.lines().collect();
    let (_total, moves) = lines.split_last().expect("a total line");
    moves
        .iter()
        .map(|line| {
            let (usi, count) = line.split_once(": ").unwrap_or_else(|| panic!("divide line {line:?}"));
            (usi.to_string(), count.parse().unwrap_or_else(|_| panic!("divide count in {line:?}")))
        })
        .collect()
}

// ----- perft -----

#[test]
fn perft_startpos_depths_1_to_3_match_the_reference() {
    for (depth, expected) in [(1, 30), (2, 900), (3, 25_470)] {
        assert_eq!(nodes_searched(&perft(depth, &[], "startpos")), expected, "depth {depth}");
    }
    // Depth 0 is the position itself.
    assert_eq!(nodes_searched(&perft(0, &[], "startpos")), 1);
}

#[test]
fn perft_reports_time_and_speed_on_stderr_only() {
    let output = hayanagi(&["perft", "2", "startpos"], b"");
    assert!(output.status.success());
    assert_eq!(text(&output.stdout), "Nodes searched: 900\n");
    let stderr = text(&output.stderr);
    assert!(stderr.contains("nodes/s") && stderr.contains(" s"), "stderr: {stderr}");
}

#[test]
fn divide_lists_every_root_move_sorted_and_adds_up() {
    let stdout = perft(3, &["--divide"], "startpos");
    let lines = divide_lines(&stdout);
    let moves: Vec<String> = succeed(&["moves", "startpos"]).lines().map(str::to_string).collect();
    let divided: Vec<String> = lines.iter().map(|(usi, _)| usi.clone()).collect();
    assert_eq!(divided, moves, "one line per legal root move, in byte order");
    let total: u64 = lines.iter().map(|&(_, count)| count).sum();
    assert_eq!(total, 25_470);
    assert_eq!(nodes_searched(&stdout), total);
    // Each line is the perft of the position after that move.
    for (usi, count) in lines.iter().step_by(7) {
        let after = format!("startpos moves {usi}");
        assert_eq!(nodes_searched(&perft(2, &[], &after)), *count, "after {usi}");
    }
}

#[test]
fn no_bulk_counts_the_same_as_bulk() {
    for (position, depth) in [("startpos", 3), (MATSURI, 2)] {
        let bulk = perft(depth, &["--divide"], position);
        let no_bulk = perft(depth, &["--divide", "--no-bulk"], position);
        assert_eq!(bulk, no_bulk, "{position}");
        let flags_first = perft(depth, &["--no-bulk"], position);
        assert_eq!(nodes_searched(&flags_first), nodes_searched(&bulk));
    }
}

#[test]
fn perft_matsuri_depths_1_and_2_match_the_reference() {
    assert_eq!(nodes_searched(&perft(1, &[], MATSURI)), 207);
    let stdout = perft(2, &["--divide"], MATSURI);
    assert_eq!(nodes_searched(&stdout), 28_684);
    assert_eq!(divide_lines(&stdout).len(), 207);
}

#[test]
fn the_593_position_has_593_moves() {
    assert_eq!(nodes_searched(&perft(1, &[], MAX_MOVES)), 593);
    let moves = succeed(&["moves", MAX_MOVES]);
    let lines: Vec<&str> = moves.lines().collect();
    assert_eq!(lines.len(), 593);
    assert!(lines.windows(2).all(|pair| pair[0] < pair[1]), "sorted, no duplicates");
}

// ----- moves and positions on the command line -----

#[test]
fn moves_of_startpos_are_sorted_usi() {
    let stdout = succeed(&["moves", "startpos"]);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 30);
    assert!(lines.windows(2).all(|pair| pair[0] < pair[1]), "sorted, no duplicates: {lines:?}");
    for usi in ["1g1f", "7g7f", "9i9h", "2h7h", "5i4h", "3i4h"] {
        assert!(lines.contains(&usi), "{usi} missing");
    }
    assert!(!lines.iter().any(|usi| usi.starts_with("8h") || usi.starts_with("8i")), "blocked pieces move: {lines:?}");
}

#[test]
fn position_words_may_be_split_across_arguments() {
    let one = succeed(&["moves", "position startpos moves 7g7f"]);
    let split = succeed(&["moves", "position", "startpos", "moves", "7g7f"]);
    let partly = succeed(&["moves", "startpos moves", "7g7f"]);
    assert_eq!(one, split);
    assert_eq!(one, partly);
    // White to move after 7g7f: every move is one of White's.
    assert_eq!(split.lines().count(), 30);
    assert!(split.lines().any(|usi| usi == "3c3d"));
    assert_eq!(nodes_searched(&succeed(&["perft", "1", "position", "startpos", "moves", "7g7f"])), 30);
    // A plain SFEN split into its fields.
    let fields: Vec<&str> = STARTPOS_SFEN.split(' ').collect();
    let mut args = vec!["moves"];
    args.extend(&fields);
    assert_eq!(succeed(&args), succeed(&["moves", "startpos"]));
    let mut args = vec!["moves", "sfen"];
    args.extend(&fields);
    args.extend(["moves", "7g7f"]);
    assert_eq!(succeed(&args), one);
}

#[test]
fn three_field_sfen_means_ply_1() {
    let three = STARTPOS_SFEN.strip_suffix(" 1").expect("4 fields");
    assert_eq!(succeed(&["moves", three]), succeed(&["moves", "startpos"]));
}

// ----- analyze -----

/// One `analyze` output line split into its fields, checked for format.
struct Analysis {
    sfen: String,
    key: String,
    in_check: bool,
    status: String,
    moves: Vec<String>,
}

fn parse_analysis(line: &str) -> Analysis {
    let fields: Vec<&str> = line.split('\t').collect();
    assert_eq!(fields.len(), 6, "six tab-separated fields: {line:?}");
    assert_eq!(fields[0], "ok");
    assert_eq!(fields[1].split(' ').count(), 4, "4-field SFEN: {line:?}");
    let key = fields[2];
    assert!(key.len() == 16 && key.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')), "key {key:?}");
    let in_check = match fields[3] {
        "0" => false,
        "1" => true,
        other => panic!("in-check field {other:?}"),
    };
    let status = fields[4];
    let statuses = ["none", "mate", "no_moves", "draw_repetition", "win_perpetual_check", "loss_perpetual_check"];
    assert!(statuses.contains(&status), "status {status:?}");
    let moves: Vec<String> =
        if fields[5].is_empty() { Vec::new() } else { fields[5].split(' ').map(str::to_string).collect() };
    assert!(moves.windows(2).all(|pair| pair[0] < pair[1]), "moves sorted by byte order: {line:?}");
    Analysis { sfen: fields[1].into(), key: key.into(), in_check, status: status.into(), moves }
}

fn analyze(input: &[u8]) -> Vec<String> {
    let output = hayanagi(&["analyze"], input);
    assert!(output.status.success(), "{:?} {}", output.status, text(&output.stderr));
    assert_no_panic(&output);
    let stdout = text(&output.stdout);
    assert!(stdout.is_empty() || stdout.ends_with('\n'), "every line ends in a newline");
    stdout.lines().map(str::to_string).collect()
}

#[test]
fn analyze_answers_every_line_and_goes_on_after_bad_ones() {
    let lines: &[(&[u8], bool)] = &[
        (b"startpos", true),
        (b"", false),
        (b"startpos moves 7g7f 3c3d", true),
        (b"not a position", false),
        (b"position startpos moves 7g7f 7g7f", false), // 7g7f again is not legal
        (STARTPOS_SFEN.as_bytes(), true),
        (b"\xff\xfe startpos", false),
        (b"sfen 9/9/9/9/9/9/9/9/9 b - 1 trailing", false),
        (MATE.as_bytes(), true),
        (b"\t", false),
        (b"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1", false),
        (b"position startpos moves 7g7f", true),
        (NO_MOVES.as_bytes(), true),
        (b"startpos moves 7g7f\r", true), // this line ends in \r\n
        (MATSURI.as_bytes(), true),
    ];
    let mut input = Vec::new();
    for (line, _) in lines {
        input.extend_from_slice(line);
        input.push(b'\n');
    }
    let output = analyze(&input);
    assert_eq!(output.len(), lines.len(), "one output line per input line: {output:#?}");
    for ((line, good), answer) in lines.iter().zip(&output) {
        if *good {
            parse_analysis(answer);
        } else {
            let message = answer.strip_prefix("error\t").unwrap_or_else(|| panic!("{line:?} gave {answer:?}"));
            assert!(!message.is_empty() && !message.contains('\t'), "one message field: {answer:?}");
        }
    }
    let start = parse_analysis(&output[0]);
    assert_eq!(start.sfen, STARTPOS_SFEN);
    assert_eq!((start.in_check, start.status.as_str(), start.moves.len()), (false, "none", 30));
    assert_eq!(start.moves.join("\n") + "\n", succeed(&["moves", "startpos"]));
    assert_eq!(parse_analysis(&output[5]).key, start.key, "startpos and its SFEN are one position");
    let after_two = parse_analysis(&output[2]);
    assert_eq!(after_two.sfen, "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3");
    assert_ne!(after_two.key, start.key);
    let mate = parse_analysis(&output[8]);
    assert_eq!((mate.in_check, mate.status.as_str(), mate.moves.len()), (true, "mate", 0));
    assert!(output[8].ends_with("\tmate\t"), "empty moves field: {:?}", output[8]);
    let after_one = parse_analysis(&output[11]);
    assert_eq!(after_one.sfen.split(' ').nth(1), Some("w"));
    assert_eq!(parse_analysis(&output[13]).sfen, after_one.sfen, "\\r\\n line ends are accepted");
    let no_moves = parse_analysis(&output[12]);
    assert_eq!((no_moves.in_check, no_moves.status.as_str(), no_moves.moves.len()), (false, "no_moves", 0));
    assert_eq!(parse_analysis(&output[14]).moves.len(), 207);
}

#[test]
fn analyze_sees_transpositions_as_one_position() {
    let output = analyze(b"startpos moves 7g7f 3c3d 2g2f\r\nstartpos moves 2g2f 3c3d 7g7f\nstartpos moves 2g2f 3c3d\n");
    assert_eq!(output.len(), 3);
    let (a, b, c) = (parse_analysis(&output[0]), parse_analysis(&output[1]), parse_analysis(&output[2]));
    assert_eq!((a.sfen.as_str(), a.key.as_str()), (b.sfen.as_str(), b.key.as_str()));
    assert_ne!(a.key, c.key);
    // The SFEN it prints reads back as the same position.
    let again = analyze(format!("{}\nsfen {}\n", a.sfen, a.sfen).as_bytes());
    for line in &again {
        let back = parse_analysis(line);
        assert_eq!((back.sfen, back.key, back.moves), (a.sfen.clone(), a.key.clone(), a.moves.clone()));
    }
}

#[test]
fn analyze_sees_repetition_through_the_moves_list() {
    let shuffle = "6i6h 4a4b 6h6i 4b4a";
    let three = format!("startpos moves {shuffle} {shuffle} {shuffle}");
    // Black rook checks from file 1 and file 2 in turn; White's king steps between 1a and 2a.
    let checks = "sfen 8k/9/9/9/9/9/9/9/K6R1 b - 1 moves";
    let cycle = "2i1i 1a2a 1i2i 2a1a";
    let input = [
        format!("startpos moves {shuffle} {shuffle}"), // the start position a third time: nothing yet
        three.clone(),                                 // a fourth time
        format!("{three} 7g7f"),                       // a new position
        three.replace("startpos moves", &format!("sfen {STARTPOS_SFEN} moves")),
        format!("{checks} {cycle} {cycle} {cycle}"), // 4th time, every move of Black (to move) was a check
        format!("{checks} {cycle} {cycle} {cycle} 2i1i"), // the same for White to move: its opponent checked
        format!("{checks} {cycle} {cycle}"),
    ]
    .join("\n");
    let statuses: Vec<String> = analyze(input.as_bytes()).iter().map(|line| parse_analysis(line).status).collect();
    let expected =
        ["none", "draw_repetition", "none", "draw_repetition", "loss_perpetual_check", "win_perpetual_check", "none"];
    assert_eq!(statuses, expected);
}

#[test]
fn analyze_edge_inputs() {
    // Nothing in, nothing out; a last line without a newline still counts; blank lines are errors.
    assert!(analyze(b"").is_empty());
    assert_eq!(analyze(b"startpos").len(), 1);
    let blank = analyze(b"\n\r\n\n");
    assert_eq!(blank.len(), 3);
    assert!(blank.iter().all(|line| line.starts_with("error\t")), "{blank:?}");
    // A line of several MiB is one error line; the next line is read as usual.
    let mut huge = b"startpos\n".to_vec();
    huge.resize(huge.len() + (3 << 20), b'x');
    huge.extend_from_slice(b"\nstartpos moves 7g7f\n");
    let answers = analyze(&huge);
    assert_eq!(answers.len(), 3);
    assert!(answers[1].starts_with("error\t") && answers[1].len() < 200, "{:.200}", answers[1]);
    assert_eq!(parse_analysis(&answers[2]).sfen.split(' ').nth(1), Some("w"));
}

#[test]
fn analyze_answers_each_line_before_the_next_arrives() {
    let mut child = spawn_analyze();
    let mut input = child.stdin.take().expect("stdin is piped");
    let mut output = BufReader::new(child.stdout.take().expect("stdout is piped"));
    let (send, receive) = mpsc::channel();
    let reader = thread::spawn(move || {
        for _ in 0..2 {
            let mut line = String::new();
            let _ = output.read_line(&mut line);
            if send.send(line).is_err() {
                break;
            }
        }
    });
    for (question, answer_start) in [("startpos\n", "ok\t"), ("nonsense\n", "error\t")] {
        input.write_all(question.as_bytes()).expect("write a line");
        input.flush().expect("flush it");
        let answer = receive.recv_timeout(Duration::from_secs(20)).expect("an answer while stdin is still open");
        assert!(answer.starts_with(answer_start), "{question:?} gave {answer:?}");
    }
    drop(input);
    assert!(child.wait().expect("it exits").success());
    reader.join().expect("the reader thread ends");
}

#[test]
fn closed_stdout_is_a_quiet_exit() {
    let mut child = spawn_analyze();
    let mut input = child.stdin.take().expect("stdin is piped");
    // Far more output than a pipe holds, so that the binary is still writing when we stop reading.
    let writer = thread::spawn(move || {
        for _ in 0..20_000 {
            if input.write_all(b"startpos\n").is_err() {
                break;
            }
        }
    });
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let mut first = [0u8; 3];
    stdout.read_exact(&mut first).expect("some output");
    assert_eq!(&first, b"ok\t");
    drop(stdout);
    let mut stderr = String::new();
    child.stderr.take().expect("stderr is piped").read_to_string(&mut stderr).expect("stderr");
    let status = child.wait().expect("it exits");
    writer.join().expect("the writer thread ends");
    assert!(status.success(), "{status:?}, stderr {stderr}");
    assert_eq!(stderr, "", "nothing to say to nobody");
}

// ----- errors and help -----

#[test]
fn every_error_exits_2_with_one_stderr_line() {
    let too_deep = (u64::MAX).to_string() + "0";
    let cases: &[&[&str]] = &[
        &["frobnicate"],
        &["perft"],
        &["perft", "3"],
        &["perft", "x", "startpos"],
        &["perft", "-1", "startpos"],
        &["perft", "+3", "startpos"],
        &["perft", "3.0", "startpos"],
        &["perft", "", "startpos"],
        &["perft", "21", "startpos"],
        &["perft", &too_deep, "startpos"],
        &["perft", "3", "--bogus", "startpos"],
        &["perft", "1", "startpos", "moves", "7g7f", "7g7f"],
        &["perft", "1", "position", "startpos", "extra"],
        &["moves"],
        &["moves", "--divide", "startpos"],
        &["moves", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b"],
        &["moves", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 0"],
        &["moves", "sfen", "9/9/9/9/9/9/9/9/9", "b", "-"],
        &["moves", "startpos", "moves", "p*5e"],
        &["moves", "position"],
        &["moves", "9/9/9/9/9/9/9/9/9 b - 1\n"],
        &["analyze", "startpos"],
        &["moves", "handicap"],
        &["moves", "handicap", "queen"],
        &["moves", "handicap", "lance", "7g7f"],
        &["moves", "handicap", "lance", "moves", "7g7f"],
        &["moves", "position", "handicap", "two-pieces", "moves", "5a4b", "5a4b"],
        &["handicaps", "lance"],
    ];
    for args in cases {
        let output = hayanagi(args, b"");
        assert_eq!(output.status.code(), Some(2), "{args:?}: {:?}", output.status);
        assert_no_panic(&output);
        assert_eq!(text(&output.stdout), "", "{args:?}: nothing on stdout");
        let stderr = text(&output.stderr);
        assert!(stderr.starts_with("hayanagi: ") && stderr.ends_with('\n'), "{args:?}: stderr {stderr:?}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: one stderr line, got {stderr:?}");
    }
}

#[cfg(unix)]
#[test]
fn a_non_utf8_argument_is_an_error_not_a_panic() {
    use std::os::unix::ffi::OsStrExt;
    let output = Command::new(env!("CARGO_BIN_EXE_hayanagi"))
        .arg("moves")
        .arg(std::ffi::OsStr::from_bytes(b"startpos\xff"))
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(2));
    assert_no_panic(&output);
    assert_eq!(text(&output.stderr).lines().count(), 1);
}

#[test]
fn no_arguments_prints_usage_on_stderr_and_fails() {
    let output = hayanagi(&[], b"");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(text(&output.stdout), "");
    assert!(text(&output.stderr).contains("hayanagi perft <depth>"), "usage on stderr");
}

#[test]
fn help_prints_usage_on_stdout() {
    for flag in ["--help", "-h"] {
        for args in [&[flag][..], &["perft", flag], &["analyze", flag]] {
            let output = hayanagi(args, b"");
            assert!(output.status.success(), "{args:?}");
            let usage = text(&output.stdout);
            for command in ["hayanagi perft", "hayanagi moves", "hayanagi analyze", "--divide", "--no-bulk"] {
                assert!(usage.contains(command), "{args:?}: usage lacks {command}");
            }
            assert_eq!(text(&output.stderr), "");
        }
    }
}

/// `hayanagi analyze` with all three streams piped.
fn spawn_analyze() -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_hayanagi"))
        .arg("analyze")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts")
}

#[test]
fn handicaps_lists_the_standard_start_positions() {
    let stdout = succeed(&["handicaps"]);
    let lines: Vec<Vec<&str>> = stdout.lines().map(|line| line.split('\t').collect()).collect();
    assert_eq!(lines.len(), 16);
    assert!(lines.iter().all(|fields| fields.len() == 3), "{stdout}");
    let find = |name: &str| lines.iter().find(|fields| fields[0] == name).map(|fields| (fields[1], fields[2]));
    assert_eq!(find("lance"), Some(("香落ち", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1")));
    assert_eq!(find("ten-pieces"), Some(("十枚落ち", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1")));
    assert_eq!(find("three-pawns"), Some(("歩三兵", "4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w 3p 1")));
    // Every name is a position, by its name and by its Japanese name, the same as its SFEN.
    for fields in &lines {
        let by_sfen = perft(2, &[], fields[2]);
        assert_eq!(perft(2, &[], &format!("handicap {}", fields[0])), by_sfen, "{}", fields[0]);
        assert_eq!(perft(2, &[], &format!("position handicap {}", fields[1])), by_sfen, "{}", fields[1]);
    }
}

#[test]
fn handicap_positions_take_a_moves_list() {
    let sfen = "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1";
    let by_sfen = succeed(&["moves", "sfen", sfen, "moves", "5a4b", "7g7f"]);
    assert_eq!(succeed(&["moves", "handicap", "two-pieces", "moves", "5a4b", "7g7f"]), by_sfen);
    // The README's example; the count is cshogi's for the same position.
    assert_eq!(nodes_searched(&perft(3, &[], "handicap two-pieces moves 5a4b")), 22_076);
    let lines = analyze(b"handicap two-pieces moves 5a4b 7g7f\n");
    assert_eq!(lines.len(), 1);
    let analysis = parse_analysis(&lines[0]);
    assert_eq!(analysis.sfen, "lnsg1gsnl/5k3/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 3");
}

// ----- convert -----

fn repo(path: &str) -> String {
    format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn convert_reads_every_format_and_writes_every_format() {
    let usi = "startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e";
    let mut texts = Vec::new();
    for to in ["csa", "kif", "ki2", "usi"] {
        let output = hayanagi(&["convert", "--to", to], usi.as_bytes());
        assert!(output.status.success(), "{to}: {}", text(&output.stderr));
        texts.push(output.stdout);
    }
    for (written, shift_jis) in texts.iter().zip([false, true, false, false]) {
        let mut input = written.clone();
        if shift_jis {
            let kif = hayanagi(&["convert", "--to", "kif", "--encoding", "shift_jis"], usi.as_bytes());
            assert!(std::str::from_utf8(&kif.stdout).is_err(), "Shift_JIS output");
            input = kif.stdout;
        }
        let output = hayanagi(&["convert", "--to", "usi"], &input);
        assert_eq!(text(&output.stdout), format!("{usi}\n"), "from {}", String::from_utf8_lossy(written));
    }
}

#[test]
fn convert_reports_the_line_and_column_and_exits_2() {
    let output = hayanagi(&["convert", "--to", "usi"], "手合割：平手\n   1 ７六歩(77)\n   2 ７六歩(77)\n".as_bytes());
    assert_eq!(output.status.code(), Some(2));
    assert_no_panic(&output);
    assert_eq!(
        text(&output.stderr),
        "hayanagi: stdin: line 3, column 6: move: no legal move fits (read as KIF: a line is a numbered KIF move)\n"
    );
    let output = hayanagi(&["convert", "--to", "xyz"], b"");
    assert_eq!(output.status.code(), Some(2));
    let output = hayanagi(&["convert", "--to", "usi", "/nonexistent/file.kif"], b"");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn convert_picks_a_game_of_a_csa_file_and_names_the_others() {
    let csa = "V2.2\nPI\n+\n+7776FU\n/\nPI\n+\n+2726FU\n";
    let output = hayanagi(&["convert", "--to", "usi"], csa.as_bytes());
    assert_eq!(text(&output.stdout), "startpos moves 7g7f\n");
    assert!(text(&output.stderr).contains("holds 2 games"), "{}", text(&output.stderr));
    let output = hayanagi(&["convert", "--to", "usi", "--game", "2"], csa.as_bytes());
    assert_eq!((text(&output.stdout), text(&output.stderr)), ("startpos moves 2g2f\n", ""));
    let output = hayanagi(&["convert", "--to", "usi", "--game", "3"], csa.as_bytes());
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn convert_keeps_variations_where_the_format_can_and_says_what_it_drops() {
    let kif = "   1 ７六歩(77)\n   2 ３四歩(33)\n\n変化：2手\n   2 ８四歩(83)\n   3 ６八銀(79)\n\n変化：3手\n   3 ２六歩(27)\n";
    for to in ["kif", "ki2"] {
        let output = hayanagi(&["convert", "--to", to], kif.as_bytes());
        assert!(text(&output.stdout).contains("変化：2手\n") && text(&output.stdout).contains("変化：3手\n"), "{to}");
        assert_eq!(text(&output.stderr), "", "{to}");
    }
    let jkf = hayanagi(&["convert", "--to", "jkf"], kif.as_bytes());
    assert_eq!(text(&jkf.stdout).matches("\"forks\"").count(), 2, "{}", text(&jkf.stdout));
    let back = hayanagi(&["convert", "--to", "kif"], &jkf.stdout);
    assert!(text(&back.stdout).contains("変化：2手\n") && text(&back.stdout).contains("変化：3手\n"));
    let output = hayanagi(&["convert", "--to", "csa"], kif.as_bytes());
    assert!(output.status.success());
    assert_eq!(
        text(&output.stderr),
        "hayanagi: stdin: 2 variation(s) dropped (CSA holds only the main line; --main-line drops them without this note)\n"
    );
    let output = hayanagi(&["convert", "--to", "usi", "--main-line"], kif.as_bytes());
    assert_eq!((text(&output.stdout), text(&output.stderr)), ("startpos moves 7g7f 3c3d\n", ""));
    let output = hayanagi(&["convert", "--to", "kif", "--main-line"], kif.as_bytes());
    assert!(!text(&output.stdout).contains("変化"));
}

/// The `convert` examples of the README, run as written: `$ ` lines are commands (optionally fed
/// by `printf '...' |`), the lines after them their exact output.
#[test]
fn readme_convert_examples() {
    let readme = std::fs::read_to_string(repo("README.md")).unwrap();
    let block = readme.split("<!-- convert examples -->").nth(1).expect("the README has convert examples");
    let block = block.split("```sh\n").nth(1).unwrap().split("```").next().unwrap();
    let mut runs = 0;
    let mut lines = block.lines().peekable();
    while let Some(line) = lines.next() {
        let command = line.strip_prefix("$ ").expect("a command line");
        let mut expected = String::new();
        while let Some(next) = lines.peek().filter(|l| !l.starts_with("$ ")) {
            expected.push_str(next);
            expected.push('\n');
            lines.next();
        }
        let (stdin, args) = match command.strip_prefix("printf '") {
            Some(rest) => {
                let (input, rest) = rest.split_once("' | ").unwrap();
                (input.replace("\\n", "\n"), rest)
            }
            None => (String::new(), command),
        };
        let args: Vec<String> =
            args.split_whitespace().skip(1).map(|a| if a.contains('/') { repo(a) } else { a.to_string() }).collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = hayanagi(&args, stdin.as_bytes());
        assert!(output.status.success(), "{command}: {}", text(&output.stderr));
        assert_eq!(text(&output.stdout), expected, "{command}");
        runs += 1;
    }
    assert!(runs >= 3);
}
