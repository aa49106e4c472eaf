//! `hayanagi convert --to usi|csa|kif|ki2|jkf [--encoding utf-8|shift_jis] [--game N] [--main-line] [FILE]`:
//! reads a USI position command, a CSA, KIF, KI2 or JKF record (format and encoding detected; stdin
//! when no FILE) and writes it in the chosen format (UTF-8 unless `--encoding shift_jis`), with its
//! variations where the format holds them (KIF, KI2, JKF); converting to CSA or USI drops them with a
//! note on stderr saying how many, `--main-line` drops them without one. A CSA file of
//! several games (`/` lines) gives its first, or game N (from 1) with `--game N`; the others are
//! named on stderr.

use std::io::{self, Read, Write};

use hayanagi_records::{Format, Record, TextEncoding};

use crate::Failure;

pub(crate) fn command(args: &[String]) -> Result<(), Failure> {
    let mut to = None;
    let mut encoding = TextEncoding::Utf8;
    let mut file = None;
    let mut game = None;
    let mut main_line = false;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--to" => {
                to = Some(match args.next().map(String::as_str) {
                    Some("usi") => Format::Usi,
                    Some("csa") => Format::Csa,
                    Some("kif") => Format::Kif,
                    Some("ki2") => Format::Ki2,
                    Some("jkf") => Format::Jkf,
                    other => {
                        return Err(Failure::BadArguments(format!(
                            "--to takes usi, csa, kif, ki2 or jkf, got {other:?}"
                        )));
                    }
                })
            }
            "--encoding" => {
                encoding = match args.next().map(String::as_str) {
                    Some("utf-8" | "utf8") => TextEncoding::Utf8,
                    Some("shift_jis" | "sjis" | "cp932") => TextEncoding::ShiftJis,
                    other => {
                        return Err(Failure::BadArguments(format!(
                            "--encoding takes utf-8 or shift_jis, got {other:?}"
                        )));
                    }
                }
            }
            "--main-line" => main_line = true,
            "--game" => {
                game = match args.next().map(|n| n.parse::<usize>()) {
                    Some(Ok(n)) if n >= 1 => Some(n),
                    _ => return Err(Failure::BadArguments("--game takes a game number from 1".into())),
                }
            }
            option if option.starts_with("--") => return Err(crate::unknown_option(option)),
            path if file.is_none() => file = Some(path.to_string()),
            extra => return Err(Failure::BadArguments(format!("convert takes one FILE, got {extra:?} too"))),
        }
    }
    let Some(to) = to else { return Err(Failure::BadArguments("convert needs --to usi|csa|kif|ki2|jkf".into())) };
    let (bytes, name) = match &file {
        Some(path) => match std::fs::read(path) {
            Ok(bytes) => (bytes, path.as_str()),
            Err(error) => return Err(Failure::BadArguments(format!("{path}: {error}"))),
        },
        None => {
            let mut bytes = Vec::new();
            io::stdin().lock().read_to_end(&mut bytes).map_err(Failure::Input)?;
            (bytes, "stdin")
        }
    };
    let mut games = Record::read_all_bytes(&bytes, None).map_err(|e| Failure::BadPosition(format!("{name}: {e}")))?;
    let count = games.len();
    let index = game.unwrap_or(1);
    if index > count {
        return Err(Failure::BadArguments(format!("{name} holds {count} game(s), there is no game {index}")));
    }
    if count > 1 && game.is_none() {
        eprintln!("hayanagi: {name} holds {count} games; converted game 1 (--game N converts another)");
    }
    let mut record = games.swap_remove(index - 1);
    // CSA and USI hold no variations: dropped with a word, or knowingly with --main-line.
    let variations: usize = record.variations.iter().map(hayanagi_records::Variation::count).sum();
    if main_line {
        record.variations.clear();
    } else if variations > 0 && matches!(to, Format::Csa | Format::Usi) {
        eprintln!(
            "hayanagi: {name}: {variations} variation(s) dropped ({to} holds only the main line; --main-line drops them without this note)"
        );
        record.variations.clear();
    }
    let mut out = io::stdout().lock();
    let bytes = record.write_bytes(to, encoding).map_err(|e| Failure::BadPosition(format!("{name}: {e}")))?;
    out.write_all(&bytes)?;
    out.flush()?;
    Ok(())
}
