//! Calls the library from a binary without std, alloc or the Rust runtime; exits 0 when the answers
//! are right. Inputs pass through `black_box` so every table is linked, which makes the binary's
//! `.rodata` a real measure of the tables' size (`size -A`), and so that nothing is folded away:
//! `.ci/run` then checks that no panic path (a call to `abort`, our panic handler) was linked.

#![no_std]
#![no_main]

use core::hint::black_box;

use hayanagi::{
    Bitboard, Color, DeclarationRule, File, GameResult, Handicap, Hcpe, Move16Format, MoveFilter, PackedFormat, Piece,
    PieceKind, Position, Psv, Rank, RecordReader, RecordWriter, Records, Relaxations, Setup, Square, attacks, between,
    bishop_attacks, lance_attacks, rook_attacks, step_attacks, step_to, zobrist,
};

#[link(name = "c")]
unsafe extern "C" {
    fn abort() -> !;
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    // SAFETY: libc's abort takes no arguments and never returns.
    unsafe { abort() }
}

#[unsafe(no_mangle)]
pub extern "C" fn main(_argc: i32, _argv: *const *const u8) -> i32 {
    let occupied = black_box(Bitboard::EMPTY.with(Square::SQ_5C).with(Square::SQ_3E));
    let e5 = black_box(Square::SQ_5E);
    let mut failures = 0;
    failures += (rook_attacks(e5, occupied).count() != 12) as i32;
    failures += (bishop_attacks(e5, occupied).count() != 16) as i32;
    failures += (lance_attacks(Color::Black, e5, occupied).count() != 2) as i32;
    let dragon = Piece::new(black_box(Color::White), black_box(PieceKind::Dragon));
    failures += (attacks(dragon, black_box(Square::SQ_1A), Bitboard::FULL).count() != 3) as i32;
    failures += (between(black_box(Square::SQ_9A), black_box(Square::SQ_1I)).count() != 7) as i32;
    failures += (step_attacks(Color::Black, black_box(PieceKind::Gold), e5).count() != 6) as i32;
    failures += (step_to(Color::White, black_box(PieceKind::Silver), e5).count() != 5) as i32;
    let king = zobrist::board(Piece::new(Color::Black, black_box(PieceKind::King)), e5);
    let pawns = zobrist::hand(Color::Black, PieceKind::Pawn, black_box(18));
    failures += (king == 0 || pawns.is_none() || black_box(zobrist::SIDE) == 0) as i32;
    // Parsing and conversions from untrusted input.
    let parsed = Square::from_usi_bytes(black_box(b"7g"));
    failures += (parsed != Ok(Square::SQ_7G)) as i32;
    let index = black_box(80usize);
    failures += (Square::try_index(index) != Some(Square::SQ_1I)) as i32;
    failures += (File::new(black_box(10)).is_some() || Rank::from_usi(black_box(b'j')).is_some()) as i32;
    failures += (Piece::try_index(black_box(27)).map(Piece::kind) != Some(PieceKind::Dragon)) as i32;
    failures += (PieceKind::try_index(black_box(99)).is_some()) as i32;
    failures += (Bitboard::from_u128(black_box(1u128 << 81)).is_some()) as i32;
    // Iteration.
    let mut set = black_box(Bitboard::FULL);
    let mut visited = 0;
    while let Some(square) = set.pop_lsb() {
        visited += square.index() + square.flip().index();
    }
    failures += (visited != 81 * 80) as i32;
    failures += (black_box(Bitboard::FULL).iter().map(|s| s.file().number() as u32).sum::<u32>() != 9 * 45) as i32;
    failures + positions() + packed() + questions() + notation()
}

/// SFEN and USI parsing, move generation, play/undo and perft: the whole position API.
fn positions() -> i32 {
    let mut failures = 0;
    let matsuri = black_box(b"l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1".as_slice());
    let Ok(mut pos) = Position::from_sfen_bytes(matsuri) else { return 100 };
    failures += (pos.perft(black_box(2), true) != 28_684) as i32;
    failures += (pos.perft(black_box(1), false) != 207) as i32;
    let mut buf = [0u8; hayanagi::MAX_SFEN_LEN];
    failures += (pos.write_sfen(&mut buf).ok().and_then(|n| buf.get(..n)) != Some(matsuri)) as i32;
    let moves = pos.legal_moves();
    let key = pos.key();
    for &mv in moves.iter() {
        let undo = pos.play_unchecked(mv);
        failures += (pos.key() != pos.compute_key()) as i32;
        pos.undo_unchecked(undo);
    }
    failures += (pos.key() != key) as i32;
    failures += Position::from_sfen_bytes(black_box(b"9/9/9/9/9/9/9/9/9 x - 1")).is_ok() as i32;
    let command = black_box(b"position startpos moves 7g7f 3c3d 8h2b+".as_slice());
    match Position::from_usi_position_bytes(command) {
        Ok(pos) => failures += (pos.ply() != 4 || pos.in_check()) as i32,
        Err(_) => failures += 1,
    }
    failures += Position::from_usi_position_bytes(black_box(b"startpos moves 7g7f 7g7f")).is_ok() as i32;
    // Setting up positions: a handicap start, and a setup from a position, broken and validated.
    match Handicap::ALL.get(black_box(5)) {
        Some(&handicap) => {
            let start = handicap.position();
            failures += (start.count_legal_moves() == 0 || Handicap::of(&start) != Some(handicap)) as i32;
        }
        None => failures += 1,
    }
    let mut setup = Setup::from(&pos);
    failures += (setup.validate(Relaxations::SFEN).as_ref() != Ok(&pos)) as i32;
    setup.ply = black_box(0);
    failures += (setup.validate(Relaxations::SFEN).map_err(|e| e.problems().len()) != Err(1)) as i32;
    failures
}

/// Packed positions, move codes and record streams, from bytes that may be anything.
fn packed() -> i32 {
    let mut failures = 0;
    let pos = Position::startpos();
    for format in [PackedFormat::Hcp, PackedFormat::PackedSfen] {
        let Ok(bytes) = pos.to_packed(black_box(format)) else { return 100 };
        failures += (Position::from_packed(&black_box(bytes), format).as_ref() != Ok(&pos)) as i32;
        failures += Position::from_packed(&black_box([0xa5; 32]), format).is_ok() as i32;
    }
    let Ok(best_move) = pos.move_from_move16(black_box(0x1e3b), Move16Format::Cshogi) else { return 100 };
    let record = Hcpe { position: pos.clone(), eval: black_box(7), best_move, result: GameResult::BlackWin };
    let mut buf = [0u8; 3 * 38];
    let mut writer = RecordWriter::new(&mut buf);
    for _ in 0..3 {
        failures += writer.push(black_box(&record)).is_err() as i32;
    }
    failures += writer.push(&record).is_ok() as i32;
    let stream = black_box(&buf[..]);
    failures += (Records::<Hcpe>::new(stream).filter(|r| r.as_ref() == Ok(&record)).count() != 3) as i32;
    let mut reader = RecordReader::<Psv>::new();
    for chunk in stream.chunks(7) {
        failures += reader.feed(chunk).filter(Result::is_ok).count() as i32;
    }
    failures += reader.finish().is_ok() as i32;
    failures
}

/// The rules' questions about a position that may be anything: typed generation with every filter, mate
/// in 1 and 3, static exchange, status, declaration and why a move is illegal.
fn questions() -> i32 {
    let mut failures = 0;
    // Mate in 3 (a gold drop, the king's one escape, a second gold) and mate in 1 from its second move.
    let sfen = black_box(b"4k4/9/4P4/9/9/9/9/9/4K4 b 2G 1".as_slice());
    let Ok(pos) = Position::from_sfen_bytes(sfen) else { return 100 };
    failures += pos.mate_in_1().is_none() as i32;
    failures += pos.mate_in_3().is_none() as i32;
    // The tsume solver over a table on the stack.
    let mut table = [hayanagi::TsumeEntry::EMPTY; 256];
    let Some(filler) = hayanagi::Move::drop(PieceKind::Gold, Square::SQ_5B) else { return 100 };
    let mut line = [filler; 16];
    let mut solver = hayanagi::TsumeSolver::new(&mut table).with_node_limit(black_box(10_000));
    match solver.solve(&pos, &mut line) {
        Ok(hayanagi::TsumeAnswer::Mate(moves)) => {
            failures += !hayanagi::TsumeSolver::is_mating_line(&pos, moves) as i32
        }
        _ => failures += 1,
    }
    // The shortest mate, counted both ways (a mate in 1: G*5b), and the alternatives along its line.
    for counting in [hayanagi::TsumeCounting::Strict, hayanagi::TsumeCounting::UselessInterpositionsFree] {
        let mut solver =
            hayanagi::TsumeSolver::new(&mut table).with_node_limit(black_box(10_000)).with_counting(counting);
        let mut shortest = [filler; 16];
        let (length, mate) = match solver.solve_shortest(&pos, &mut shortest) {
            Ok(found) => match found.answer {
                hayanagi::TsumeAnswer::Mate(moves) if found.minimal && found.length == 1 => (found.length, moves),
                _ => return 100,
            },
            Err(_) => return 100,
        };
        failures += !hayanagi::TsumeSolver::is_mating_line(&pos, mate) as i32;
        let mut out = [hayanagi::TsumeAlternative { ply: 0, mv: filler }; 8];
        match solver.alternatives(&pos, mate, black_box(length), &mut out) {
            Ok(count) => failures += out.iter().take(count).any(|a| a.ply != 0 || Some(&a.mv) == mate.first()) as i32,
            Err(_) => failures += 1,
        }
        // A line that is no mate is refused, never a panic.
        failures += solver.alternatives(&pos, black_box(&[filler, filler]), 3, &mut out).is_ok() as i32;
    }
    // Exchange values from outside (the C API's caller): sorted at run time.
    let values = hayanagi::SeeValues::new(black_box([1, 3, 3, 5, 6, 8, 10, 0, 6, 6, 6, 6, 10, 12]));
    for filter in MoveFilter::ALL {
        let moves = pos.legal_moves_of(black_box(filter));
        failures += (moves.len() as u64 != pos.count_legal_moves_of(filter)) as i32;
        for &mv in moves.iter() {
            failures += pos.illegality(mv).is_some() as i32;
            failures += (pos.see(mv) > 10_000) as i32;
            failures += (pos.see_with(&values, mv) > 10_000) as i32;
            failures += (pos.gives_check(mv) != pos.legal_moves_of(MoveFilter::Checks).contains(&mv)) as i32;
        }
    }
    if let Some(mv) = hayanagi::Move::from_bits(black_box(0x1234)) {
        failures += (pos.illegality(mv).is_none() != pos.is_legal(mv)) as i32;
    }
    failures += pos.status().is_over() as i32;
    failures += (pos.declaration(black_box(DeclarationRule::Points27)).points() > 100) as i32;
    failures
}

/// Moves in Japanese (KIF, KI2) and CSA notation, both ways, from text that may be anything.
fn notation() -> i32 {
    let mut failures = 0;
    let sfen = black_box(b"4k4/9/9/9/9/9/9/9/3G1G2K b - 1".as_slice());
    let Ok(pos) = Position::from_sfen_bytes(sfen) else { return 100 };
    for &mv in pos.legal_moves().iter() {
        for style in [hayanagi::JapaneseStyle::Kif, hayanagi::JapaneseStyle::Ki2] {
            let Ok(written) = pos.japanese_move(mv, black_box(None), style) else { return 100 };
            let mut text = Text([0; 64], 0);
            failures += core::fmt::write(&mut text, format_args!("{written}")).is_err() as i32;
            let parsed = core::str::from_utf8(text.as_bytes()).ok().and_then(|t| pos.parse_japanese_move(t, None).ok());
            failures += (parsed.map(|(m, _)| m) != Some(mv)) as i32;
        }
        let Ok(csa) = pos.csa_move(mv) else { return 100 };
        let mut text = Text([0; 64], 0);
        failures += core::fmt::write(&mut text, format_args!("{csa}")).is_err() as i32;
        failures += (pos.parse_csa_move(text.as_bytes()) != Ok(mv)) as i32;
    }
    let garbage = black_box("▲５八金右上不成打同　");
    for end in 0..=garbage.len() {
        if let Some(prefix) = garbage.get(..end) {
            // Whatever a prefix reads as, it is an answer (a move or a typed error), not a panic.
            black_box(pos.parse_japanese_move(prefix, black_box(Some(Square::SQ_5H))).is_ok());
        }
    }
    failures += pos.parse_csa_move(black_box(b"+0058KI")).is_ok() as i32; // no gold in hand
    failures
}

/// A fixed buffer that text is written into, without allocating.
struct Text([u8; 64], usize);

impl Text {
    fn as_bytes(&self) -> &[u8] {
        self.0.get(..self.1).unwrap_or_default()
    }
}

impl core::fmt::Write for Text {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        let end = self.1 + s.len();
        self.0.get_mut(self.1..end).ok_or(core::fmt::Error)?.copy_from_slice(s.as_bytes());
        self.1 = end;
        Ok(())
    }
}
