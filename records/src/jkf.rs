//! JKF, the JSON Kifu Format of Kifu for JS (also shogi-extend's and tsshogi's): read and
//! written, variations (`forks`) included.
//!
//! A record is `{"header": {...}, "initial": {...}, "moves": [...]}`: `initial` is a `preset`
//! (`HIRATE`, `KY`, ..., `OTHER` with `data`: `board[x-1][y-1]` cells `{}` or
//! `{"color": 0|1, "kind": "FU"}`, the side to move `color`, and `hands`, two objects of counts);
//! `moves[0]` holds the comments before the first move, each later entry a `move` (`color`,
//! `from` `{x, y}` unless a drop, `to`, `piece`, `promote`, `capture`, `same`), a `time` (`now`
//! `{m, s}`, `total` `{h, m, s}`), `comments`, or a `special` (CSA's ending codes), and `forks`:
//! lines whose first entry replaces this one.

use hayanagi::{Color, File, Handicap, Move, Piece, PieceKind, Position, Rank, Setup, Square};

use crate::json::{self, Json};
use crate::{Outcome, ReadError, ReadErrorKind, Record, RecordMove, Variation, csa, validate};

/// JKF presets and the handicaps they name (`HIRATE` is the even game, `OTHER` a board).
const PRESETS: [(&str, Handicap); 15] = [
    ("KY", Handicap::Lance),
    ("KY_R", Handicap::RightLance),
    ("KA", Handicap::Bishop),
    ("HI", Handicap::Rook),
    ("HIKY", Handicap::RookLance),
    ("2", Handicap::TwoPieces),
    ("3", Handicap::ThreePieces),
    ("4", Handicap::FourPieces),
    ("5", Handicap::FivePieces),
    ("5_L", Handicap::LeftFivePieces),
    ("6", Handicap::SixPieces),
    ("7_L", Handicap::LeftSevenPieces),
    ("7_R", Handicap::RightSevenPieces),
    ("8", Handicap::EightPieces),
    ("10", Handicap::TenPieces),
];

struct Reader<'a> {
    text: &'a str,
}

impl Reader<'_> {
    fn err(&self, at: usize, kind: ReadErrorKind) -> ReadError {
        let prefix = &self.text[..at.min(self.text.len())];
        let line = prefix.matches('\n').count() + 1;
        let column = prefix.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        ReadError::new(line, column, kind)
    }

    fn expected(&self, at: usize, what: &'static str) -> ReadError {
        self.err(at, ReadErrorKind::Expected(what))
    }

    fn strings(&self, entry: &Json, key: &str) -> Result<Vec<String>, ReadError> {
        let Some(list) = entry.get(key) else { return Ok(Vec::new()) };
        let items = list.as_array().ok_or_else(|| self.expected(list.at, "an array of strings"))?;
        items.iter().map(|c| c.as_str().map(str::to_string).ok_or_else(|| self.expected(c.at, "a string"))).collect()
    }

    fn square(&self, value: &Json) -> Result<Square, ReadError> {
        let coordinate = |key| value.get(key).and_then(Json::as_u32).filter(|n| (1..=9).contains(n));
        match (coordinate("x"), coordinate("y")) {
            (Some(x), Some(y)) => {
                let file = File::new(x as u8).ok_or_else(|| self.expected(value.at, "x from 1 to 9"))?;
                let rank = Rank::try_index(y as usize - 1).ok_or_else(|| self.expected(value.at, "y from 1 to 9"))?;
                Ok(Square::new(file, rank))
            }
            _ => Err(self.expected(value.at, "a square {\"x\": 1-9, \"y\": 1-9}")),
        }
    }

    fn kind(&self, value: Option<&Json>, at: usize) -> Result<PieceKind, ReadError> {
        value
            .and_then(Json::as_str)
            .and_then(|code| PieceKind::from_csa(code.as_bytes()))
            .ok_or_else(|| self.expected(value.map_or(at, |v| v.at), "a piece code such as \"FU\""))
    }

    fn start(&self, initial: Option<&Json>) -> Result<(Position, Option<Handicap>), ReadError> {
        let Some(initial) = initial else { return Ok((crate::startpos(), None)) };
        let preset =
            initial.get("preset").and_then(Json::as_str).ok_or_else(|| self.expected(initial.at, "a preset"))?;
        if preset == "HIRATE" {
            return Ok((crate::startpos(), None));
        }
        if let Some(&(_, handicap)) = PRESETS.iter().find(|(p, _)| *p == preset) {
            return Ok((handicap.position(), Some(handicap)));
        }
        if preset != "OTHER" {
            return Err(self.expected(initial.at, "a preset: HIRATE, KY, KY_R, KA, HI, HIKY, 2 ... 10, or OTHER"));
        }
        let data = initial.get("data").ok_or_else(|| self.expected(initial.at, "the data of an OTHER preset"))?;
        let mut setup = Setup::EMPTY;
        let board = data.get("board").and_then(Json::as_array).filter(|b| b.len() == 9);
        let board = board.ok_or_else(|| self.expected(data.at, "a board of 9 files of 9 cells"))?;
        for (x, column) in board.iter().enumerate() {
            let cells = column.as_array().filter(|c| c.len() == 9);
            let cells = cells.ok_or_else(|| self.expected(column.at, "a file of 9 cells"))?;
            for (y, cell) in cells.iter().enumerate() {
                let fields = cell.as_object().ok_or_else(|| self.expected(cell.at, "a cell: {} or {color, kind}"))?;
                if fields.is_empty() {
                    continue;
                }
                let color = self.color(cell.get("color"), cell.at)?;
                let kind = self.kind(cell.get("kind"), cell.at)?;
                let (Some(file), Some(rank)) = (File::new(x as u8 + 1), Rank::try_index(y)) else { continue };
                setup.board[Square::new(file, rank).index()] = Some(Piece::new(color, kind));
            }
        }
        setup.side_to_move = self.color(data.get("color"), data.at)?;
        if let Some(hands) = data.get("hands") {
            let both = hands.as_array().filter(|h| h.len() == 2);
            let both = both.ok_or_else(|| self.expected(hands.at, "two hands, Black's then White's"))?;
            for (color, hand) in Color::ALL.into_iter().zip(both) {
                let counts = hand.as_object().ok_or_else(|| self.expected(hand.at, "a hand: {\"FU\": 1, ...}"))?;
                for (code, count) in counts {
                    let kind = PieceKind::from_csa(code.as_bytes()).filter(|k| k.is_hand_kind());
                    let kind =
                        kind.ok_or_else(|| self.expected(count.at, "a hand piece code (FU KY KE GI KI KA HI)"))?;
                    let n = count.as_u32().filter(|&n| n <= 18).ok_or_else(|| self.expected(count.at, "a count"))?;
                    let hand = &mut setup.hands[color.index()];
                    *hand = hand.with(kind, n as u8);
                }
            }
        }
        let pos = validate(&setup).map_err(|e| self.err(initial.at, ReadErrorKind::Position(e)))?;
        Ok((pos, None))
    }

    fn color(&self, value: Option<&Json>, at: usize) -> Result<Color, ReadError> {
        match value.and_then(Json::as_u32) {
            Some(0) => Ok(Color::Black),
            Some(1) => Ok(Color::White),
            _ => Err(self.expected(value.map_or(at, |v| v.at), "a colour: 0 (Black) or 1 (White)")),
        }
    }

    fn time(&self, entry: &Json) -> Result<Option<u64>, ReadError> {
        let Some(time) = entry.get("time") else { return Ok(None) };
        let now = time.get("now").ok_or_else(|| self.expected(time.at, "a time with \"now\""))?;
        let part = |key| now.get(key).map_or(Some(0), Json::as_u32).map(u64::from);
        match (part("h"), part("m"), part("s")) {
            (Some(h), Some(m), Some(s)) => Ok(Some(((h * 60 + m) * 60 + s) * 1000)),
            _ => Err(self.expected(now.at, "a time {\"m\": minutes, \"s\": seconds}")),
        }
    }

    /// The move of an entry, legal in `pos`.
    fn mv(&self, value: &Json, pos: &Position, previous: Option<Square>) -> Result<Move, ReadError> {
        let color = self.color(value.get("color"), value.at)?;
        if color != pos.side_to_move() {
            return Err(self.expected(value.at, "a move of the side to move"));
        }
        let to = match (value.get("to"), value.get("same").and_then(Json::as_bool), previous) {
            (Some(to), _, _) => self.square(to)?,
            (None, Some(true), Some(previous)) => previous,
            _ => return Err(self.expected(value.at, "a move's \"to\" square")),
        };
        let kind = self.kind(value.get("piece"), value.at)?;
        let promote = value.get("promote").and_then(Json::as_bool) == Some(true);
        let mv = match value.get("from") {
            None => Move::drop(kind, to),
            Some(from) => {
                let from = self.square(from)?;
                if pos.piece_at(from).map(Piece::kind) != Some(kind) {
                    return Err(self.expected(value.at, "the piece on the from square as \"piece\""));
                }
                Move::normal(from, to, promote)
            }
        };
        let mv =
            mv.ok_or_else(|| self.expected(value.at, "a move (a drop of a hand piece, or from another square)"))?;
        match pos.illegality(mv) {
            None => Ok(mv),
            Some(why) => Err(self.err(value.at, ReadErrorKind::Illegal { mv, why })),
        }
    }

    /// A line of entries from `pos` at `ply`: its moves, ending, end comments and variations,
    /// and the forks of its first entry (alternatives to that entry: the caller's siblings).
    fn line(
        &self,
        entries: &[Json],
        mut pos: Position,
        mut previous: Option<Square>,
        ply: usize,
    ) -> Result<Line, ReadError> {
        let mut line = Line::default();
        for (i, entry) in entries.iter().enumerate() {
            if entry.as_object().is_none() {
                return Err(self.expected(entry.at, "a move entry {\"move\": ...}"));
            }
            let here = ply + i;
            if let Some(forks) = entry.get("forks") {
                let forks = forks.as_array().ok_or_else(|| self.expected(forks.at, "forks: an array of lines"))?;
                for fork in forks {
                    let items = fork.as_array().ok_or_else(|| self.expected(fork.at, "a fork: an array of entries"))?;
                    if items.is_empty() {
                        continue;
                    }
                    let sub = self.line(items, pos.clone(), previous, here)?;
                    let (variation, siblings) = sub.into_variation(here);
                    let target = if i == 0 { &mut line.siblings } else { &mut line.variations };
                    target.push(variation);
                    target.extend(siblings);
                }
            }
            if line.outcome.is_some() {
                return Err(self.err(entry.at, ReadErrorKind::MoveAfterEnd));
            }
            if let Some(special) = entry.get("special") {
                let code =
                    special.as_str().ok_or_else(|| self.expected(special.at, "a special move such as \"TORYO\""))?;
                let mut outcome = csa::ending_of(code, pos.side_to_move())
                    .ok_or_else(|| self.expected(special.at, "a special move such as \"TORYO\""))?;
                if !crate::ending_possible(&pos, &outcome) {
                    return Err(self.err(special.at, ReadErrorKind::EndingContradicts(outcome.ending)));
                }
                outcome.time_ms = self.time(entry)?;
                line.outcome = Some(outcome);
                line.end_comments = self.strings(entry, "comments")?;
                continue;
            }
            let Some(value) = entry.get("move") else {
                return Err(self.expected(entry.at, "a \"move\" or a \"special\""));
            };
            let mv = self.mv(value, &pos, previous)?;
            pos.play_unchecked(mv);
            previous = Some(mv.to());
            line.moves.push(RecordMove { mv, time_ms: self.time(entry)?, comments: self.strings(entry, "comments")? });
        }
        Ok(line)
    }
}

#[derive(Default)]
struct Line {
    moves: Vec<RecordMove>,
    outcome: Option<Outcome>,
    end_comments: Vec<String>,
    variations: Vec<Variation>,
    siblings: Vec<Variation>,
}

impl Line {
    fn into_variation(self, ply: usize) -> (Variation, Vec<Variation>) {
        let variation = Variation {
            ply: u32::try_from(ply).unwrap_or(u32::MAX),
            comments: Vec::new(),
            moves: self.moves,
            outcome: self.outcome,
            end_comments: self.end_comments,
            variations: self.variations,
        };
        (variation, self.siblings)
    }
}

pub(crate) fn read(text: &str) -> Result<Record, ReadError> {
    let reader = Reader { text };
    let root = json::parse(text).map_err(|(at, what)| reader.expected(at, what))?;
    if root.as_object().is_none() {
        return Err(reader.expected(root.at, "a JKF object {\"header\", \"initial\", \"moves\"}"));
    }
    let (start, handicap) = reader.start(root.get("initial"))?;
    let mut record = Record::new(start.clone());
    record.handicap = handicap.or_else(|| crate::handicap_of(&start));
    if let Some(header) = root.get("header") {
        let fields = header.as_object().ok_or_else(|| reader.expected(header.at, "a header object of strings"))?;
        for (key, value) in fields {
            let value = value.as_str().ok_or_else(|| reader.expected(value.at, "a string"))?;
            record.headers.push((key.to_string(), value.to_string()));
        }
    }
    let entries = match root.get("moves") {
        None => &[][..],
        Some(moves) => moves.as_array().ok_or_else(|| reader.expected(moves.at, "moves: an array of entries"))?,
    };
    if let Some((first, rest)) = entries.split_first() {
        if first.get("move").is_some() || first.get("special").is_some() {
            return Err(reader.expected(first.at, "moves[0] without a move (the comments before the first move)"));
        }
        record.comments = reader.strings(first, "comments")?;
        let line = reader.line(rest, start, None, 1)?;
        record.moves = line.moves;
        record.outcome = line.outcome;
        record.end_comments = line.end_comments;
        // In file order: the forks of the first move come before those of the later ones.
        record.variations = line.siblings;
        record.variations.extend(line.variations);
    }
    Ok(record)
}

// ----- writing -----

fn strings(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|s| json::string(s)).collect();
    format!("[{}]", quoted.join(","))
}

fn square(sq: Square) -> String {
    format!("{{\"x\":{},\"y\":{}}}", sq.file().number(), sq.rank().number())
}

fn initial(pos: &Position) -> String {
    if pos.same_position(&crate::startpos()) {
        return "{\"preset\":\"HIRATE\"}".into();
    }
    if let Some(handicap) = crate::handicap_of(pos)
        && let Some((preset, _)) = PRESETS.iter().find(|(_, h)| *h == handicap)
    {
        return format!("{{\"preset\":\"{preset}\"}}");
    }
    let mut board = Vec::new();
    for file in File::ALL {
        let cells: Vec<String> = Rank::ALL
            .into_iter()
            .map(|rank| match pos.piece_at(Square::new(file, rank)) {
                None => "{}".to_string(),
                Some(p) => format!("{{\"color\":{},\"kind\":\"{}\"}}", p.color().index(), p.kind().csa()),
            })
            .collect();
        board.push(format!("[{}]", cells.join(",")));
    }
    let hands: Vec<String> = Color::ALL
        .into_iter()
        .map(|color| {
            let hand = pos.hand(color);
            let counts: Vec<String> =
                PieceKind::HAND.iter().map(|&k| format!("\"{}\":{}", k.csa(), hand.count(k))).collect();
            format!("{{{}}}", counts.join(","))
        })
        .collect();
    format!(
        "{{\"preset\":\"OTHER\",\"data\":{{\"board\":[{}],\"color\":{},\"hands\":[{}]}}}}",
        board.join(","),
        pos.side_to_move().index(),
        hands.join(",")
    )
}

fn time(ms: u64, total: u64) -> String {
    let (s, t) = (ms / 1000, total / 1000);
    format!(
        "\"time\":{{\"now\":{{\"m\":{},\"s\":{}}},\"total\":{{\"h\":{},\"m\":{},\"s\":{}}}}}",
        s / 60,
        s % 60,
        t / 3600,
        t / 60 % 60,
        t % 60
    )
}

struct LineRef<'a> {
    start: usize,
    moves: &'a [RecordMove],
    outcome: Option<&'a Outcome>,
    end_comments: &'a [String],
    variations: &'a [Variation],
}

/// The entries of a line from `pos`, forks included.
fn entries(line: &LineRef<'_>, mut pos: Position, mut previous: Option<Square>, mut totals: [u64; 2]) -> Vec<String> {
    let mut out = Vec::new();
    let forks = |ply: usize, pos: &Position, previous: Option<Square>, totals: [u64; 2]| -> String {
        let lines: Vec<String> = line
            .variations
            .iter()
            .filter(|v| v.ply as usize == ply)
            .map(|v| {
                let sub = LineRef {
                    start: ply,
                    moves: &v.moves,
                    outcome: v.outcome.as_ref(),
                    end_comments: &v.end_comments,
                    variations: &v.variations,
                };
                format!("[{}]", entries(&sub, pos.clone(), previous, totals).join(","))
            })
            .collect();
        if lines.is_empty() { String::new() } else { format!(",\"forks\":[{}]", lines.join(",")) }
    };
    for (i, m) in line.moves.iter().enumerate() {
        let ply = line.start + i;
        let us = pos.side_to_move();
        let mut fields = vec![format!("\"color\":{}", us.index())];
        match m.mv.from() {
            Some(from) => {
                fields.push(format!("\"from\":{}", square(from)));
                let kind = pos.piece_at(from).map(Piece::kind);
                fields.push(format!("\"to\":{}", square(m.mv.to())));
                if let Some(kind) = kind {
                    fields.push(format!("\"piece\":\"{}\"", kind.csa()));
                    let zone = from.is_promotion_zone(us) || m.mv.to().is_promotion_zone(us);
                    if m.mv.is_promotion() {
                        fields.push("\"promote\":true".into());
                    } else if zone && kind.promote().is_some() {
                        fields.push("\"promote\":false".into());
                    }
                }
            }
            None => {
                fields.push(format!("\"to\":{}", square(m.mv.to())));
                if let Some(kind) = m.mv.drop_kind() {
                    fields.push(format!("\"piece\":\"{}\"", kind.csa()));
                }
            }
        }
        if let Some(captured) = pos.piece_at(m.mv.to()) {
            fields.push(format!("\"capture\":\"{}\"", captured.kind().csa()));
        }
        if previous == Some(m.mv.to()) {
            fields.push("\"same\":true".into());
        }
        let mut entry = format!("{{\"move\":{{{}}}", fields.join(","));
        if let Some(ms) = m.time_ms {
            let side = us.index();
            totals[side] = totals[side].saturating_add(ms / 1000 * 1000);
            entry.push(',');
            entry.push_str(&time(ms, totals[side]));
        }
        if !m.comments.is_empty() {
            entry.push_str(&format!(",\"comments\":{}", strings(&m.comments)));
        }
        entry.push_str(&forks(ply, &pos, previous, totals));
        entry.push('}');
        out.push(entry);
        previous = Some(m.mv.to());
        pos.play_unchecked(m.mv);
    }
    let end = line.start + line.moves.len();
    if let Some(outcome) = line.outcome {
        let mut entry = format!("{{\"special\":\"{}\"", csa::ending_code(outcome, pos.side_to_move()));
        if let Some(ms) = outcome.time_ms {
            let side = pos.side_to_move().index();
            entry.push(',');
            entry.push_str(&time(ms, totals[side].saturating_add(ms / 1000 * 1000)));
        }
        if !line.end_comments.is_empty() {
            entry.push_str(&format!(",\"comments\":{}", strings(line.end_comments)));
        }
        entry.push_str(&forks(end, &pos, previous, totals));
        entry.push('}');
        out.push(entry);
    }
    out
}

pub(crate) fn write(record: &Record) -> String {
    let header: Vec<String> = record
        .headers
        .iter()
        .filter(|(k, _)| k != "CSA")
        .map(|(k, v)| format!("{}:{}", json::string(k), json::string(v)))
        .collect();
    let mut first = String::from("{");
    if !record.comments.is_empty() {
        first.push_str(&format!("\"comments\":{}", strings(&record.comments)));
    }
    first.push('}');
    let main = LineRef {
        start: 1,
        moves: &record.moves,
        outcome: record.outcome.as_ref(),
        end_comments: &record.end_comments,
        variations: &record.variations,
    };
    let mut moves = vec![first];
    moves.extend(entries(&main, record.start.clone(), None, [0, 0]));
    format!(
        "{{\"header\":{{{}}},\n\"initial\":{},\n\"moves\":[\n{}\n]}}\n",
        header.join(","),
        initial(&record.start),
        moves.join(",\n")
    )
}
