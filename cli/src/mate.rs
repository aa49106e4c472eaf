//! `hayanagi mate <plies> <position>`: the mating line within 1 or 3 plies, or `none`; and
//! `hayanagi mate dfpn [options] <position>`: the tsume solver ([`hayanagi::TsumeSolver`]).

use std::io::{self, Write};
use std::time::{Duration, Instant};

use hayanagi::{Move, PieceKind, Position, Square, TsumeAlternative, TsumeAnswer, TsumeEntry, TsumeSolver, TsumeStats};

use crate::{Failure, position_from_words, unknown_option};

/// Prints the line [`hayanagi::Position::mate_in_1`] or [`hayanagi::Position::mate_in_3`] finds, in
/// USI, space-separated, or `none`; `dfpn` runs the tsume solver.
pub(crate) fn mate_command(args: &[String]) -> Result<(), Failure> {
    if args.first().map(String::as_str) == Some("dfpn") {
        return dfpn_command(args.get(1..).unwrap_or(&[]));
    }
    if let Some(option) = args.iter().find(|arg| arg.starts_with("--")) {
        return Err(unknown_option(option));
    }
    let Some((plies, words)) = args.split_first() else {
        return Err(Failure::BadArguments("mate needs a number of plies (1 or 3) and a position".into()));
    };
    let plies = match plies.as_str() {
        "1" => 1,
        "3" => 3,
        other => return Err(Failure::BadArguments(format!("mate searches 1 or 3 plies, got {other:?}"))),
    };
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let pos = position_from_words(&words)?;
    let line = if plies == 1 {
        pos.mate_in_1().map(|mv| mv.to_string())
    } else {
        pos.mate_in_3().map(|line| line.to_string())
    };
    let mut out = io::stdout().lock();
    writeln!(out, "{}", line.as_deref().unwrap_or("none"))?;
    out.flush()?;
    Ok(())
}

/// The options of `mate dfpn`.
struct Options {
    table_mb: u64,
    nodes: u64,
    time_ms: Option<u64>,
    cpu_ms: Option<u64>,
    depth: u32,
    quiet: bool,
    rest: bool,
    shortest: bool,
    alternatives: bool,
    counting: hayanagi::TsumeCounting,
}

fn number(option: &str, value: Option<&String>) -> Result<u64, Failure> {
    let value = value.ok_or_else(|| Failure::BadArguments(format!("{option} needs a number")))?;
    value.parse().map_err(|_| Failure::BadArguments(format!("{option} needs a number, got {value:?}")))
}

/// `hayanagi mate dfpn [--table-mb N] [--nodes N] [--time-ms N] [--cpu-ms N] [--depth N] [--rest]
/// [--shortest [--no-useless]] [--alternatives] [--quiet] <position>`: prints `mate <plies> <line>`,
/// `nomate` or `unknown <reason>` on stdout, the statistics after it, and progress on stderr.
fn dfpn_command(args: &[String]) -> Result<(), Failure> {
    let mut options = Options {
        table_mb: 256,
        nodes: u64::MAX,
        time_ms: None,
        cpu_ms: None,
        depth: 4_000,
        quiet: false,
        rest: false,
        shortest: false,
        alternatives: false,
        counting: hayanagi::TsumeCounting::Strict,
    };
    let mut words = Vec::new();
    let mut i = 0;
    while let Some(arg) = args.get(i) {
        match arg.as_str() {
            "--table-mb" => {
                options.table_mb = number(arg, args.get(i + 1))?;
                i += 1;
            }
            "--nodes" => {
                options.nodes = number(arg, args.get(i + 1))?;
                i += 1;
            }
            "--time-ms" => {
                options.time_ms = Some(number(arg, args.get(i + 1))?);
                i += 1;
            }
            "--cpu-ms" => {
                options.cpu_ms = Some(number(arg, args.get(i + 1))?);
                i += 1;
            }
            "--depth" => {
                let depth = number(arg, args.get(i + 1))?;
                options.depth = u32::try_from(depth)
                    .ok()
                    .filter(|&d| d <= 100_000)
                    .ok_or_else(|| Failure::BadArguments(format!("--depth is at most 100000, got {depth}")))?;
                i += 1;
            }
            "--quiet" => options.quiet = true,
            "--rest" => options.rest = true,
            "--shortest" => options.shortest = true,
            "--alternatives" => options.alternatives = true,
            "--no-useless" => options.counting = hayanagi::TsumeCounting::UselessInterpositionsFree,
            option if option.starts_with("--") => return Err(unknown_option(option)),
            word => words.push(word),
        }
        i += 1;
    }
    let mut pos = position_from_words(&words)?;
    if options.rest {
        pos = TsumeSolver::give_rest_to_defender(&pos).map_err(|e| Failure::BadArguments(e.to_string()))?;
    }
    // Each ply of the search takes about 1.7 KB of stack: run it on a thread with room for the depth.
    let stack = usize::try_from(options.depth).unwrap_or(usize::MAX).saturating_mul(2048).saturating_add(16 << 20);
    let worker = std::thread::Builder::new().stack_size(stack).spawn(move || solve(&pos, &options))?;
    match worker.join() {
        Ok(result) => result,
        Err(_) => Err(Failure::BadArguments("the solver thread failed".into())),
    }
}

fn solve(pos: &Position, options: &Options) -> Result<(), Failure> {
    let entries = usize::try_from(options.table_mb.saturating_mul(1 << 20) / size_of::<TsumeEntry>() as u64)
        .map_err(|_| Failure::BadArguments("--table-mb too large".into()))?;
    let mut table = vec![TsumeEntry::EMPTY; entries];
    let placeholder =
        Move::drop(PieceKind::Gold, Square::SQ_5E).ok_or(Failure::BadArguments("no placeholder".into()))?;
    let mut line = vec![placeholder; 65_536];
    let solver = TsumeSolver::new(&mut table).with_node_limit(options.nodes).with_max_depth(options.depth);
    let start = Instant::now();
    let deadline = options.time_ms.map(|ms| start + Duration::from_millis(ms));
    let cpu_start = thread_cpu_time();
    let cpu_limit = options.cpu_ms.map(Duration::from_millis);
    // The solver thread's CPU time since the start (the wall clock where the system does not say).
    let cpu = move || match (cpu_start, thread_cpu_time()) {
        (Some(start), Some(now)) => Some(now.saturating_sub(start)),
        _ => None,
    };
    let mut last_report = start;
    let quiet = options.quiet;
    let mut solver = solver.with_counting(options.counting);
    let stop = |stats: &TsumeStats| {
        let now = Instant::now();
        let used = cpu();
        if !quiet && now.duration_since(last_report) >= Duration::from_secs(1) {
            last_report = now;
            eprintln!("{}", progress(stats, now.duration_since(start), used));
        }
        deadline.is_some_and(|deadline| now >= deadline)
            || cpu_limit.is_some_and(|limit| used.unwrap_or_else(|| now.duration_since(start)) >= limit)
    };
    let mut shortest = None;
    let answer = if options.shortest {
        let found =
            solver.solve_shortest_with_stop(pos, &mut line, stop).map_err(|e| Failure::BadArguments(e.to_string()))?;
        shortest = Some((found.length, found.minimal, found.first_proof));
        found.answer
    } else {
        solver.solve_with_stop(pos, &mut line, stop).map_err(|e| Failure::BadArguments(e.to_string()))?
    };
    let elapsed = start.elapsed();
    let stats = solver.stats();
    let mut out = io::stdout().lock();
    match answer {
        TsumeAnswer::Mate(moves) => {
            let text: Vec<String> = moves.iter().map(Move::to_string).collect();
            match shortest {
                // `mate <counted length> <line>`; after the statistics `shortest minimal|upper_bound ...`.
                Some((length, _, _)) => writeln!(out, "mate {} {}", length, text.join(" "))?,
                None => writeln!(out, "mate {} {}", moves.len(), text.join(" "))?,
            }
        }
        TsumeAnswer::NoMate => writeln!(out, "nomate")?,
        TsumeAnswer::Unknown(reason) => {
            let reason = if (deadline.is_some() || cpu_limit.is_some()) && reason == hayanagi::TsumeUnknown::Stopped {
                "time limit reached".to_string()
            } else {
                reason.to_string()
            };
            writeln!(out, "unknown {reason}")?;
        }
    }
    writeln!(out, "{}", progress(&stats, elapsed, cpu()))?;
    if let (Some((_, minimal, first)), TsumeAnswer::Mate(moves)) = (shortest, answer) {
        let kind = if minimal { "minimal" } else { "upper_bound" };
        writeln!(out, "shortest {kind} line_plies {} first_proof {first}", moves.len())?;
    }
    if let (true, TsumeAnswer::Mate(moves)) = (options.alternatives, answer) {
        let length = shortest.map_or(moves.len(), |(length, _, _)| usize::from(length));
        let moves = moves.to_vec();
        drop(out);
        print_alternatives(&mut solver, pos, &moves, length)?;
    }
    io::stdout().lock().flush()?;
    Ok(())
}

/// The most alternatives `--alternatives` reports.
const MAX_ALTERNATIVES: usize = 1024;

/// `--alternatives`: the alternative mates (余詰) along the mating line `line` of counted `length`,
/// one line each, `alternative <ply> <move> line <the mating line through it>` (or `line unknown`
/// when a limit kept its continuation from being read), then `alternatives <count>` or
/// `alternatives unknown <reason>` (the ones found before the search stopped printed first).
fn print_alternatives(
    solver: &mut TsumeSolver<'_>,
    pos: &Position,
    line: &[Move],
    length: usize,
) -> Result<(), Failure> {
    let length = u16::try_from(length).map_err(|_| Failure::BadArguments("the mate is too long".into()))?;
    let placeholder = line.first().copied().ok_or(Failure::BadArguments("an empty line".into()))?;
    // `ply: usize::MAX` marks a slot not written (an alternative's ply is within the line).
    let mut found = vec![TsumeAlternative { ply: usize::MAX, mv: placeholder }; MAX_ALTERNATIVES];
    let result = solver.alternatives(pos, line, length, &mut found);
    let count = match result {
        Ok(count) => count,
        Err(_) => found.iter().take_while(|a| a.ply != usize::MAX).count(),
    };
    let mut out = io::stdout().lock();
    for alternative in found.iter().take(count) {
        let mut at = pos.clone();
        for &mv in line.iter().take(alternative.ply) {
            let _ = at.play(mv);
        }
        let through = match continuation(solver, &at, alternative.mv) {
            Some(rest) => {
                let mut whole: Vec<Move> = line.iter().take(alternative.ply).copied().collect();
                whole.push(alternative.mv);
                whole.extend(rest);
                whole.iter().map(Move::to_string).collect::<Vec<_>>().join(" ")
            }
            None => "unknown".to_string(),
        };
        writeln!(out, "alternative {} {} line {through}", alternative.ply, alternative.mv)?;
    }
    match result {
        Ok(count) => writeln!(out, "alternatives {count}")?,
        Err(reason) => writeln!(out, "alternatives unknown {reason}")?,
    }
    Ok(())
}

/// A mating line after the attacker's `check` at `pos`: none if it mates at once; else the
/// defender's reply whose shortest mate is the longest (each solved over the solver's table), then
/// that mate. None when a reply's mate is not proved within the limits or cannot be asked (a reply
/// that checks the attacker).
fn continuation(solver: &mut TsumeSolver<'_>, pos: &Position, check: Move) -> Option<Vec<Move>> {
    let mut child = pos.clone();
    child.play(check).ok()?;
    let mut best: Option<(u16, Vec<Move>)> = None;
    let mut line = vec![check; 4096];
    for reply in child.legal_moves() {
        let mut grandchild = child.clone();
        grandchild.play(reply).ok()?;
        let found = solver.solve_shortest(&grandchild, &mut line).ok()?;
        let TsumeAnswer::Mate(moves) = found.answer else { return None };
        if best.as_ref().is_none_or(|(length, _)| found.length > *length) {
            let mut whole = vec![reply];
            whole.extend_from_slice(moves);
            best = Some((found.length, whole));
        }
    }
    Some(best.map_or_else(Vec::new, |(_, whole)| whole))
}

/// `nodes N time_ms T nps R table U/L (F‰) depth D`, then ` cpu_ms C` (the solver thread's CPU
/// time) where the system says it.
fn progress(stats: &TsumeStats, elapsed: Duration, cpu: Option<Duration>) -> String {
    let seconds = elapsed.as_secs_f64();
    let nps = if seconds > 0.0 { stats.nodes as f64 / seconds } else { 0.0 };
    let cpu = cpu.map_or(String::new(), |cpu| format!(" cpu_ms {}", cpu.as_millis()));
    format!(
        "nodes {} time_ms {} nps {:.0} table {}/{} ({}‰) depth {}{cpu}",
        stats.nodes,
        elapsed.as_millis(),
        nps,
        stats.table_used,
        stats.table_len,
        stats.fill_permille(),
        stats.deepest
    )
}

/// The calling thread's time on a CPU (Linux: the first field of `/proc/thread-self/schedstat`,
/// in nanoseconds); `None` elsewhere.
fn thread_cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    Some(Duration::from_nanos(text.split_whitespace().next()?.parse().ok()?))
}
