//! Checks for the packed-format targets (`hcp`, `psfen`, `packed_records`).

use hayanagi::{Move16Error, Move16Format, PackedFormat, PackedRecord, Position, RecordReader, Records};

use crate::{assert_consistent, assert_sfen_round_trip};

/// The first 32 bytes of `data` (zero-padded) as a packed position of `format`, and the rest as 16-bit
/// move codes for it: never a panic; an error names a bit inside the record; an accepted position is
/// consistent, writes back to exactly the bytes read, equals the position read from its own SFEN,
/// writes and reads back in the other layout; every move code is accepted exactly when it is a legal
/// move, which encodes back to the code.
pub fn check_packed_position(format: PackedFormat, data: &[u8]) {
    let mut bytes = [0u8; 32];
    for (b, &d) in bytes.iter_mut().zip(data) {
        *b = d;
    }
    let pos = match Position::from_packed(&bytes, format) {
        Err(err) => {
            assert!(err.bit() < 256 && err.byte() == err.bit() / 8, "{err:?}");
            return;
        }
        Ok(pos) => pos,
    };
    assert_consistent(&pos);
    assert_eq!(pos.to_packed(format), Ok(bytes), "{pos:?} does not write back to the bytes read");
    assert_sfen_round_trip(&pos);
    let other = match format {
        PackedFormat::Hcp => PackedFormat::PackedSfen,
        PackedFormat::PackedSfen => PackedFormat::Hcp,
    };
    let Ok(converted) = pos.to_packed(other) else { panic!("{pos:?} fits {format} but not {other}") };
    assert_eq!(Position::from_packed(&converted, other).as_ref(), Ok(&pos));
    for pair in data.get(32..).unwrap_or(&[]).chunks_exact(2) {
        let code = u16::from_le_bytes([pair[0], pair[1]]);
        for layout in [Move16Format::Cshogi, Move16Format::YaneuraOu] {
            match pos.move_from_move16(code, layout) {
                Ok(mv) => {
                    assert!(pos.is_legal(mv));
                    assert_eq!(mv.to_move16(layout), code, "{layout:?} {code:04x} -> {mv}");
                }
                Err(Move16Error::Illegal(mv)) => assert!(!pos.is_legal(mv), "{mv} is legal"),
                Err(_) => {}
            }
        }
    }
}

/// `stream` read as records of `R` over the whole slice and in chunks of `chunk` bytes: both give the
/// same results; each error carries its record's index and an offset inside that record; each
/// accepted record writes back to its bytes and its position equals the one read from its SFEN.
pub fn check_records<R: PackedRecord + PartialEq + core::fmt::Debug>(stream: &[u8], chunk: usize) {
    let whole: Vec<_> = Records::<R>::new(stream).collect();
    let mut reader = RecordReader::<R>::new();
    let mut chunked = Vec::new();
    for piece in stream.chunks(chunk.max(1)) {
        chunked.extend(reader.feed(piece));
    }
    if let Err(err) = reader.finish() {
        chunked.push(Err(err));
    }
    assert_eq!(whole, chunked, "chunks of {chunk}");
    for (index, result) in whole.iter().enumerate() {
        let start = (index * R::SIZE) as u64;
        match result {
            Err(err) => {
                assert_eq!(err.index(), index as u64);
                assert!(err.offset() >= start && err.offset() <= start + R::SIZE as u64, "{err:?}");
            }
            Ok(record) => {
                assert_consistent(record.position());
                assert_sfen_round_trip(record.position());
                let mut out = [0u8; 40];
                assert_eq!(record.write(&mut out), Ok(()));
                assert_eq!(&out[..R::SIZE], &stream[index * R::SIZE..(index + 1) * R::SIZE]);
            }
        }
    }
}
