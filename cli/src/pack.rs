//! `hayanagi pack hcp|psfen` and `hayanagi unpack hcp|psfen`: positions to and from 32-byte packed
//! layouts, one per line, as lowercase hex.

use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};

use hayanagi::{MAX_SFEN_LEN, PackedFormat, Position};

use crate::{Failure, MAX_LINE, parse_position, strip_line_end};

/// Which way to convert.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Direction {
    /// Positions in, hex out.
    Pack,
    /// Hex in, SFEN out.
    Unpack,
}

/// Runs `pack` or `unpack` with its one argument, the layout, on stdin and stdout.
pub(crate) fn pack_command(direction: Direction, args: &[String]) -> Result<(), Failure> {
    let name = if direction == Direction::Pack { "pack" } else { "unpack" };
    let format = match args {
        [format] if format == "hcp" => PackedFormat::Hcp,
        [format] if format == "psfen" => PackedFormat::PackedSfen,
        _ => return Err(Failure::BadArguments(format!("{name} takes one argument, hcp or psfen, got {args:?}"))),
    };
    let mut input = BufReader::with_capacity(1 << 16, io::stdin().lock());
    convert(direction, format, &mut input, io::stdout().lock())
}

/// Converts every line of `input`; stops at the first bad line with an error naming it (the lines
/// before it are written).
pub(crate) fn convert<R: Read>(
    direction: Direction,
    format: PackedFormat,
    input: &mut BufReader<R>,
    out: impl Write,
) -> Result<(), Failure> {
    let mut out = BufWriter::with_capacity(1 << 16, out);
    let mut line = Vec::new();
    let mut number = 0u64;
    loop {
        line.clear();
        let read = input.by_ref().take(MAX_LINE as u64 + 1).read_until(b'\n', &mut line).map_err(Failure::Input)?;
        if read == 0 {
            break;
        }
        number += 1;
        let result = if line.len() > MAX_LINE && line.last() != Some(&b'\n') {
            Err(format!("longer than {MAX_LINE} bytes"))
        } else {
            match direction {
                Direction::Pack => pack_line(strip_line_end(&line), format, &mut out)?,
                Direction::Unpack => unpack_line(strip_line_end(&line), format, &mut out)?,
            }
        };
        if let Err(message) = result {
            out.flush()?;
            return Err(Failure::BadPosition(format!("line {number}: {message}")));
        }
        if input.buffer().is_empty() {
            out.flush()?;
        }
    }
    out.flush()?;
    Ok(())
}

/// Writes the line's position as hex; the outer error is an I/O error, the inner one the line's.
fn pack_line(line: &[u8], format: PackedFormat, out: &mut impl Write) -> Result<Result<(), String>, Failure> {
    let pos = match parse_position(line) {
        Ok(pos) => pos,
        Err(message) => return Ok(Err(message)),
    };
    let bytes = match pos.to_packed(format) {
        Ok(bytes) => bytes,
        Err(error) => return Ok(Err(format!("{format}: {error}"))),
    };
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut hex = [0u8; 65];
    for (pair, byte) in hex.chunks_exact_mut(2).zip(bytes) {
        pair[0] = DIGITS[(byte >> 4) as usize];
        pair[1] = DIGITS[(byte & 15) as usize];
    }
    hex[64] = b'\n';
    out.write_all(&hex)?;
    Ok(Ok(()))
}

/// Reads 64 hex digits (either case) and writes the position as SFEN (ply 1).
fn unpack_line(line: &[u8], format: PackedFormat, out: &mut impl Write) -> Result<Result<(), String>, Failure> {
    if line.len() != 64 {
        return Ok(Err(format!("{} bytes, expected 64 hex digits", line.len())));
    }
    let mut bytes = [0u8; 32];
    for (index, &digit) in line.iter().enumerate() {
        let Some(value) = (digit as char).to_digit(16) else {
            return Ok(Err(format!("column {}: {:?} is not a hex digit", index + 1, digit as char)));
        };
        bytes[index / 2] |= (value as u8) << if index % 2 == 0 { 4 } else { 0 };
    }
    let pos = match Position::from_packed(&bytes, format) {
        Ok(pos) => pos,
        Err(error) => return Ok(Err(format!("{format} {error} (hex column {})", error.byte() * 2 + 1))),
    };
    let mut sfen = [0u8; MAX_SFEN_LEN + 1];
    match pos.write_sfen(&mut sfen) {
        Ok(len) => {
            sfen[len] = b'\n';
            out.write_all(&sfen[..=len])?;
        }
        // Unreachable: MAX_SFEN_LEN bounds every position's SFEN.
        Err(len) => return Ok(Err(format!("SFEN of {len} bytes"))),
    }
    Ok(Ok(()))
}
