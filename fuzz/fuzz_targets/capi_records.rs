//! The C API's game records (include/hayanagi_records.h, capi/src/game.rs) against hayanagi-records
//! as the shadow: fuzzed text read with fuzzed format and encoding codes into arenas of every size
//! at any alignment; the result must be the shadow's (the same error with its line, column and
//! message, or the same game: start, moves, times, comments, headers, ending, every variation);
//! every game of the text read at once (`hayanagi_game_read_all`) against the shadow's `read_all`; a
//! new game from the start (`hayanagi_game_new`) against the shadow's `Record::new`;
//! a too-small arena or buffer gets the size needed and is left unchanged; what is read writes the
//! text the shadow writes in the fuzzed format and encoding; moves, headers, endings and variations
//! (their moves and endings) added to a game are refused or kept as the shadow's `Record::check`
//! says, a new variation at the index the shadow numbers it; games that no call wrote (zeroed, cut
//! short, NULL) are refused.
//!
//! Input: a control byte string, then the text. The first byte picks the text: the fuzz bytes
//! themselves, or a seed record with fuzzed bytes written over it.

#![no_main]

use core::ffi::c_char;
use core::ptr;

use hayanagi::{Color, Move, Position};
use hayanagi_capi::{self as c, ErrorCode, GameEnding, GameError, GameMove, GameVariationInfo, PositionRecord};
use hayanagi_fuzz::input::Input;
use hayanagi_records::{Ending, Format, Outcome, Record, RecordMove, TextEncoding, Variation, decode};
use libfuzzer_sys::fuzz_target;

// From include/hayanagi.h.
const FIXED_SIZE: usize = 576;
const MESSAGE_SIZE: usize = 256;
const POSITION_SIZE: usize = 512;
const FORMATS: [Format; 5] = [Format::Csa, Format::Kif, Format::Ki2, Format::Usi, Format::Jkf];
const ENCODINGS: [TextEncoding; 2] = [TextEncoding::Utf8, TextEncoding::ShiftJis];
const CANARY: u8 = 0xa5;

/// Records that reach past the first line: a fuzzed text rarely does.
const SEEDS: [&str; 7] = [
    "#KIF version=2.0 encoding=UTF-8\n開始日時：2026/12/02\n手合割：平手\n先手：羽生\n*前\n   1 ７六歩(77)   ( 0:01/00:00:01)\n*初手\n   2 ３四歩(33)   ( 0:02/00:00:02)\n   3 ２二角成(88)\n   4 同　銀(31)\n   5 投了\nまで4手で後手の勝ち\n\n変化：2手\n   2 ８四歩(83)\n",
    "V2.2\nN+A\nN-B\n$EVENT:test\nPI\n+\n+7776FU\nT3\n'c\n-3334FU\n+8822UM\n-3122GI\n%TORYO\n",
    "手合割：平手\n▲７六歩 △３四歩 ▲２二角成 △同銀\nまで4手で中断\n",
    "startpos moves 7g7f 3c3d 8h2b+ 3a2b\n",
    "{\"header\":{\"先手\":\"A\"},\"moves\":[{},{\"move\":{\"from\":{\"x\":7,\"y\":7},\"to\":{\"x\":7,\"y\":6},\"piece\":\"FU\"},\"comments\":[\"x\"]}]}",
    // Three games (hayanagi_game_read_all).
    "V2.2\nN+A\nPI\n+\n+7776FU\n/\nN+B\nPI\n+\n+2726FU\n-8384FU\n%TORYO\n/\nPI\n-\n-3334FU\n",
    // A variation of a variation, and one with an ending.
    "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n   4 投了\n\n変化：2手\n   2 ８四歩(83)\n*分岐\n   3 ６八銀(79)\n\n変化：3手\n   3 ２六歩(27)\n\n変化：1手\n   1 ５六歩(57)\n   2 中断\n",
];

/// A C code from a fuzzed byte: mostly valid, sometimes -1 (detect) or out of range.
fn code(b: u8, count: usize) -> i32 {
    match b % 16 {
        14 => -1,
        15 => i32::from(b as i8) - 100,
        n => i32::from(n) % (count as i32 + 1),
    }
}

/// The shadow's message as the C error holds it: cut at a character to fit with its NUL.
fn message_of(text: &str) -> Vec<u8> {
    let mut len = text.len().min(MESSAGE_SIZE - 1);
    while !text.is_char_boundary(len) {
        len -= 1;
    }
    text.as_bytes()[..len].to_vec()
}

fn c_message(error: &GameError) -> &[u8] {
    let end = error.message.iter().position(|&b| b == 0).expect("the message is NUL-terminated");
    &error.message[..end]
}

fn empty_error() -> GameError {
    GameError { code: 99, line: -1, column: -1, ply: -1, message: [CANARY; MESSAGE_SIZE] }
}

/// The shadow's variations in the C API's order (depth-first), each with its parent's index.
fn flatten(variations: &[Variation]) -> Vec<(i32, &Variation)> {
    fn walk<'a>(variations: &'a [Variation], parent: i32, out: &mut Vec<(i32, &'a Variation)>) {
        for v in variations {
            let index = out.len() as i32;
            out.push((parent, v));
            walk(&v.variations, index, out);
        }
    }
    let mut out = Vec::new();
    walk(variations, -1, &mut out);
    out
}

/// The shadow's variation `index` (depth-first), mutable.
fn nth_mut<'a>(variations: &'a mut [Variation], index: &mut usize) -> Option<&'a mut Variation> {
    for v in variations {
        if *index == 0 {
            return Some(v);
        }
        *index -= 1;
        if let Some(found) = nth_mut(&mut v.variations, index) {
            return Some(found);
        }
    }
    None
}

/// The position at the end of the shadow's variation `index`: its parents' chain from the main
/// line, each line's moves played up to where the next branches.
fn end_of(record: &Record, index: usize) -> Position {
    let all = flatten(&record.variations);
    let mut chain = vec![index];
    while let Some(&(parent, _)) = all.get(chain[chain.len() - 1]).filter(|(parent, _)| *parent >= 0) {
        chain.push(parent as usize);
    }
    let mut pos = record.start.clone();
    let (mut first, mut moves) = (1, &record.moves[..]);
    for &i in chain.iter().rev() {
        let v = all[i].1;
        for m in &moves[..v.ply as usize - first] {
            pos.play_unchecked(m.mv);
        }
        (first, moves) = (v.ply as usize, &v.moves[..]);
    }
    for m in moves {
        pos.play_unchecked(m.mv);
    }
    pos
}

/// A fuzzed move for the end of a line: one of the legal ones, or a fuzzed code.
fn pick_move(control: &mut Input, end: &Position) -> u16 {
    let legal = end.legal_moves();
    let pick = control.byte();
    if pick.is_multiple_of(4) || legal.is_empty() {
        u16::from_le_bytes([control.byte(), control.byte()])
    } else {
        legal.as_slice()[usize::from(pick) % legal.len()].to_bits()
    }
}

/// A fuzzed comment: none, UTF-8 lines, or bytes that are not UTF-8.
fn pick_comment(control: &mut Input) -> &'static [u8] {
    let comment: &[u8] = if control.byte().is_multiple_of(2) { b"" } else { b"\xe6\x89\x8b\n\xff" };
    &comment[..usize::from(control.byte()) % (comment.len() + 1)]
}

/// The shadow's move of a fuzzed code and comment, if the C API is to take them.
fn shadow_move(bits: u16, time: i32, comment: &[u8]) -> Option<RecordMove> {
    let mv = Move::from_bits(bits)?;
    let comment = core::str::from_utf8(comment).ok()?;
    let comments = if comment.is_empty() { Vec::new() } else { comment.split('\n').map(str::to_string).collect() };
    Some(RecordMove { mv, time_ms: u64::try_from(time).ok(), comments })
}

/// The shadow's ending of fuzzed codes where `to_move` is to move, if they are codes.
fn shadow_outcome(ending: i32, winner: i32, time: i32, to_move: Color) -> Option<Option<Outcome>> {
    if ending > 16 || winner > 1 {
        return None;
    }
    Some((ending > 0).then(|| {
        let ending = Ending::ALL[ending as usize - 1];
        let winner = match winner {
            -2 => Outcome::default_winner(ending, to_move),
            -1 => None,
            w => Some(if w == 0 { Color::Black } else { Color::White }),
        };
        Outcome { ending, winner, time_ms: u64::try_from(time).ok() }
    }))
}

/// The C move `out` is the shadow's `m`.
///
/// # Safety
/// `out` was filled in by the library from a game that is still there.
unsafe fn check_move(out: &GameMove, m: &RecordMove) {
    assert_eq!(out.mv, m.mv.to_bits());
    assert_eq!((out.has_time != 0, out.time_ms), (m.time_ms.is_some(), m.time_ms.unwrap_or(0)));
    // SAFETY: the caller's contract: the comment and its NUL are inside the game.
    let comment = unsafe { core::slice::from_raw_parts(out.comment.cast::<u8>(), out.comment_len + 1) };
    assert_eq!(&comment[..out.comment_len], m.comments.join("\n").as_bytes());
    assert_eq!(comment[out.comment_len], 0);
}

/// The C ending `end` is the shadow's `outcome`.
fn check_outcome(end: &GameEnding, outcome: Option<&Outcome>) {
    match outcome {
        None => assert_eq!((end.ending, end.winner, end.has_time), (0, -1, 0)),
        Some(o) => {
            let ending = o.ending.index() as i32 + 1;
            let winner = o.winner.map_or(-1, |c| c.index() as i32);
            assert_eq!((end.ending, end.winner), (ending, winner));
            assert_eq!((end.has_time != 0, end.time_ms), (o.time_ms.is_some(), o.time_ms.unwrap_or(0)));
        }
    }
}

/// The C game at `game` holds `record`, variations included.
fn check_game(game: *const u8, record: &Record) {
    let variations = flatten(&record.variations);
    // SAFETY: `game` is a game the library wrote.
    unsafe {
        assert_eq!(c::hayanagi_game_move_count(game), record.moves.len() as i32);
        assert_eq!(c::hayanagi_game_variation_count(game), variations.len() as i32);
        for (i, &(parent, v)) in variations.iter().enumerate() {
            let mut out = GameVariationInfo {
                parent: 99,
                ply: 99,
                move_count: 99,
                outcome: GameEnding { ending: 99, winner: 99, has_time: 99, time_ms: 99 },
                comment: ptr::null(),
                comment_len: 7,
                end_comment: ptr::null(),
                end_comment_len: 7,
            };
            assert_eq!(c::hayanagi_game_variation(game, i, &mut out), 0);
            assert_eq!((out.parent, out.ply, out.move_count), (parent, v.ply as i32, v.moves.len() as i32));
            check_outcome(&out.outcome, v.outcome.as_ref());
            for (text, len, lines) in
                [(out.comment, out.comment_len, &v.comments), (out.end_comment, out.end_comment_len, &v.end_comments)]
            {
                let bytes = core::slice::from_raw_parts(text.cast::<u8>(), len + 1);
                assert_eq!((&bytes[..len], bytes[len]), (lines.join("\n").as_bytes(), 0));
            }
            for (j, m) in v.moves.iter().enumerate() {
                let mut out = GameMove { mv: 0, has_time: 7, time_ms: 7, comment: ptr::null(), comment_len: 7 };
                assert_eq!(c::hayanagi_game_variation_move(game, i, j, &mut out), 0);
                check_move(&out, m);
            }
            let mut out = GameMove { mv: 0, has_time: 7, time_ms: 7, comment: ptr::null(), comment_len: 7 };
            assert_eq!(c::hayanagi_game_variation_move(game, i, v.moves.len(), &mut out), ErrorCode::OutOfRange.code());
            assert_eq!(c::hayanagi_game_variation_move(game, i, 0, ptr::null_mut()), ErrorCode::NullPointer.code());
        }
        let mut info = core::mem::MaybeUninit::<GameVariationInfo>::uninit();
        assert_eq!(c::hayanagi_game_variation(game, variations.len(), info.as_mut_ptr()), ErrorCode::OutOfRange.code());
        let mut out = GameMove { mv: 0, has_time: 7, time_ms: 7, comment: ptr::null(), comment_len: 7 };
        assert_eq!(c::hayanagi_game_variation_move(game, variations.len(), 0, &mut out), ErrorCode::OutOfRange.code());
        let mut start = [0u8; POSITION_SIZE + 1];
        let out = start.as_mut_ptr().add(1).cast::<PositionRecord>();
        assert_eq!(c::hayanagi_game_start(game, out), 0);
        let mut sfen = [0 as c_char; 256];
        assert!(c::hayanagi_position_sfen(out, sfen.as_mut_ptr(), sfen.len(), ptr::null_mut()) > 0);
        let sfen = core::ffi::CStr::from_ptr(sfen.as_ptr()).to_str().unwrap();
        assert_eq!(sfen, record.start.sfen().to_string());
        for (i, m) in record.moves.iter().enumerate() {
            let mut out = GameMove { mv: 0, has_time: 7, time_ms: 7, comment: ptr::null(), comment_len: 7 };
            assert_eq!(c::hayanagi_game_move(game, i, &mut out), 0);
            check_move(&out, m);
        }
        let mut out = GameMove { mv: 0, has_time: 0, time_ms: 0, comment: ptr::null(), comment_len: 0 };
        assert_eq!(c::hayanagi_game_move(game, record.moves.len(), &mut out), ErrorCode::OutOfRange.code());
        assert_eq!(c::hayanagi_game_header_count(game), record.headers.len() as i32);
        for (i, (key, value)) in record.headers.iter().enumerate() {
            let (mut k, mut kl, mut v, mut vl) = (ptr::null(), 0, ptr::null(), 0);
            assert_eq!(c::hayanagi_game_header(game, i, &mut k, &mut kl, &mut v, &mut vl), 0);
            assert_eq!(core::slice::from_raw_parts(k.cast::<u8>(), kl), key.as_bytes());
            assert_eq!(core::slice::from_raw_parts(v.cast::<u8>(), vl), value.as_bytes());
        }
        for (which, lines) in [(0, &record.comments), (1, &record.end_comments)] {
            let (mut s, mut len) = (ptr::null(), 0);
            assert_eq!(c::hayanagi_game_comment(game, which, &mut s, &mut len), 0);
            assert_eq!(core::slice::from_raw_parts(s.cast::<u8>(), len), lines.join("\n").as_bytes());
        }
        let mut end = GameEnding { ending: 99, winner: 99, has_time: 99, time_ms: 99 };
        assert_eq!(c::hayanagi_game_ending(game, &mut end), 0);
        check_outcome(&end, record.outcome.as_ref());
    }
}

/// `hayanagi_game_read_all` of `text` with the codes `f` and `e` (`format` and `encoding` when they
/// are valid) against the shadow's `Record::read_all`, into an arena of a fuzzed size and alignment.
fn check_read_all(
    control: &mut Input,
    text: &[u8],
    (f, e): (i32, i32),
    format: Option<Option<Format>>,
    encoding: Option<Option<TextEncoding>>,
) {
    let shadow = match (format, encoding) {
        (Some(format), Some(encoding)) => Some(decode(text, encoding).and_then(|(t, _)| Record::read_all(&t, format))),
        _ => None,
    };
    let offset = usize::from(control.byte() % 8);
    let mut arena = vec![CANARY; 1 << 17];
    let full = arena.len() - offset;
    let size = if control.byte().is_multiple_of(4) { FIXED_SIZE * usize::from(control.byte() % 4) } else { full };
    let games = arena[offset..].as_mut_ptr();
    let mut needed = 12345usize;
    let mut error = empty_error();
    // SAFETY: `text` is readable; `games` has `size <= full` writable bytes.
    let r = unsafe {
        c::hayanagi_game_read_all(text.as_ptr().cast(), text.len(), f, e, games, size, &mut needed, &mut error)
    };
    assert_eq!(error.code, if r >= 0 { 0 } else { r });
    let records = match shadow {
        None => {
            assert_eq!(r, ErrorCode::OutOfRange.code());
            return assert!(arena.iter().all(|&b| b == CANARY));
        }
        Some(Err(re)) => {
            assert!(r < 0, "the shadow refused: {re}");
            assert_eq!((error.line as usize, error.column as usize, error.ply), (re.line, re.column, 0));
            assert_eq!(c_message(&error), message_of(&re.to_string()));
            assert_eq!(needed, 12345);
            return assert!(arena.iter().all(|&b| b == CANARY));
        }
        Some(Ok(ok)) => ok,
    };
    if needed > size {
        assert_eq!(r, ErrorCode::BufferTooSmall.code());
        return assert!(arena.iter().all(|&b| b == CANARY));
    }
    assert_eq!(r, records.len() as i32);
    assert!(!records.is_empty());
    let mut at = 0;
    for record in &records {
        // SAFETY: inside the games the library wrote.
        let game = unsafe { games.add(at) };
        check_game(game, record);
        // SAFETY: a game the library wrote.
        at += unsafe { c::hayanagi_game_size(game) } as usize;
    }
    assert_eq!(at, needed);
    assert!(arena[..offset].iter().chain(&arena[offset + needed..]).all(|&b| b == CANARY));
    // The first game is hayanagi_game_read's game (the same size and contents; the bytes may differ
    // where the position's padding is).
    let mut one = vec![0u8; needed];
    // SAFETY: `one` has `needed` writable bytes.
    let r1 = unsafe {
        c::hayanagi_game_read(
            text.as_ptr().cast(),
            text.len(),
            f,
            e,
            one.as_mut_ptr(),
            needed,
            ptr::null_mut(),
            ptr::null_mut(),
        )
    };
    assert!(r1 >= 0);
    // SAFETY: a game the library wrote.
    let first = unsafe { c::hayanagi_game_size(one.as_ptr()) };
    // SAFETY: a game the library wrote.
    assert_eq!(first, unsafe { c::hayanagi_game_size(games) });
    check_game(one.as_ptr(), &records[0]);
}

/// Writes the game at `game` in a fuzzed format and encoding, against the shadow.
fn check_write(input: &mut Input, game: *const u8, shadow: &Record) {
    let (f, e) = (code(input.byte(), FORMATS.len()), code(input.byte(), ENCODINGS.len()));
    let expected = match (
        usize::try_from(f).ok().and_then(|i| FORMATS.get(i)),
        usize::try_from(e).ok().and_then(|i| ENCODINGS.get(i)),
    ) {
        (Some(&format), Some(&encoding)) => Some(shadow.write_bytes(format, encoding)),
        _ => None,
    };
    let mut buf = vec![CANARY; 1 << 16];
    let size = if input.byte().is_multiple_of(4) { usize::from(input.byte()) } else { buf.len() };
    let mut needed = 0usize;
    let mut error = empty_error();
    // SAFETY: `buf` has at least `size` bytes.
    let r = unsafe { c::hayanagi_game_write(game, f, e, buf.as_mut_ptr().cast(), size, &mut needed, &mut error) };
    assert_eq!(error.code, if r >= 0 { 0 } else { r });
    match expected {
        None => assert_eq!(r, ErrorCode::OutOfRange.code()),
        Some(Err(we)) => {
            assert!(r < 0);
            assert_eq!(error.ply as usize, we.ply);
            assert_eq!(c_message(&error), message_of(&we.to_string()));
        }
        Some(Ok(text)) => {
            assert_eq!(needed, text.len() + 1);
            if text.len() >= size {
                assert_eq!(r, ErrorCode::BufferTooSmall.code());
                assert!(buf.iter().all(|&b| b == CANARY));
            } else {
                assert_eq!(r, text.len() as i32);
                assert_eq!(&buf[..text.len()], &text[..]);
                assert_eq!(buf[text.len()], 0);
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let pick = input.byte();
    let control_len = usize::from(input.byte() % 32);
    let control = input.bytes(control_len);
    let text_part = input.bytes(usize::MAX);
    let mut control = Input::new(control);
    let mut text: Vec<u8> = text_part.to_vec();
    if !pick.is_multiple_of(3) {
        // A seed with fuzzed bytes written over it at fuzzed places.
        let mut seed = SEEDS[usize::from(pick) % SEEDS.len()].as_bytes().to_vec();
        for pair in text_part.chunks(2).take(4) {
            if let [at, value] = *pair {
                let at = usize::from(at) % (seed.len() + 1);
                if at < seed.len() {
                    seed[at] = value;
                }
            }
        }
        if pick.is_multiple_of(5) {
            seed = TextEncoding::ShiftJis.encode(&String::from_utf8_lossy(&seed));
        }
        text = seed;
    }
    let (f, e) = (code(control.byte(), FORMATS.len()), code(control.byte(), ENCODINGS.len()));
    let format =
        if f == -1 { Some(None) } else { usize::try_from(f).ok().and_then(|i| FORMATS.get(i)).map(|&f| Some(f)) };
    let encoding =
        if e == -1 { Some(None) } else { usize::try_from(e).ok().and_then(|i| ENCODINGS.get(i)).map(|&e| Some(e)) };

    // The shadow.
    let shadow = match (format, encoding) {
        (Some(format), Some(encoding)) => Some(decode(&text, encoding).and_then(|(t, _)| {
            let read = format.unwrap_or_else(|| Format::detect(t.trim_start_matches('\u{feff}')));
            Record::read_str(&t, format).map(|r| (r, read))
        })),
        _ => None,
    };

    check_read_all(&mut control, &text, (f, e), format, encoding);

    // Read into an arena at a fuzzed alignment, of a fuzzed size.
    let offset = usize::from(control.byte() % 8);
    let mut arena = vec![CANARY; 1 << 17];
    let size_pick = control.byte();
    let full = arena.len() - offset;
    let size = match size_pick % 4 {
        0 => usize::from(control.byte()) * 8,
        1 => FIXED_SIZE + usize::from(control.byte()) * 4,
        _ => full,
    };
    let game = arena[offset..].as_mut_ptr();
    let mut needed = 12345usize;
    let mut error = empty_error();
    // SAFETY: `text` is readable; `game` has `size <= full` writable bytes.
    let r =
        unsafe { c::hayanagi_game_read(text.as_ptr().cast(), text.len(), f, e, game, size, &mut needed, &mut error) };
    assert_eq!(error.code, if r >= 0 { 0 } else { r });
    let Some(shadow) = shadow else {
        assert_eq!(r, ErrorCode::OutOfRange.code());
        assert!(arena.iter().all(|&b| b == CANARY));
        return;
    };
    let (record, read) = match shadow {
        Err(re) => {
            assert!(r < 0, "the shadow refused: {re}");
            assert_ne!(r, ErrorCode::BufferTooSmall.code());
            assert_eq!((error.line as usize, error.column as usize, error.ply), (re.line, re.column, 0));
            assert_eq!(c_message(&error), message_of(&re.to_string()));
            assert_eq!(needed, 12345);
            assert!(arena.iter().all(|&b| b == CANARY));
            return;
        }
        Ok(ok) => ok,
    };
    let game_size = needed;
    assert!(game_size >= FIXED_SIZE);
    if game_size > size {
        assert_eq!(r, ErrorCode::BufferTooSmall.code());
        assert!(arena.iter().all(|&b| b == CANARY));
        return;
    }
    assert_eq!(r, FORMATS.iter().position(|&f| f == read).unwrap() as i32);
    assert!(arena[..offset].iter().chain(&arena[offset + game_size..]).all(|&b| b == CANARY));
    // SAFETY: a game the library wrote.
    assert_eq!(unsafe { c::hayanagi_game_size(game) } as usize, game_size);
    check_game(game, &record);
    // A byte copy elsewhere is the same game.
    let mut copy = vec![0u8; game_size + 3];
    copy[3..].copy_from_slice(&arena[offset..offset + game_size]);
    check_game(copy[3..].as_ptr(), &record);
    // A new game from its start (hayanagi_game_new): the shadow's Record::new, its handicap the
    // start's, into an arena of a fuzzed size; a too-small one is left unchanged.
    {
        let mut start = [0u8; POSITION_SIZE + 1];
        let pos = start[1..].as_mut_ptr().cast::<PositionRecord>();
        // SAFETY: a game the library wrote; POSITION_SIZE writable bytes.
        assert_eq!(unsafe { c::hayanagi_game_start(game, pos) }, 0);
        let mut fresh = vec![CANARY; FIXED_SIZE + 64];
        let size =
            if control.byte().is_multiple_of(4) { FIXED_SIZE + usize::from(control.byte() % 4) } else { fresh.len() };
        let mut needed = 0usize;
        // SAFETY: `fresh` has `size` writable bytes; `pos` is a position record.
        let r = unsafe { c::hayanagi_game_new(pos, fresh.as_mut_ptr(), size, &mut needed) };
        let mut new = Record::new(record.start.clone());
        new.handicap = hayanagi::Handicap::of(&record.start);
        if needed > size {
            assert_eq!(r, ErrorCode::BufferTooSmall.code());
            assert!(fresh.iter().all(|&b| b == CANARY));
        } else {
            assert_eq!(r, 0);
            check_game(fresh.as_ptr(), &new);
            check_write(&mut control, fresh.as_ptr(), &new);
        }
        // SAFETY: NULL is refused.
        let r = unsafe { c::hayanagi_game_new(ptr::null(), fresh.as_mut_ptr(), size, &mut needed) };
        assert_eq!(r, ErrorCode::NullPointer.code());
    }
    let mut shadow = record.clone();
    check_write(&mut control, game, &shadow);

    // Changes: each as the shadow's check says, nothing changed when refused.
    for _ in 0..8 {
        let before = arena.clone();
        // SAFETY: a game the library wrote.
        let current = unsafe { c::hayanagi_game_size(game) } as usize;
        let room = if control.byte().is_multiple_of(4) { current + usize::from(control.byte()) } else { full };
        let mut needed = 0usize;
        let mut error = empty_error();
        let mut next = shadow.clone();
        let op = control.byte() % 6;
        let (r, accepted) = match op {
            0 => {
                let bits = pick_move(&mut control, &shadow.end_position());
                let time = control.i32_small();
                let comment = pick_comment(&mut control);
                // SAFETY: `game` has `room <= full` bytes; the comment is readable.
                let r = unsafe {
                    c::hayanagi_game_add_move(
                        game,
                        room,
                        bits,
                        i64::from(time),
                        comment.as_ptr().cast(),
                        comment.len(),
                        &mut needed,
                        &mut error,
                    )
                };
                let accepted = match shadow_move(bits, time, comment) {
                    Some(m) if next.outcome.is_none() => {
                        next.moves.push(m);
                        next.check().is_ok()
                    }
                    _ => false,
                };
                (r, accepted)
            }
            1 => {
                let key = ["先手", "", "$X"][usize::from(control.byte() % 3)];
                // SAFETY: `game` has `room` bytes; the texts are readable.
                let r = unsafe {
                    c::hayanagi_game_add_header(
                        game,
                        room,
                        key.as_ptr().cast(),
                        key.len(),
                        "v".as_ptr().cast(),
                        1,
                        &mut needed,
                    )
                };
                next.headers.push((key.to_string(), "v".to_string()));
                (r, true)
            }
            2 => {
                let ending = i32::from(control.byte() % 18);
                let winner = i32::from(control.byte() % 5) - 2;
                let time = control.i32_small();
                // SAFETY: `game` has `room` bytes.
                let r = unsafe {
                    c::hayanagi_game_set_ending(game, room, ending, winner, i64::from(time), &mut needed, &mut error)
                };
                let to_move = next.end_position().side_to_move();
                let accepted = match shadow_outcome(ending, winner, time, to_move) {
                    Some(outcome) => {
                        next.outcome = outcome;
                        next.check().is_ok()
                    }
                    None => false,
                };
                (r, accepted)
            }
            3 => {
                // A variation: from the main line or a variation (or none), at a ply near its line's.
                let count = flatten(&shadow.variations).len();
                let parent = i32::from(control.byte()) % (count as i32 + 2) - 1;
                let (first, len) = match parent {
                    -1 => (1, shadow.moves.len()),
                    p => flatten(&shadow.variations)
                        .get(p as usize)
                        .map_or((1, 0), |&(_, v)| (v.ply as usize, v.moves.len())),
                };
                let ply = first as i32 + i32::from(control.byte()) % (len as i32 + 3) - 1;
                let comment = pick_comment(&mut control);
                // SAFETY: `game` has `room` bytes; the comment is readable.
                let r = unsafe {
                    c::hayanagi_game_add_variation(
                        game,
                        room,
                        parent,
                        ply,
                        comment.as_ptr().cast(),
                        comment.len(),
                        &mut needed,
                        &mut error,
                    )
                };
                let comments = core::str::from_utf8(comment).ok().map(|text| {
                    if text.is_empty() { Vec::new() } else { text.split('\n').map(str::to_string).collect() }
                });
                let variation = |comments| Variation {
                    ply: ply as u32,
                    comments,
                    moves: Vec::new(),
                    outcome: None,
                    end_comments: Vec::new(),
                    variations: Vec::new(),
                };
                let accepted = match (comments, ply >= 0) {
                    (Some(comments), true) if parent == -1 => {
                        next.variations.push(variation(comments));
                        next.check().is_ok()
                    }
                    (Some(comments), true) if (parent as usize) < count => {
                        let line = nth_mut(&mut next.variations, &mut (parent as usize)).unwrap();
                        line.variations.push(variation(comments));
                        next.check().is_ok()
                    }
                    _ => false,
                };
                if accepted && r >= 0 {
                    // Its index: where the shadow numbers the new variation, depth-first.
                    let all = flatten(&next.variations);
                    let at = (0..all.len()).rev().find(|&i| all[i].0 == parent).unwrap();
                    assert_eq!(r as usize, at);
                }
                (r, accepted)
            }
            4 => {
                let count = flatten(&shadow.variations).len();
                let index = usize::from(control.byte()) % (count + 1);
                let end = if index < count { end_of(&shadow, index) } else { shadow.end_position() };
                let bits = pick_move(&mut control, &end);
                let time = control.i32_small();
                let comment = pick_comment(&mut control);
                // SAFETY: `game` has `room` bytes; the comment is readable.
                let r = unsafe {
                    c::hayanagi_game_variation_add_move(
                        game,
                        room,
                        index,
                        bits,
                        i64::from(time),
                        comment.as_ptr().cast(),
                        comment.len(),
                        &mut needed,
                        &mut error,
                    )
                };
                let accepted = match (shadow_move(bits, time, comment), nth_mut(&mut next.variations, &mut { index })) {
                    (Some(m), Some(line)) if line.outcome.is_none() => {
                        line.moves.push(m);
                        next.check().is_ok()
                    }
                    _ => false,
                };
                (r, accepted)
            }
            _ => {
                let count = flatten(&shadow.variations).len();
                let index = usize::from(control.byte()) % (count + 1);
                let ending = i32::from(control.byte() % 18);
                let winner = i32::from(control.byte() % 5) - 2;
                let time = control.i32_small();
                // SAFETY: `game` has `room` bytes.
                let r = unsafe {
                    c::hayanagi_game_variation_set_ending(
                        game,
                        room,
                        index,
                        ending,
                        winner,
                        i64::from(time),
                        &mut needed,
                        &mut error,
                    )
                };
                let accepted = index < count && {
                    let to_move = end_of(&shadow, index).side_to_move();
                    match (shadow_outcome(ending, winner, time, to_move), nth_mut(&mut next.variations, &mut { index }))
                    {
                        (Some(outcome), Some(line)) => {
                            line.outcome = outcome;
                            next.check().is_ok()
                        }
                        _ => false,
                    }
                };
                (r, accepted)
            }
        };
        // The error's code is the call's (hayanagi_game_add_header takes no error).
        if op != 1 {
            assert_eq!(error.code, if r >= 0 { 0 } else { r });
        }
        if accepted && r != ErrorCode::BufferTooSmall.code() {
            assert!(r >= 0, "refused: {r}");
            shadow = next;
            check_game(game, &shadow);
        } else {
            assert!(r < 0);
            assert_eq!(arena, before, "a refused change wrote");
        }
        if r == ErrorCode::BufferTooSmall.code() {
            assert!(accepted);
            assert!(needed > room);
        }
    }
    check_write(&mut control, game, &shadow);

    // Games no call wrote.
    let zeroed = [0u8; FIXED_SIZE];
    // SAFETY: FIXED_SIZE readable bytes; NULL is refused.
    unsafe {
        assert_eq!(c::hayanagi_game_move_count(zeroed.as_ptr()), ErrorCode::NotAGame.code());
        assert_eq!(c::hayanagi_game_size(ptr::null()), ErrorCode::NullPointer.code());
    }
});
