//! Packed positions (HCP, PackedSfen), 16-bit moves and training records (hcpe, PSV) against cshogi, byte for
//! byte both ways, from `tests/data/packed.txt` (written by `tests/differential/packed.py`; its docstring
//! describes the data), and the named cases where cshogi is lax. Plus properties that need no reference: every
//! code of every move round-trips, every single-bit change of an accepted record is rejected or re-encodes to
//! itself, and stream readers report the index and offset of a bad record.

use std::fmt::Write;

use hayanagi::{
    Color, GameResult, Hcpe, Move, Move16Error, Move16Format, PackError, PackedFormat, PackedRecord, Position, Psv,
    PsvResult, RecordErrorKind, RecordReader, RecordWriteError, RecordWriter, Records, SetupProblem, Square,
    UnpackErrorKind,
};

const DATA: &str = include_str!("data/packed.txt");
/// The data must not silently shrink.
const MIN_POSITIONS: usize = 3_000;
const MIN_LAX: usize = 32;

fn hex(text: &str) -> Vec<u8> {
    assert!(text.len().is_multiple_of(2), "odd hex {text:?}");
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(&text[i..i + 2], 16).expect("hex")).collect()
}

fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().fold(String::new(), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

fn array32(bytes: &[u8]) -> [u8; 32] {
    bytes.try_into().expect("32 bytes")
}

fn fnv1a64(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3))
}

/// The position with ply 1, as the packed formats read it back.
fn at_ply_1(sfen: &str) -> Position {
    let fields: Vec<&str> = sfen.split(' ').collect();
    Position::from_sfen(&format!("{} {} {} 1", fields[0], fields[1], fields[2])).expect("valid SFEN")
}

/// `usi=move16=psv` for every legal move, sorted by USI, as the generator writes them.
fn codes_text(pos: &Position) -> String {
    let mut codes: Vec<(String, u16, u16)> = pos
        .legal_moves()
        .iter()
        .map(|mv| (mv.to_string(), mv.to_move16(Move16Format::Cshogi), mv.to_move16(Move16Format::YaneuraOu)))
        .collect();
    codes.sort();
    codes.iter().map(|(usi, a, b)| format!("{usi}={a:04x}={b:04x}")).collect::<Vec<_>>().join(" ")
}

fn check_position(fields: &[&str]) -> Result<(), String> {
    let [label, sfen, hcp, psfen, hash, sample, hcpe, psv] = fields[..] else {
        return Err(format!("{} fields, expected 8", fields.len()));
    };
    let pos = Position::from_sfen(sfen).map_err(|e| format!("{label}: SFEN rejected: {e}"))?;
    let plain = at_ply_1(sfen);
    for (format, expected) in [(PackedFormat::Hcp, hcp), (PackedFormat::PackedSfen, psfen)] {
        let packed = pos.to_packed(format).map_err(|e| format!("{format}: {e}"))?;
        if to_hex(&packed) != expected {
            return Err(format!("{format}: wrote {}, cshogi {expected}", to_hex(&packed)));
        }
        let read = Position::from_packed(&array32(&hex(expected)), format).map_err(|e| format!("{format}: {e}"))?;
        if read != plain {
            return Err(format!("{format}: read {}, expected {}", read.sfen(), plain.sfen()));
        }
    }
    let all = codes_text(&pos);
    if fnv1a64(&all) != u64::from_str_radix(hash, 16).map_err(|e| e.to_string())? {
        return Err(format!("move codes differ from cshogi's: {all}"));
    }
    if sample != "-" {
        for entry in sample.split(' ') {
            let [usi, m16, psv] = entry.split('=').collect::<Vec<_>>()[..] else { return Err(entry.into()) };
            let mv = pos.parse_usi_move(usi).map_err(|e| format!("{usi}: {e}"))?;
            for (format, code) in [(Move16Format::Cshogi, m16), (Move16Format::YaneuraOu, psv)] {
                let code = u16::from_str_radix(code, 16).map_err(|e| e.to_string())?;
                if pos.move_from_move16(code, format) != Ok(mv) || mv.to_move16(format) != code {
                    return Err(format!("{usi}: {format:?} code {code:04x}"));
                }
            }
        }
    }
    if hcpe != "-" {
        let bytes = hex(hcpe);
        let record = Hcpe::read(&bytes).map_err(|(at, e)| format!("hcpe byte {at}: {e}"))?;
        if record.position != plain {
            return Err("hcpe position".into());
        }
        let mut out = [0u8; 40];
        record.write(&mut out).map_err(|e| e.to_string())?;
        if out[..38] != bytes[..] {
            return Err(format!("hcpe rewritten as {}", to_hex(&out[..38])));
        }
        let bytes = hex(psv);
        let record = Psv::read(&bytes).map_err(|(at, e)| format!("psv byte {at}: {e}"))?;
        let ply = u16::from_le_bytes([bytes[36], bytes[37]]) as u64;
        if record.position.sfen().to_string()
            != format!("{} {ply}", plain.sfen().to_string().rsplit_once(' ').unwrap().0)
        {
            return Err("psv position".into());
        }
        record.write(&mut out).map_err(|e| e.to_string())?;
        if out[..] != bytes[..] {
            return Err(format!("psv rewritten as {}", to_hex(&out)));
        }
    }
    Ok(())
}

fn expected_kind(name: &str, format: PackedFormat, bytes: &[u8]) -> Result<UnpackErrorKind, String> {
    let black_king = (bytes[0] >> 1) & 0x7f;
    Ok(match name {
        "no-king" => UnpackErrorKind::NoKing { color: if black_king == 81 { Color::Black } else { Color::White } },
        "kings-on-one-square" => UnpackErrorKind::KingsOnOneSquare,
        // A broken rule: the reader's kind is the rule's problem, wherever it stands.
        "nifu" | "opponent-in-check" | "dead-piece" => {
            let fits = |problem: &SetupProblem| match name {
                "nifu" => matches!(problem, SetupProblem::Nifu { color: Color::Black, .. }),
                "opponent-in-check" => matches!(problem, SetupProblem::OpponentInCheck { .. }),
                _ => matches!(problem, SetupProblem::DeadPiece { .. }),
            };
            return Position::from_packed(&array32(bytes), format)
                .err()
                .map(|e| e.kind())
                .filter(|kind| matches!(kind, UnpackErrorKind::Setup(problem) if fits(problem)))
                .ok_or_else(|| format!("expected {name}"));
        }
        other => return Err(format!("unknown expectation {other:?}")),
    })
}

fn check_lax(fields: &[&str]) -> Result<(), String> {
    let [label, format, bytes, cshogi_reads, expected, sfen] = fields[..] else {
        return Err(format!("{} fields, expected 6", fields.len()));
    };
    let format = match format {
        "hcp" => PackedFormat::Hcp,
        "psfen" => PackedFormat::PackedSfen,
        other => return Err(format!("format {other:?}")),
    };
    let bytes = hex(bytes);
    if expected == "rejected" {
        return match Position::from_packed(&array32(&bytes), format) {
            Ok(pos) => Err(format!("{label}: accepted as {}; cshogi reads {cshogi_reads}", pos.sfen())),
            Err(_) => Ok(()),
        };
    }
    if expected == "drops-piece" {
        // hayanagi reads what cshogi reads, and refuses the SFEN cshogi was given.
        let read = Position::from_packed(&array32(&bytes), format).map_err(|e| e.to_string())?;
        if read != at_ply_1(&format!("{cshogi_reads} 1")) || Position::from_sfen(sfen).is_ok() {
            return Err(format!("{label}: read {}", read.sfen()));
        }
        return Ok(());
    }
    let kind = expected_kind(expected, format, &bytes)?;
    match Position::from_packed(&array32(&bytes), format) {
        Ok(pos) => return Err(format!("{label}: accepted as {}; cshogi reads {cshogi_reads}", pos.sfen())),
        Err(e) if e.kind() != kind => return Err(format!("{label}: {e}, expected {kind}")),
        Err(_) => {}
    }
    // Where hayanagi reads the SFEN (the positions without kings), it refuses to pack it.
    if let Ok(pos) = Position::from_sfen(sfen)
        && !matches!(pos.to_packed(format), Err(PackError::MissingKing { .. }))
    {
        return Err(format!("{label}: packed a position without both kings"));
    }
    Ok(())
}

#[test]
fn packed_formats_agree_with_cshogi() {
    let (mut positions, mut lax, mut kingless, mut failures) = (0, 0, 0, Vec::new());
    for (number, line) in DATA.lines().enumerate() {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let result = match fields[0] {
            "pos" => {
                positions += 1;
                check_position(&fields[1..])
            }
            "lax" => {
                lax += 1;
                check_lax(&fields[1..])
            }
            "kingless" => {
                kingless += 1;
                let pos = Position::from_sfen(fields[2]).map_err(|e| e.to_string());
                pos.and_then(|pos| match pos.to_packed(PackedFormat::Hcp) {
                    Err(PackError::MissingKing { .. }) => Ok(()),
                    other => Err(format!("{other:?}")),
                })
            }
            other => Err(format!("unknown line kind {other:?}")),
        };
        if let Err(e) = result {
            failures.push(format!("line {}: {e}\n  {line}", number + 1));
        }
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures[..failures.len().min(20)].join("\n"));
    assert!(positions >= MIN_POSITIONS && lax >= MIN_LAX && kingless > 0, "{positions} positions, {lax} lax");
}

/// cshogi writes a position without both kings by dropping the bits past 256 (the stream would need 257
/// bits for one king missing, 258 for both): `9/9/9/9/9/9/9/9/9 b - 1` comes back from its PackedSfen as
/// `9/9/9/9/9/9/9/9/9 b R 1` (the data file's `lax no-kings psfen` line). hayanagi refuses both ways.
#[test]
fn positions_without_both_kings_are_not_packed() {
    let pos = Position::from_sfen("9/9/9/9/9/9/9/9/9 b - 1").unwrap();
    for format in [PackedFormat::Hcp, PackedFormat::PackedSfen] {
        assert_eq!(pos.to_packed(format), Err(PackError::MissingKing { color: Color::Black }));
    }
    let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/9 b RB2G2S2N2L9P2g2s2n2l9p 1").unwrap();
    assert_eq!(pos.to_packed(PackedFormat::Hcp), Err(PackError::MissingKing { color: Color::Black }));
}

/// cshogi reads 32 zero bytes as both kings on 1a and 22 black pawns in hand (`8k/9/9/9/9/9/9/9/9 b 22P`);
/// hayanagi names the first thing wrong: the white king's square is the black king's.
#[test]
fn cshogi_reads_zero_bytes_hayanagi_rejects_them() {
    for format in [PackedFormat::Hcp, PackedFormat::PackedSfen] {
        let err = Position::from_packed(&[0; 32], format).unwrap_err();
        assert_eq!((err.bit(), err.kind()), (8, UnpackErrorKind::KingsOnOneSquare));
    }
}

/// Every one of the 65,536 codes in both layouts: what decodes re-encodes to the same code, and every move
/// of hayanagi's encodes to a code that decodes to it.
#[test]
fn every_move16_code_round_trips() {
    for format in [Move16Format::Cshogi, Move16Format::YaneuraOu] {
        let mut accepted = 0;
        for code in 0..=u16::MAX {
            if let Ok(mv) = Move::from_move16(code, format) {
                assert_eq!(mv.to_move16(format), code, "{format:?} {code:04x} -> {mv}");
                accepted += 1;
            }
        }
        // 81 * 80 board moves with and without promotion, 7 * 81 drops.
        assert_eq!(accepted, 81 * 80 * 2 + 7 * 81, "{format:?}");
    }
    assert_eq!(Move::from_move16(0, Move16Format::Cshogi), Err(Move16Error::NoMove));
    assert_eq!(Move::from_move16(0x8000 | 0x1e3b, Move16Format::Cshogi), Err(Move16Error::UnusedBit));
    assert_eq!(Move::from_move16(0x81, Move16Format::YaneuraOu), Err(Move16Error::SameSquare));
    assert_eq!(Move::from_move16(0xc128, Move16Format::YaneuraOu), Err(Move16Error::DropPromotion));
    assert_eq!(Move::from_move16(0x4000 | 8 << 7, Move16Format::YaneuraOu), Err(Move16Error::BadOrigin { value: 8 }));
    assert_eq!(Move::from_move16(88 << 7, Move16Format::Cshogi), Err(Move16Error::BadOrigin { value: 88 }));
    assert_eq!(Move::from_move16(81, Move16Format::Cshogi), Err(Move16Error::BadSquare { value: 81 }));
}

/// A promotion code for a piece that cannot promote there is illegal, not read as the plain move.
#[test]
fn move16_promotion_bit_must_match() {
    let pos = Position::startpos();
    let plain = Move::normal(Square::SQ_7G, Square::SQ_7F, false).unwrap();
    let promoting = Move::normal(Square::SQ_7G, Square::SQ_7F, true).unwrap();
    for format in [Move16Format::Cshogi, Move16Format::YaneuraOu] {
        assert_eq!(pos.move_from_move16(plain.to_move16(format), format), Ok(plain));
        assert_eq!(pos.move_from_move16(promoting.to_move16(format), format), Err(Move16Error::Illegal(promoting)));
    }
}

/// Every single-bit change of accepted packed positions: rejected, or accepted and re-encoded to exactly the
/// changed bytes (no two byte strings read as one position).
#[test]
fn single_bit_changes_are_rejected_or_round_trip() {
    let mut checked = 0;
    for line in DATA.lines().filter(|l| l.starts_with("pos\t")).step_by(20) {
        let fields: Vec<&str> = line.split('\t').collect();
        for (format, field) in [(PackedFormat::Hcp, fields[3]), (PackedFormat::PackedSfen, fields[4])] {
            let bytes = array32(&hex(field));
            for bit in 0..256 {
                let mut changed = bytes;
                changed[bit / 8] ^= 1 << (bit % 8);
                if let Ok(pos) = Position::from_packed(&changed, format) {
                    assert_eq!(pos.to_packed(format), Ok(changed), "{format} bit {bit} of {field}");
                    assert_eq!(Position::from_sfen(&pos.sfen().to_string()).as_ref(), Ok(&pos));
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 20_000);
}

fn startpos_hcpe() -> Hcpe {
    let position = Position::startpos();
    Hcpe { best_move: position.parse_usi_move("7g7f").unwrap(), position, eval: 100, result: GameResult::WhiteWin }
}

#[test]
fn record_fields_are_checked() {
    let mut bytes = [0u8; 40];
    startpos_hcpe().write(&mut bytes).unwrap();
    let record = &bytes[..Hcpe::SIZE];
    let mut bad = record.to_vec();
    bad[36] = 3;
    assert_eq!(Hcpe::read(&bad), Err((36, RecordErrorKind::GameResult { value: 3 })));
    let mut bad = record.to_vec();
    bad[37] = 1;
    assert_eq!(Hcpe::read(&bad), Err((37, RecordErrorKind::Padding { value: 1 })));
    let mut bad = record.to_vec();
    bad[34..36].copy_from_slice(&0u16.to_le_bytes());
    assert_eq!(Hcpe::read(&bad), Err((34, RecordErrorKind::Move(Move16Error::NoMove))));

    let position = Position::from_usi_position("position startpos moves 7g7f").unwrap();
    let psv = Psv { mv: position.parse_usi_move("3c3d").unwrap(), position, score: -5, result: PsvResult::Loss };
    psv.write(&mut bytes).unwrap();
    assert_eq!(bytes[38], 0xff);
    let mut bad = bytes;
    bad[36..38].copy_from_slice(&[0, 0]);
    assert_eq!(Psv::read(&bad), Err((36, RecordErrorKind::PlyZero)));
    let mut bad = bytes;
    bad[38] = 2;
    assert_eq!(Psv::read(&bad), Err((38, RecordErrorKind::GameResult { value: 2 })));
    // The move must be legal for the side to move (White here).
    let mut bad = bytes;
    bad[34..36].copy_from_slice(
        &Move::normal(Square::SQ_7F, Square::SQ_7E, false).unwrap().to_move16(Move16Format::YaneuraOu).to_le_bytes(),
    );
    assert!(matches!(Psv::read(&bad), Err((34, RecordErrorKind::Move(Move16Error::Illegal(_))))));
    let big = Position::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 65536").unwrap();
    let psv = Psv { mv: big.parse_usi_move("3c3d").unwrap(), position: big, score: 0, result: PsvResult::Draw };
    assert_eq!(psv.write(&mut bytes), Err(PackError::PlyTooLarge { ply: 65536 }));
}

/// A stream with a bad record in the middle: the reader names its index and the byte offset of the bad field,
/// and goes on; fed in chunks of every size it yields the same as over the whole slice.
#[test]
fn streams_report_index_and_offset() {
    let record = startpos_hcpe();
    let mut buf = [0u8; 38 * 5];
    let mut writer = RecordWriter::new(&mut buf);
    for _ in 0..5 {
        writer.push(&record).unwrap();
    }
    assert_eq!(writer.push(&record), Err(RecordWriteError::BufferFull));
    assert_eq!(writer.len(), 190);
    buf[2 * 38 + 36] = 9;
    let whole: Vec<_> = Records::<Hcpe>::new(&buf[..189]).collect();
    assert_eq!(whole.len(), 5);
    let err = whole[2].as_ref().unwrap_err();
    assert_eq!((err.index(), err.offset(), err.kind()), (2, 2 * 38 + 36, RecordErrorKind::GameResult { value: 9 }));
    assert_eq!(err.to_string(), "record 2 at byte 112: game result 9 is not one of the format's");
    let last = whole[4].as_ref().unwrap_err();
    assert_eq!((last.index(), last.offset(), last.kind()), (4, 189, RecordErrorKind::Truncated { len: 37 }));
    for size in 1..=80 {
        let mut reader = RecordReader::<Hcpe>::new();
        let mut got = Vec::new();
        for chunk in buf[..189].chunks(size) {
            got.extend(reader.feed(chunk));
        }
        got.push(reader.finish().map(|()| record.clone()));
        assert_eq!(got, whole, "chunks of {size}");
    }
}
