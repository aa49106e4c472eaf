//! CSA standard record files, V2.2 and V3.0: read and write.

use hayanagi::{Color, File, Piece, PieceKind, Position, Rank, Setup, Square};

use crate::handicap;

use crate::{Ending, Outcome, ReadError, ReadErrorKind, Record, RecordMove, seconds, validate};

/// CSA `$` keys and the header names records use for them.
const KEYS: [(&str, &str); 11] = [
    ("N+", "先手"),
    ("N-", "後手"),
    // A handicap game's names: Black is 下手, White 上手.
    ("N+", "下手"),
    ("N-", "上手"),
    ("$EVENT", "棋戦"),
    ("$SITE", "場所"),
    ("$START_TIME", "開始日時"),
    ("$END_TIME", "終了日時"),
    ("$TIME_LIMIT", "持ち時間"),
    ("$TIME", "持ち時間"),
    ("$OPENING", "戦型"),
];

/// CSA ending codes (without `%`). `+ILLEGAL_ACTION` / `-ILLEGAL_ACTION` are handled apart.
const ENDINGS: [(&str, Ending); 13] = [
    ("TORYO", Ending::Resign),
    ("CHUDAN", Ending::Abort),
    ("SENNICHITE", Ending::Repetition),
    ("JISHOGI", Ending::Impasse),
    ("MAX_MOVES", Ending::MaxMoves),
    ("TSUMI", Ending::Mate),
    ("FUZUMI", Ending::NoMate),
    ("TIME_UP", Ending::TimeUp),
    ("ILLEGAL_MOVE", Ending::IllegalMove),
    ("KACHI", Ending::Declaration),
    ("ERROR", Ending::Error),
    ("HIKIWAKE", Ending::Impasse),
    ("MATTA", Ending::TakeBack),
];

/// Whether `line` (the first of a text that is not blank) is one only CSA has: a `'` comment, a
/// version (`V2.2`), a name (`N+`), a `$` header, a position line (`PI`, `P1`..`P9`, `P+`, `P-`),
/// a side to move (`+`, `-`), a move (`+7776FU`) or an ending (`%TORYO`). A KIF board frame
/// (`+----`) is none of these.
pub(crate) fn is_csa_line(line: &str) -> bool {
    let b = line.trim_end().as_bytes();
    match b {
        [b'\'', ..] | [b'$', ..] | [b'%', ..] | [b'+' | b'-'] => true,
        [b'V', d, ..] => d.is_ascii_digit(),
        [b'N', b'+' | b'-', ..] => true,
        [b'P', c, ..] => matches!(c, b'I' | b'1'..=b'9' | b'+' | b'-'),
        [b'+' | b'-', rest @ ..] => {
            rest.len() >= 6 && rest[..4].iter().all(u8::is_ascii_digit) && rest[4..6].iter().all(u8::is_ascii_uppercase)
        }
        _ => false,
    }
}

fn err(line: usize, column: usize, kind: ReadErrorKind) -> ReadError {
    ReadError::new(line, column, kind)
}

fn expected(line: usize, column: usize, what: &'static str) -> ReadError {
    err(line, column, ReadErrorKind::Expected(what))
}

/// A square written as two digits 1-9 (file, rank).
fn square(text: &[u8]) -> Option<Square> {
    match text {
        [f @ b'1'..=b'9', r @ b'1'..=b'9'] => {
            let file = hayanagi::File::new(f - b'0')?;
            let rank = hayanagi::Rank::try_index(usize::from(r - b'1'))?;
            Some(Square::new(file, rank))
        }
        _ => None,
    }
}

struct Reader {
    record: Record,
    /// The board and hands so far: empty until `PI` or `P1`..`P9` (CSA 2.4: `P+`/`P-` lines alone
    /// place pieces on an empty board).
    setup: Setup,
    /// The position once the side-to-move line (or the first move) fixed it.
    pos: Option<Position>,
    /// A position line was read (without any, the start is the even game).
    setup_given: bool,
    ended: bool,
}

impl Reader {
    fn position(&mut self, line: usize) -> Result<&mut Position, ReadError> {
        if self.pos.is_none() {
            if !self.setup_given {
                let side = self.setup.side_to_move;
                self.setup = Setup::from(&crate::startpos());
                self.setup.side_to_move = side;
            }
            let even = crate::startpos();
            let pos = if self.setup == Setup::from(&even) {
                even
            } else {
                validate(&self.setup).map_err(|e| err(line, 1, ReadErrorKind::Position(e)))?
            };
            if self.record.handicap.is_none() && self.setup_given {
                self.record.handicap = crate::handicap_of(&pos);
            }
            self.record.start = pos.clone();
            self.pos = Some(pos);
        }
        match self.pos.as_mut() {
            Some(pos) => Ok(pos),
            None => Err(expected(line, 1, "a position")),
        }
    }

    fn statement(&mut self, text: &str, line: usize, col: usize) -> Result<(), ReadError> {
        let bytes = text.as_bytes();
        match bytes.first() {
            None => Ok(()),
            Some(b'+' | b'-') if bytes.len() == 1 => {
                if self.pos.is_some() {
                    return Err(err(line, col, ReadErrorKind::PositionAfterMoves));
                }
                self.setup.side_to_move = if bytes[0] == b'+' { Color::Black } else { Color::White };
                self.position(line).map(|_| ())
            }
            Some(b'+' | b'-') => {
                if self.ended {
                    return Err(err(line, col, ReadErrorKind::MoveAfterEnd));
                }
                let pos = self.position(line)?;
                let mv = pos.parse_csa_move(bytes).map_err(|e| {
                    let kind = match e.kind() {
                        hayanagi::CsaMoveErrorKind::Illegal(mv) => match pos.illegality(mv) {
                            Some(why) => ReadErrorKind::Illegal { mv, why },
                            None => ReadErrorKind::CsaMove(e),
                        },
                        _ => ReadErrorKind::CsaMove(e),
                    };
                    err(line, col + e.offset(), kind)
                })?;
                pos.play_unchecked(mv);
                self.record.moves.push(RecordMove { mv, time_ms: None, comments: Vec::new() });
                Ok(())
            }
            Some(b'T') => {
                let time =
                    parse_time(&text[1..]).ok_or_else(|| expected(line, col + 1, "seconds after T (T12, T1.5)"))?;
                if let Some(outcome) = self.record.outcome.as_mut().filter(|_| self.ended) {
                    outcome.time_ms = Some(time);
                } else if let Some(last) = self.record.moves.last_mut() {
                    last.time_ms = Some(time);
                }
                Ok(())
            }
            Some(b'%') => {
                let code = &text[1..];
                let to_move = self.position(line)?.side_to_move();
                let (ending, winner) = match code {
                    "+ILLEGAL_ACTION" => (Ending::IllegalAction, Some(Color::White)),
                    "-ILLEGAL_ACTION" => (Ending::IllegalAction, Some(Color::Black)),
                    _ => match ENDINGS.iter().find(|(c, _)| *c == code) {
                        Some(&(_, ending)) => (ending, Outcome::default_winner(ending, to_move)),
                        None => return Err(expected(line, col, "an ending such as %TORYO")),
                    },
                };
                if !self.ended {
                    let outcome = Outcome { ending, winner, time_ms: None };
                    if !crate::ending_possible(self.position(line)?, &outcome) {
                        return Err(err(line, col, ReadErrorKind::EndingContradicts(ending)));
                    }
                    self.record.outcome = Some(outcome);
                    self.ended = true;
                }
                Ok(())
            }
            _ => Err(expected(line, col, "a move (+7776FU), a time (T12) or an ending (%TORYO)")),
        }
    }

    /// `P1`..`P9`, `PI`, `P+`, `P-`.
    fn position_line(&mut self, text: &str, line: usize) -> Result<(), ReadError> {
        if self.pos.is_some() {
            return Err(err(line, 1, ReadErrorKind::PositionAfterMoves));
        }
        // Trailing blanks are no part of a line (`PI `, `P+00FU `); a row whose last cell ` * `
        // lost its blank is padded back.
        let text = text.trim_end();
        let padded;
        let bytes = if matches!(text.as_bytes().get(1), Some(b'1'..=b'9')) && text.len() == 28 && text.ends_with('*') {
            padded = format!("{text:<29}");
            padded.as_bytes()
        } else {
            text.as_bytes()
        };
        self.setup_given = true;
        match bytes.get(1) {
            Some(b'I') => {
                self.setup = Setup::from(&crate::startpos());
                let mut at = 2;
                while at < bytes.len() {
                    let (Some(sq), Some(kind)) = (
                        bytes.get(at..at + 2).and_then(square),
                        bytes.get(at + 2..at + 4).and_then(PieceKind::from_csa),
                    ) else {
                        return Err(expected(line, at + 1, "a removed piece such as 82HI"));
                    };
                    match self.setup.board[sq.index()] {
                        Some(piece) if piece.kind() == kind => self.setup.board[sq.index()] = None,
                        _ => return Err(expected(line, at + 1, "a square holding the named piece")),
                    }
                    at += 4;
                }
                Ok(())
            }
            Some(&r @ b'1'..=b'9') => {
                let rank = Rank::ALL[usize::from(r - b'1')];
                // Cells from file 9 to file 1, as a board diagram reads.
                for (col, file) in File::ALL.into_iter().rev().enumerate() {
                    let at = 2 + col * 3;
                    let Some(cell) = bytes.get(at..at + 3) else {
                        return Err(expected(line, at + 1, "9 cells of 3 characters (+FU, -KY, ' * ')"));
                    };
                    self.setup.board[Square::new(file, rank).index()] = match cell {
                        [b' ', b'*', b' '] => None,
                        [sign @ (b'+' | b'-'), code @ ..] => match PieceKind::from_csa(code) {
                            Some(kind) => {
                                Some(Piece::new(if *sign == b'+' { Color::Black } else { Color::White }, kind))
                            }
                            None => return Err(expected(line, at + 2, "a piece code")),
                        },
                        _ => return Err(expected(line, at + 1, "+, - or ' * ' for a cell")),
                    };
                }
                if bytes.len() > 29 && !text.get(29..).is_none_or(|t| t.trim().is_empty()) {
                    return Err(expected(line, 30, "the end of the row"));
                }
                Ok(())
            }
            Some(&sign @ (b'+' | b'-')) => {
                let color = if sign == b'+' { Color::Black } else { Color::White };
                let mut at = 2;
                while at < bytes.len() {
                    let Some(chunk) = bytes.get(at..at + 4) else {
                        return Err(expected(line, at + 1, "a square and a piece code (00FU, 55KA, 00AL)"));
                    };
                    if chunk == b"00AL" {
                        self.setup.give_rest_to(color);
                    } else {
                        let Some(kind) = PieceKind::from_csa(&chunk[2..]) else {
                            return Err(expected(line, at + 3, "a piece code"));
                        };
                        if &chunk[..2] == b"00" {
                            if !kind.is_hand_kind() {
                                return Err(expected(line, at + 3, "a piece that can be in hand"));
                            }
                            let hand = &mut self.setup.hands[color.index()];
                            *hand = hand.with(kind, hand.count(kind).saturating_add(1));
                        } else {
                            let Some(sq) = square(&chunk[..2]) else {
                                return Err(expected(line, at + 1, "a square (two digits 1-9) or 00"));
                            };
                            self.setup.board[sq.index()] = Some(Piece::new(color, kind));
                        }
                    }
                    at += 4;
                }
                Ok(())
            }
            _ => Err(expected(line, 2, "PI, P1-P9, P+ or P-")),
        }
    }
}

/// Seconds, with an optional fraction (V3.0 allows milliseconds), in milliseconds.
fn parse_time(text: &str) -> Option<u64> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty() || whole.len() > 12 || fraction.len() > 3 || text.ends_with('.') {
        return None;
    }
    let mut seconds_whole: u64 = 0;
    for b in whole.bytes() {
        if !b.is_ascii_digit() {
            return None;
        }
        seconds_whole = seconds_whole * 10 + u64::from(b - b'0');
    }
    let mut ms: u64 = 0;
    for (i, b) in fraction.bytes().enumerate() {
        if !b.is_ascii_digit() {
            return None;
        }
        ms += u64::from(b - b'0') * [100, 10, 1][i];
    }
    Some(seconds(seconds_whole) + ms)
}

fn new_reader(text: &str) -> Reader {
    let mut record = Record::new(crate::startpos());
    // About one move per 12 bytes (`+7776FU` and a `T` line).
    record.moves.reserve(text.len() / 12);
    Reader { record, setup: Setup::EMPTY, pos: None, setup_given: false, ended: false }
}

/// Reads the first game, or every game (`all`) of a file whose games are separated by `/` lines.
pub(crate) fn read(text: &str, all: bool) -> Result<Vec<Record>, ReadError> {
    let mut games = Vec::new();
    let mut reader = new_reader(text);
    let mut lines = 0;
    for (index, raw) in crate::lines(text).enumerate() {
        let line = index + 1;
        lines = line;
        // Moves and times first: most lines are `+7776FU` or `T12`, one statement each.
        if let [b'+' | b'-' | b'T', rest @ ..] = raw.as_bytes()
            && !rest.iter().any(|&b| matches!(b, b',' | b' ' | b'\t'))
        {
            reader.statement(raw, line, 1)?;
            continue;
        }
        if raw == "/" {
            reader.position(line)?;
            games.push(std::mem::replace(&mut reader, new_reader("")).record);
            if !all {
                return Ok(games);
            }
            continue;
        }
        if let Some(comment) = raw.strip_prefix('\'') {
            if index == 0 && comment.starts_with("CSA encoding=") {
                continue;
            }
            reader.comment(comment);
            continue;
        }
        if raw.starts_with('V') {
            reader.record.headers.push(("CSA".into(), raw.to_string()));
            continue;
        }
        if let Some(rest) = raw.strip_prefix("N+").or_else(|| raw.strip_prefix("N-")) {
            let name = if raw.starts_with("N+") { "先手" } else { "後手" };
            reader.record.headers.push((name.into(), rest.to_string()));
            continue;
        }
        if raw.starts_with('$') {
            let Some((key, value)) = raw.split_once(':') else {
                return Err(expected(line, raw.chars().count() + 1, "':' after the $ key"));
            };
            let name = KEYS.iter().find(|(k, _)| *k == key).map_or(key, |(_, n)| n);
            reader.record.headers.push((name.to_string(), value.to_string()));
            continue;
        }
        if raw.starts_with('P') {
            reader.position_line(raw, line)?;
            continue;
        }
        // Most lines are one statement: no comma to look for statements after.
        if !raw.bytes().any(|b| b == b',') {
            let trimmed = if raw.starts_with([' ', '\t']) { raw.trim_start() } else { raw };
            if let Some(comment) = trimmed.strip_prefix('\'') {
                reader.comment(comment);
            } else {
                let end = if raw.ends_with([' ', '\t']) { raw.trim_end() } else { raw };
                reader.statement(end, line, 1)?;
            }
            continue;
        }
        let mut col = 1;
        let mut rest = raw;
        while !rest.is_empty() {
            // A comment may follow a comma (`+7776FU,'comment`): it takes the rest of the line.
            if let Some(comment) = rest.trim_start().strip_prefix('\'') {
                reader.comment(comment);
                break;
            }
            let (statement, tail) = rest.split_once(',').unwrap_or((rest, ""));
            reader.statement(statement.trim_end(), line, col)?;
            col += statement.chars().count() + 1;
            rest = tail;
        }
    }
    // A file that ends with its separator has no game after it.
    if games.is_empty() || reader.setup_given || !reader.record.moves.is_empty() || reader.pos.is_some() {
        reader.position(lines.max(1))?;
        games.push(reader.record);
    }
    Ok(games)
}

impl Reader {
    fn comment(&mut self, comment: &str) {
        if self.ended {
            self.record.end_comments.push(comment.to_string());
        } else {
            match self.record.moves.last_mut() {
                Some(last) => last.comments.push(comment.to_string()),
                None => self.record.comments.push(comment.to_string()),
            }
        }
    }
}

pub(crate) fn write(record: &Record) -> String {
    let mut headers = String::new();
    // Fractions of a second and `$TIME` need V3.0.
    let mut v3 = false;
    for (name, value) in &record.headers {
        if name == "CSA" {
            continue;
        }
        if name == "持ち時間" {
            // The time control, typed: V2.2's $TIME_LIMIT when it can say it, else V3.0's $TIME;
            // text that is no time control is kept as a comment.
            match crate::TimeControl::parse(value) {
                Some(tc) => match tc.csa_time_limit() {
                    Some(limit) => headers.push_str(&format!("$TIME_LIMIT:{limit}\n")),
                    None => {
                        headers.push_str(&format!("$TIME:{}\n", tc.csa_time()));
                        v3 = true;
                    }
                },
                None => headers.push_str(&format!("'持ち時間：{value}\n")),
            }
            continue;
        }
        match KEYS.iter().find(|(_, n)| n == name) {
            Some((key, _)) if key.starts_with('N') => headers.push_str(&format!("{key}{value}\n")),
            Some((key, _)) => headers.push_str(&format!("{key}:{value}\n")),
            None if name.starts_with('$') => headers.push_str(&format!("{name}:{value}\n")),
            // A KIF header CSA has no key for (表題, 先手の戦法, ...) is kept as a comment line.
            None => headers.push_str(&format!("'{name}：{value}\n")),
        }
    }
    let fractions = record.moves.iter().filter_map(|m| m.time_ms).chain(record.outcome.and_then(|o| o.time_ms));
    if fractions.into_iter().any(|ms| !ms.is_multiple_of(1000)) {
        v3 = true;
    }
    let mut out = format!("{}\n{headers}", if v3 { "V3.0" } else { "V2.2" });
    for comment in &record.comments {
        out.push_str(&format!("'{comment}\n"));
    }
    let start = &record.start;
    match handicap::removed(start) {
        Some(removed) => {
            out.push_str("PI");
            let even = crate::startpos();
            for sq in removed {
                if let Some(piece) = even.piece_at(sq) {
                    out.push_str(&format!("{}{}{}", sq.file().number(), sq.rank().number(), piece.kind().csa()));
                }
            }
            out.push('\n');
        }
        None => {
            for rank in Rank::ALL {
                out.push_str(&format!("P{}", rank.number()));
                for file in File::ALL.into_iter().rev() {
                    match start.piece_at(Square::new(file, rank)) {
                        None => out.push_str(" * "),
                        Some(p) => {
                            out.push(if p.color() == Color::Black { '+' } else { '-' });
                            out.push_str(p.kind().csa());
                        }
                    }
                }
                out.push('\n');
            }
            for color in Color::ALL {
                let hand = start.hand(color);
                if hand.is_empty() {
                    continue;
                }
                out.push_str(if color == Color::Black { "P+" } else { "P-" });
                for kind in PieceKind::HAND.iter().rev() {
                    for _ in 0..hand.count(*kind) {
                        out.push_str("00");
                        out.push_str(kind.csa());
                    }
                }
                out.push('\n');
            }
        }
    }
    out.push_str(if start.side_to_move() == Color::Black { "+\n" } else { "-\n" });
    let mut pos = start.clone();
    for m in &record.moves {
        match pos.csa_move(m.mv) {
            Ok(text) => out.push_str(&format!("{text}\n")),
            Err(_) => {
                debug_assert!(false, "an illegal move in a record");
                break;
            }
        }
        if let Some(ms) = m.time_ms {
            out.push_str(&format!("T{}\n", time(ms)));
        }
        for comment in &m.comments {
            out.push_str(&format!("'{comment}\n"));
        }
        pos.play_unchecked(m.mv);
    }
    if let Some(outcome) = &record.outcome {
        let code = ending_code(outcome, pos.side_to_move());
        out.push_str(&format!("%{code}\n"));
        if let Some(ms) = outcome.time_ms {
            out.push_str(&format!("T{}\n", time(ms)));
        }
        for comment in &record.end_comments {
            out.push_str(&format!("'{comment}\n"));
        }
    }
    out
}

pub(crate) fn time(ms: u64) -> String {
    if ms.is_multiple_of(1000) { format!("{}", ms / 1000) } else { format!("{}.{:03}", ms / 1000, ms % 1000) }
}

/// The CSA code (without `%`) of an ending with `to_move` to move; endings CSA has no code for
/// (不戦勝, 不戦敗, 封じ手) are `CHUDAN`.
pub(crate) fn ending_code(outcome: &Outcome, to_move: Color) -> &'static str {
    match outcome.ending {
        Ending::IllegalMove if outcome.winner == Some(to_move.flip()) => "ILLEGAL_MOVE",
        // A foul that CSA's codes name by the side that made it.
        Ending::IllegalAction | Ending::IllegalMove if outcome.winner == Some(Color::Black) => "-ILLEGAL_ACTION",
        Ending::IllegalAction | Ending::IllegalMove => "+ILLEGAL_ACTION",
        ending => ENDINGS.iter().find(|(_, e)| *e == ending).map_or("CHUDAN", |(c, _)| c),
    }
}

/// The ending of a CSA code (without `%`) with `to_move` to move.
pub(crate) fn ending_of(code: &str, to_move: Color) -> Option<Outcome> {
    let (ending, winner) = match code {
        "+ILLEGAL_ACTION" => (Ending::IllegalAction, Some(Color::White)),
        "-ILLEGAL_ACTION" => (Ending::IllegalAction, Some(Color::Black)),
        _ => {
            let &(_, ending) = ENDINGS.iter().find(|(c, _)| *c == code)?;
            (ending, Outcome::default_winner(ending, to_move))
        }
    };
    Some(Outcome { ending, winner, time_ms: None })
}
