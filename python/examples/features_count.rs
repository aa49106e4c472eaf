//! Instructions a record of the hcpe -> packed features path, for callgrind:
//!
//! ```sh
//! cd python && cargo build --release --example features_count
//! valgrind --tool=callgrind --toggle-collect='*run_packed*' ../target/release/examples/features_count packed 4000
//! ```
//!
//! Divides callgrind's total by the record count. The records are the positions of seeded random games
//! played with the core's legal moves (each with its move as the best move), so the count is
//! reproducible. Kinds: `packed` (packed_features), `f32` (float32 planes), `read` (records read and
//! checked only).

use hayanagi::{GameResult, Hcpe, PackedRecord, Position};
use hayanagi_python::data::batch::{self, Input};
use hayanagi_python::data::features::{BOARD_PLANES, CELLS, HAND_PLANES, PACKED_BYTES};
use hayanagi_python::data::records::Format;

fn records(n: usize) -> Vec<u8> {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut out = Vec::with_capacity(n * 38);
    let mut pos = Position::startpos();
    while out.len() < n * 38 {
        let moves = pos.legal_moves();
        if moves.is_empty() || pos.ply() > 200 {
            pos = Position::startpos();
            continue;
        }
        let mv = moves[(next() % moves.len() as u64) as usize];
        let mut buf = [0u8; 40];
        let record = Hcpe { position: pos.clone(), eval: 0, best_move: mv, result: GameResult::Draw };
        if record.write(&mut buf).is_ok() {
            out.extend_from_slice(&buf[..38]);
        }
        pos.play(mv).expect("legal");
    }
    out
}

#[inline(never)]
fn run_packed(bytes: &[u8], out: &mut [u8]) {
    batch::features_packed(Input { format: Format::Hcpe, move16: None }, bytes, out, 1).expect("good records");
}

#[inline(never)]
fn run_f32(bytes: &[u8], board: &mut [f32], hand: &mut [f32]) {
    batch::features_f32(Input { format: Format::Hcpe, move16: None }, bytes, board, hand, 1).expect("good records");
}

#[inline(never)]
fn run_read(bytes: &[u8]) -> usize {
    batch::validate(Input { format: Format::Hcpe, move16: None }, bytes, 1).len()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let kind = args.next().unwrap_or_else(|| "packed".into());
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(4000);
    let reps: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let bytes = records(n);
    let start = std::time::Instant::now();
    match kind.as_str() {
        "packed" => {
            let mut out = vec![0u8; n * PACKED_BYTES];
            for _ in 0..reps {
                run_packed(&bytes, &mut out);
            }
            println!("checksum {}", out.iter().map(|&b| b as u64).sum::<u64>());
        }
        "f32" => {
            let (mut board, mut hand) = (vec![0f32; n * BOARD_PLANES * CELLS], vec![0f32; n * HAND_PLANES * CELLS]);
            for _ in 0..reps {
                run_f32(&bytes, &mut board, &mut hand);
            }
            println!("checksum {}", board.iter().sum::<f32>() + hand.iter().sum::<f32>());
        }
        _ => {
            for _ in 0..reps {
                assert_eq!(run_read(&bytes), 0);
            }
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    println!("{kind}: {n} records x {reps}: {:.3} s, {:.0} k records/s", seconds, (n * reps) as f64 / seconds / 1e3);
}
