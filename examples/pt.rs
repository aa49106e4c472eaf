use hayanagi::Position;
use std::time::Instant;

fn copy_make(pos: &Position, depth: u32) -> u64 {
    let moves = pos.legal_moves();
    if depth == 1 {
        for &mv in moves.iter() {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            std::hint::black_box(&child);
        }
        return moves.len() as u64;
    }
    let mut n = 0;
    for &mv in moves.iter() {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        n += copy_make(&child, depth - 1);
    }
    n
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let d: u32 = args[1].parse().unwrap();
    let mode = args.get(2).cloned().unwrap_or_default();
    let mut pos = Position::startpos();
    let t = Instant::now();
    let n = match mode.as_str() {
        "copy" => copy_make(&pos, d),
        "nobulk" => pos.perft(d, false),
        _ => pos.perft(d, true),
    };
    let s = t.elapsed().as_secs_f64();
    println!("{mode} {n} {:.3}s {:.1} Mnps", s, n as f64 / s / 1e6);
}
