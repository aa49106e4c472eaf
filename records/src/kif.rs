//! Kakinoki's KIF and KI2 files: read and write (the text; encodings are `encoding.rs`'s).

use hayanagi::{Color, File, Hand, JapaneseStyle, Piece, PieceKind, Position, Rank, Setup, Square};

use crate::handicap;
use crate::{Ending, Outcome, ReadError, ReadErrorKind, Record, RecordMove, Variation, column, seconds, validate};

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Style {
    Kif,
    Ki2,
}

/// Special moves of KIF (the move column) and the endings they stand for.
const SPECIAL: [(&str, Ending); 21] = [
    ("投了", Ending::Resign),
    ("中断", Ending::Abort),
    ("千日手", Ending::Repetition),
    ("持将棋", Ending::Impasse),
    ("最大手数", Ending::MaxMoves),
    ("詰み", Ending::Mate),
    ("不詰", Ending::NoMate),
    ("詰", Ending::Mate),
    ("切れ負け", Ending::TimeUp),
    ("時間切れ", Ending::TimeUp),
    ("反則勝ち", Ending::IllegalAction),
    ("反則負け", Ending::IllegalMove),
    ("入玉勝ち", Ending::Declaration),
    ("宣言勝ち", Ending::Declaration),
    ("入玉宣言", Ending::Declaration),
    ("不戦勝", Ending::WinByDefault),
    ("不戦敗", Ending::LossByDefault),
    ("封じ手", Ending::Sealed),
    ("待った", Ending::TakeBack),
    // 81Dojo's English KIF.
    ("Time-up", Ending::TimeUp),
    ("Resign", Ending::Resign),
];

/// A mark's byte-for-byte equivalent: `▼` and `▽` (Shogi Wars, some exporters) read as `▲`/`△`.
fn marks(text: &str) -> std::borrow::Cow<'_, str> {
    if text.contains(['▼', '▽']) { text.replace('▼', "▲").replace('▽', "△").into() } else { text.into() }
}

/// The longest time of one move a KIF record holds: 999,999 minutes and 59 seconds (the
/// minutes field has at most 6 digits).
const MAX_MOVE_SECONDS: u64 = 999_999 * 60 + 59;

/// Where the time field of a KIF move (`( 0:01/00:00:01)`, `(12:34/...)`) begins: the first `(`
/// whose group holds a `:` or a `/`.
fn time_start(text: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(open) = text[from..].find('(').map(|i| from + i) {
        let group = text[open..].find(')').map_or(&text[open..], |close| &text[open..open + close]);
        if group.contains([':', '/']) {
            return Some(open);
        }
        from = open + 1;
    }
    None
}

/// A move number written in ASCII or full-width digits (`3`, `１２`).
fn number(text: &str) -> Option<u32> {
    let mut n: u32 = 0;
    let mut any = false;
    for c in text.chars() {
        let d = match c {
            '0'..='9' => c as u32 - '0' as u32,
            '０'..='９' => c as u32 - '０' as u32,
            _ => return None,
        };
        n = n.checked_mul(10)?.checked_add(d)?;
        any = true;
    }
    any.then_some(n)
}

const KANJI_NUMBERS: [&str; 10] = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];

fn kanji_number(n: u8) -> String {
    match n {
        0..=9 => KANJI_NUMBERS[usize::from(n)].to_string(),
        10 => "十".to_string(),
        _ => format!(
            "{}十{}",
            if n >= 20 { KANJI_NUMBERS[usize::from(n / 10)] } else { "" },
            KANJI_NUMBERS[usize::from(n % 10)]
        ),
    }
}

/// A kanji (or ASCII / full-width digit) number up to 99.
fn parse_kanji_number(text: &str) -> Option<u8> {
    if text.is_empty() {
        return None;
    }
    let digit = |c: char| -> Option<u8> {
        KANJI_NUMBERS.iter().position(|k| k.starts_with(c) && !k.is_empty()).map(|i| i as u8).or_else(|| match c {
            '0'..='9' => Some(c as u8 - b'0'),
            '０'..='９' => Some((c as u32 - '０' as u32) as u8),
            _ => None,
        })
    };
    if let Some((tens, ones)) = text.split_once('十') {
        let tens = if tens.is_empty() { 1 } else { single(tens, digit)? };
        let ones = if ones.is_empty() { 0 } else { single(ones, digit)? };
        return Some(tens * 10 + ones);
    }
    let mut n: u8 = 0;
    for c in text.chars() {
        n = n.checked_mul(10)?.checked_add(digit(c)?)?;
    }
    Some(n)
}

fn single(text: &str, digit: impl Fn(char) -> Option<u8>) -> Option<u8> {
    let mut chars = text.chars();
    let d = digit(chars.next()?)?;
    if chars.next().is_some() { None } else { Some(d) }
}

/// A numbered KIF move line: digits, then spaces, then something.
pub(crate) fn is_move_line(trimmed: &str) -> bool {
    let digits = trimmed.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && trimmed[digits..].starts_with([' ', '\u{3000}']) && !trimmed[digits..].trim().is_empty()
}

/// `先手の...` and the like: the side named and the rest.
fn side(s: &str) -> Option<(Color, &str)> {
    for (prefix, color) in
        [("先手の", Color::Black), ("下手の", Color::Black), ("後手の", Color::White), ("上手の", Color::White)]
    {
        if let Some(r) = s.strip_prefix(prefix) {
            return Some((color, r));
        }
    }
    None
}

fn err(line: usize, column: usize, kind: ReadErrorKind) -> ReadError {
    ReadError::new(line, column, kind)
}

fn expected(line: usize, column: usize, what: &'static str) -> ReadError {
    err(line, column, ReadErrorKind::Expected(what))
}

fn trim_spaces(s: &str) -> &str {
    s.trim_matches([' ', '\u{3000}', '\t'])
}

/// A line of the tree while it is read: its parent, its first ply, its children; its moves and
/// ending once another line is being read.
#[derive(Default)]
struct Line {
    parent: Option<usize>,
    start: usize,
    moves: Vec<RecordMove>,
    outcome: Option<Outcome>,
    comments: Vec<String>,
    end_comments: Vec<String>,
    children: Vec<usize>,
}

struct Reader {
    style: Style,
    record: Record,
    setup: Setup,
    bod: bool,
    /// The start `手合割` named.
    named: Option<Position>,
    /// A `手合割` (`その他`, `詰将棋`) that needs a board diagram, and its line.
    needs_diagram: Option<(String, usize)>,
    side_given: Option<Color>,
    pos: Option<Position>,
    previous: Option<Square>,
    ended: bool,
    /// The lines read so far (the main line is 0); the one being read is `cur`, whose moves,
    /// ending and comments are in `record` and whose position is `pos` while it is read.
    lines: Vec<Line>,
    cur: usize,
    /// The ply of the current line's first move.
    start_ply: usize,
}

impl Reader {
    fn position(&mut self, line: usize) -> Result<&mut Position, ReadError> {
        if self.pos.is_none() {
            if let Some((name, at)) = self.needs_diagram.take().filter(|_| !self.bod) {
                return Err(err(at, 5, ReadErrorKind::NoDiagram(name)));
            }
            let pos = if self.bod {
                if let Some(side) = self.side_given {
                    self.setup.side_to_move = side;
                }
                validate(&self.setup).map_err(|e| err(line, 1, ReadErrorKind::Position(e)))?
            } else {
                let mut pos = self.named.clone().unwrap_or_else(Position::startpos);
                if let Some(side) = self.side_given.filter(|&side| side != pos.side_to_move()) {
                    let mut setup = Setup::from(&pos);
                    setup.side_to_move = side;
                    pos = validate(&setup).map_err(|e| err(line, 1, ReadErrorKind::Position(e)))?;
                }
                pos
            };
            if self.bod && self.record.handicap.is_none() {
                self.record.handicap = None;
            }
            self.record.start = pos.clone();
            self.pos = Some(pos);
        }
        match self.pos.as_mut() {
            Some(pos) => Ok(pos),
            None => Err(expected(line, 1, "a position")),
        }
    }

    fn not_started(&self, line: usize) -> Result<(), ReadError> {
        if self.pos.is_some() { Err(err(line, 1, ReadErrorKind::PositionAfterMoves)) } else { Ok(()) }
    }

    fn comment(&mut self, text: &str) {
        match self.record.moves.last_mut() {
            _ if self.ended => self.record.end_comments.push(text.to_string()),
            Some(last) if self.pos.is_some() => last.comments.push(text.to_string()),
            _ => self.record.comments.push(text.to_string()),
        }
    }

    fn end(&mut self, ending: Ending, time_ms: Option<u64>, line: usize) -> Result<(), ReadError> {
        let to_move = self.position(line)?.side_to_move();
        if !self.ended {
            let outcome = Outcome { ending, winner: Outcome::default_winner(ending, to_move), time_ms };
            self.set_outcome(outcome, line)?;
        }
        Ok(())
    }

    fn set_outcome(&mut self, outcome: Outcome, line: usize) -> Result<(), ReadError> {
        if !crate::ending_possible(self.position(line)?, &outcome) {
            return Err(err(line, 1, ReadErrorKind::EndingContradicts(outcome.ending)));
        }
        self.record.outcome = Some(outcome);
        self.ended = true;
        Ok(())
    }

    /// A numbered KIF line: a move or a special move, an optional time and `+`.
    fn kif_move(&mut self, raw: &str, line: usize) -> Result<(), ReadError> {
        let lead = raw.len() - raw.trim_start_matches([' ', '\u{3000}']).len();
        let digits = raw[lead..].bytes().take_while(u8::is_ascii_digit).count();
        let number: usize = raw[lead..lead + digits].parse().unwrap_or(usize::MAX);
        let rest_at = lead
            + digits
            + (raw.len() - lead - digits - raw[lead + digits..].trim_start_matches([' ', '\u{3000}']).len());
        let rest = &raw[rest_at..];
        let expected_number = self.start_ply + self.record.moves.len();
        let special = SPECIAL.iter().find(|(w, _)| rest.starts_with(w));
        // A second special move after the first (`中断` then `投了`) takes the next number; the
        // first is the ending, the second is kept as a comment after it.
        if let (Some(&(word, _)), true) = (special, self.ended)
            && number == expected_number + 1
        {
            self.record.end_comments.push(word.to_string());
            return Ok(());
        }
        if number != expected_number {
            return Err(err(line, lead + 1, ReadErrorKind::MoveNumber { expected: expected_number, found: number }));
        }
        if let Some(&(word, ending)) = special {
            let time = self.time_field(&rest[word.len()..], line, rest_at + word.len(), raw)?;
            return self.end(ending, time, line);
        }
        if self.ended {
            return Err(err(line, column(raw, rest_at), ReadErrorKind::MoveAfterEnd));
        }
        let previous = self.previous;
        let pos = self.position(line)?;
        // The move ends where its time field begins: a drop's `(12:34/...)` is no from square.
        let text = time_start(rest).map_or(rest, |at| &rest[..at]);
        let (mv, used) = pos.parse_japanese_move(text, previous).map_err(|e| move_error(pos, e, line, raw, rest_at))?;
        pos.play_unchecked(mv);
        self.previous = Some(mv.to());
        let time = self.time_field(&rest[used..], line, rest_at + used, raw)?;
        self.record.moves.push(RecordMove { mv, time_ms: time, comments: Vec::new() });
        Ok(())
    }

    /// `( 0:01/00:00:01)` and an optional `+` (a variation follows), or nothing.
    fn time_field(&self, text: &str, line: usize, at: usize, raw: &str) -> Result<Option<u64>, ReadError> {
        let trimmed = trim_spaces(text);
        let trimmed = trimmed.strip_suffix('+').map_or(trimmed, trim_spaces);
        if trimmed.is_empty() {
            return Ok(None);
        }
        let bad = || {
            expected(line, column(raw, at + (text.len() - text.trim_start().len())), "a time such as ( 0:01/00:00:01)")
        };
        let inner = trimmed.strip_prefix('(').and_then(|t| t.strip_suffix(')')).ok_or_else(bad)?;
        let per_move = inner.split('/').next().ok_or_else(bad)?;
        let mut total: u64 = 0;
        let parts: Vec<&str> = per_move.split(':').collect();
        if parts.len() < 2 || parts.len() > 3 {
            return Err(bad());
        }
        for part in parts {
            let part = part.trim();
            if part.is_empty() || part.len() > 6 || !part.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            total = total * 60 + part.parse::<u64>().map_err(|_| bad())?;
        }
        // The writer gives a move's time as minutes:seconds with at most 6 digits of minutes, which
        // is what this reader takes: a longer time (hours:minutes:seconds past 999,999:59) could
        // not be written back as read.
        if total > MAX_MOVE_SECONDS {
            return Err(bad());
        }
        Ok(Some(seconds(total)))
    }

    /// A KI2 line of moves: `▲７六歩    △３四歩`, or with no space between them
    /// (`▲７六歩△３四歩`, as Kifu for Windows writes six-character moves); Shogi DB2 ends a game
    /// inside the line (`△投了`).
    fn ki2_moves(&mut self, raw: &str, line: usize) -> Result<(), ReadError> {
        let text = marks(raw);
        let text = text.as_ref();
        let mut at = 0;
        loop {
            at = text.len() - text[at..].trim_start_matches([' ', '\u{3000}', '\t']).len();
            if at >= text.len() {
                return Ok(());
            }
            let after_mark = text[at..].strip_prefix(['▲', '△', '☗', '☖']).map_or(at, |r| text.len() - r.len());
            if let Some(&(word, ending)) = SPECIAL.iter().find(|(w, _)| text[after_mark..].starts_with(w)) {
                self.end(ending, None, line)?;
                at = after_mark + word.len();
                continue;
            }
            if self.ended {
                return Err(err(line, column(text, at), ReadErrorKind::MoveAfterEnd));
            }
            let previous = self.previous;
            let pos = self.position(line)?;
            let (mv, used) =
                pos.parse_japanese_move(&text[at..], previous).map_err(|e| move_error(pos, e, line, text, at))?;
            let next = &text[at + used..];
            if used == 0 || !next.is_empty() && !next.starts_with([' ', '\u{3000}', '\t', '▲', '△', '☗', '☖']) {
                return Err(expected(line, column(text, at + used), "a space or the next ▲/△ after the move"));
            }
            pos.play_unchecked(mv);
            self.previous = Some(mv.to());
            self.record.moves.push(RecordMove { mv, time_ms: None, comments: Vec::new() });
            at += used;
        }
    }

    /// `まで64手で後手の勝ち` and its kin.
    fn summary(&mut self, raw: &str, line: usize) -> Result<(), ReadError> {
        let rest = raw.trim_start_matches([' ', '\u{3000}']).trim_start_matches("まで").trim_start_matches('、');
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let rest = &rest[digits..];
        let rest = rest.strip_prefix("手で").or_else(|| rest.strip_prefix("手にて")).unwrap_or(rest);
        // Tsume problems: `まで1手詰`, `まで3手詰み`.
        let rest = rest.strip_prefix('手').filter(|r| r.starts_with('詰')).unwrap_or(rest);
        let rest = trim_spaces(rest);
        let (ending, winner) = if let Some(r) = rest.strip_prefix("時間切れにより").and_then(side) {
            (Ending::TimeUp, Some(r.0))
        } else if let Some(r) = rest.strip_prefix("詰みで").and_then(side) {
            (Ending::Mate, Some(r.0))
        } else if let Some((color, what)) = side(rest) {
            match what {
                "勝ち" => (Ending::Resign, Some(color)),
                "反則勝ち" => (Ending::IllegalAction, Some(color)),
                "反則負け" => (Ending::IllegalMove, Some(color.flip())),
                "入玉勝ち" | "宣言勝ち" => (Ending::Declaration, Some(color)),
                "不戦勝" => (Ending::WinByDefault, Some(color)),
                "不戦敗" => (Ending::LossByDefault, Some(color.flip())),
                _ => return Err(expected(line, 1, "a result such as まで64手で後手の勝ち")),
            }
        } else {
            let ending = match rest {
                "千日手" => Ending::Repetition,
                "持将棋" => Ending::Impasse,
                "中断" => Ending::Abort,
                "最大手数" => Ending::MaxMoves,
                "詰み" | "詰" => Ending::Mate,
                "不詰" => Ending::NoMate,
                "入玉宣言" => Ending::Declaration,
                "封じ手" => Ending::Sealed,
                "待った" => Ending::TakeBack,
                _ => return Err(expected(line, 1, "a result such as まで64手で後手の勝ち")),
            };
            let to_move = self.position(line)?.side_to_move();
            (ending, Outcome::default_winner(ending, to_move))
        };
        self.position(line)?;
        match self.record.outcome.as_mut() {
            // The KIF special move said how, and the side to move decides who won: 反則勝ち is a
            // win of the side to move (the other fouled), 反則負け its loss, as Kifu for Windows,
            // tsshogi and python-shogi read them (cshogi's exporter names the wrong side of
            // other endings in handicap games, where White moves first).
            Some(_) if self.ended => {}
            _ => self.set_outcome(Outcome { ending, winner, time_ms: None }, line)?,
        }
        Ok(())
    }

    fn board_row(&mut self, raw: &str, line: usize) -> Result<(), ReadError> {
        self.not_started(line)?;
        self.bod = true;
        let chars: Vec<char> = raw.chars().collect();
        // "|" then 9 cells of 2 characters, "|", the rank.
        if chars.len() < 21 || chars[19] != '|' {
            return Err(expected(line, 1, "a board row: | then 9 cells (' ・', ' 歩', 'v歩') then | and the rank"));
        }
        let Some(rank) = chars[20..]
            .iter()
            .collect::<String>()
            .chars()
            .next()
            .and_then(|c| "一二三四五六七八九".chars().position(|k| k == c))
        else {
            return Err(expected(line, 21, "the rank (一 ... 九) after the row"));
        };
        // Cells from file 9 to file 1, as a board diagram reads.
        for (col, file) in File::ALL.into_iter().rev().enumerate() {
            let (mark, name) = (chars[1 + col * 2], chars[2 + col * 2]);
            let piece = match name {
                '・' | ' ' | '　' => None,
                _ => {
                    let color = match mark {
                        'v' | 'V' => Color::White,
                        ' ' | '^' | '+' => Color::Black,
                        _ => return Err(expected(line, 2 + col * 2, "' ' or 'v' before a piece")),
                    };
                    let mut buf = [0u8; 4];
                    match PieceKind::from_japanese(name.encode_utf8(&mut buf)) {
                        Some((kind, _)) => Some(Piece::new(color, kind)),
                        None => return Err(expected(line, 3 + col * 2, "a piece (歩 ... 龍, と 杏 圭 全) or ・")),
                    }
                }
            };
            self.setup.board[Square::new(file, Rank::ALL[rank]).index()] = piece;
        }
        Ok(())
    }

    fn hand(&mut self, color: Color, value: &str, line: usize, at: usize, raw: &str) -> Result<(), ReadError> {
        self.not_started(line)?;
        self.setup.hands[color.index()] = Hand::EMPTY;
        for item in value.split([' ', '\u{3000}']) {
            if item.is_empty() || item == "なし" {
                continue;
            }
            let bad = || expected(line, column(raw, at), "hand pieces such as 飛　歩三");
            let (kind, len) = PieceKind::from_japanese(item).ok_or_else(bad)?;
            if !kind.is_hand_kind() {
                return Err(bad());
            }
            let count = if item.len() == len { 1 } else { parse_kanji_number(&item[len..]).ok_or_else(bad)? };
            let hand = &mut self.setup.hands[color.index()];
            *hand = hand.with(kind, hand.count(kind).saturating_add(count));
        }
        Ok(())
    }

    /// Puts the current line's moves, ending and comments back into `lines`.
    fn save(&mut self) {
        let line = &mut self.lines[self.cur];
        line.moves = std::mem::take(&mut self.record.moves);
        line.outcome = self.record.outcome.take();
        line.comments = std::mem::take(&mut self.record.comments);
        line.end_comments = std::mem::take(&mut self.record.end_comments);
    }

    /// `変化：N手`: a new line replacing move N of the innermost line read that has it (the line
    /// just read, or one it branched from), as Kifu for Windows and tsshogi read it: N at the
    /// first move of a variation is another alternative to the move it replaced.
    fn variation(&mut self, ply: usize, line: usize) -> Result<(), ReadError> {
        self.position(line)?;
        self.save();
        let mut target = self.cur;
        loop {
            let l = &self.lines[target];
            let end = l.start + l.moves.len();
            let inside = ply >= l.start && (ply < end || ply == end && l.outcome.is_some());
            if inside && (ply > l.start || l.parent.is_none()) {
                break;
            }
            match l.parent {
                Some(parent) => target = parent,
                None => return Err(expected(line, 4, "a 変化 ply that a line read before has a move (or ending) at")),
            }
        }
        // The position before that ply, along the path from the main line.
        let mut path = vec![target];
        while let Some(parent) = self.lines[path[path.len() - 1]].parent {
            path.push(parent);
        }
        let mut pos = self.record.start.clone();
        let mut previous = None;
        for (i, &index) in path.iter().enumerate().rev() {
            let l = &self.lines[index];
            let until = if i == 0 { ply } else { self.lines[path[i - 1]].start };
            for m in l.moves.iter().take(until.saturating_sub(l.start)) {
                pos.play_unchecked(m.mv);
                previous = Some(m.mv.to());
            }
        }
        let index = self.lines.len();
        self.lines.push(Line { parent: Some(target), start: ply, ..Line::default() });
        self.lines[target].children.push(index);
        self.cur = index;
        self.start_ply = ply;
        self.pos = Some(pos);
        self.previous = previous;
        self.ended = false;
        Ok(())
    }

    /// The variations of line `index`, as a tree, each line's in the order of their `変化` blocks
    /// in the file (Kifu for Windows and ShogiHome write the latest branch first).
    fn tree(lines: &mut [Line], index: usize) -> Vec<Variation> {
        std::mem::take(&mut lines[index].children)
            .into_iter()
            .map(|child| {
                let variations = Reader::tree(lines, child);
                let l = &mut lines[child];
                Variation {
                    ply: u32::try_from(l.start).unwrap_or(u32::MAX),
                    comments: std::mem::take(&mut l.comments),
                    moves: std::mem::take(&mut l.moves),
                    outcome: l.outcome.take(),
                    end_comments: std::mem::take(&mut l.end_comments),
                    variations,
                }
            })
            .collect()
    }

    fn line(&mut self, raw: &str, line: usize) -> Result<(), ReadError> {
        let trimmed = raw.trim_start_matches([' ', '\u{3000}']);
        if trimmed.trim().is_empty() || raw.starts_with('#') || raw.starts_with('&') {
            return Ok(());
        }
        if let Some(comment) = raw.strip_prefix('*') {
            self.comment(comment);
            return Ok(());
        }
        if let Some(rest) = trimmed.strip_prefix("変化：").or_else(|| trimmed.strip_prefix("変化:")) {
            let ply = number(trim_spaces(trim_spaces(rest).trim_end_matches('手')))
                .ok_or_else(|| expected(line, 4, "the ply of the variation (変化：9手)"))?;
            return self.variation(ply as usize, line);
        }
        if trimmed.starts_with("まで") {
            return self.summary(raw, line);
        }
        if raw.starts_with('|') {
            return self.board_row(raw, line);
        }
        if raw.starts_with('+')
            || trimmed.starts_with("９ ８ ７")
            || trimmed.starts_with("9 8 7")
            || raw.starts_with("手数----")
            || raw.contains("手数＝")
        {
            return self.not_started(line).or(Ok(()));
        }
        for (word, color) in
            [("先手番", Color::Black), ("下手番", Color::Black), ("後手番", Color::White), ("上手番", Color::White)]
        {
            if trimmed.starts_with(word) {
                self.not_started(line)?;
                self.side_given = Some(color);
                return Ok(());
            }
        }
        if self.style == Style::Kif && is_move_line(trimmed) {
            return self.kif_move(raw, line);
        }
        if self.style == Style::Ki2 && trimmed.starts_with(['▲', '△', '☗', '☖', '▼', '▽']) {
            return self.ki2_moves(raw, line);
        }
        if let Some(at) = raw.find(['：', ':']) {
            let key = &raw[..at];
            let sep = raw[at..].chars().next().map_or(1, char::len_utf8);
            let written = &raw[at + sep..];
            let value = trim_spaces(written);
            if key.is_empty() || key.contains(' ') {
                return Err(expected(line, 1, "a header name before ："));
            }
            match key {
                "手合割" => {
                    self.not_started(line)?;
                    if matches!(value, "その他" | "詰将棋" | "双玉詰将棋" | "その他　") {
                        self.needs_diagram = Some((value.to_string(), line));
                    } else {
                        let (pos, handicap) = handicap::from_kif_name(value).ok_or_else(|| {
                            err(line, column(raw, at + sep), ReadErrorKind::UnknownHandicap(value.to_string()))
                        })?;
                        self.named = Some(pos);
                        self.record.handicap = handicap;
                    }
                }
                "先手の持駒" | "下手の持駒" => self.hand(Color::Black, value, line, at + sep, raw)?,
                "後手の持駒" | "上手の持駒" => self.hand(Color::White, value, line, at + sep, raw)?,
                _ => self.record.headers.push((key.to_string(), written.to_string())),
            }
            return Ok(());
        }
        Err(expected(
            line,
            1,
            match self.style {
                Style::Kif => "a header (名前：値), a numbered move, a comment (*) or a board line",
                Style::Ki2 => "a header (名前：値), moves (▲７六歩), a comment (*) or a board line",
            },
        ))
    }
}

pub(crate) fn read(text: &str, style: Style) -> Result<Record, ReadError> {
    let mut reader = Reader {
        style,
        record: Record::new(crate::startpos()),
        setup: Setup::EMPTY,
        bod: false,
        named: None,
        needs_diagram: None,
        side_given: None,
        pos: None,
        previous: None,
        ended: false,
        lines: vec![Line { start: 1, ..Line::default() }],
        cur: 0,
        start_ply: 1,
    };
    let mut lines = 0;
    for (index, raw) in crate::lines(text).enumerate() {
        lines = index + 1;
        reader.line(raw, index + 1)?;
    }
    reader.position(lines)?;
    if reader.cur != 0 {
        reader.save();
        let main = &mut reader.lines[0];
        reader.record.moves = std::mem::take(&mut main.moves);
        reader.record.outcome = main.outcome.take();
        reader.record.comments = std::mem::take(&mut main.comments);
        reader.record.end_comments = std::mem::take(&mut main.end_comments);
    }
    reader.record.variations = Reader::tree(&mut reader.lines, 0);
    if reader.bod {
        reader.record.handicap =
            reader.record.handicap.filter(|h| crate::handicap_of(&reader.record.start) == Some(*h));
    }
    Ok(reader.record)
}

/// The reader's error for a move: an illegal one says which rule it breaks.
fn move_error(pos: &Position, e: hayanagi::JapaneseMoveError, line: usize, text: &str, at: usize) -> ReadError {
    let kind = match e.kind() {
        hayanagi::JapaneseMoveErrorKind::Illegal(mv) => match pos.illegality(mv) {
            Some(why) => ReadErrorKind::Illegal { mv, why },
            None => ReadErrorKind::JapaneseMove(e),
        },
        _ => ReadErrorKind::JapaneseMove(e),
    };
    err(line, column(text, at + e.offset()), kind)
}

fn color_name(color: Color) -> &'static str {
    if color == Color::Black { "先手" } else { "後手" }
}

/// The `まで` line's text after `まで{N}手で`.
fn summary_text(outcome: &Outcome) -> Option<String> {
    let winner = outcome.winner.map(color_name);
    let loser = outcome.winner.map(|w| color_name(w.flip()));
    Some(match (outcome.ending, winner, loser) {
        (Ending::Resign, Some(w), _) => format!("{w}の勝ち"),
        (Ending::Mate, Some(w), _) => format!("詰みで{w}の勝ち"),
        (Ending::TimeUp, Some(w), _) => format!("時間切れにより{w}の勝ち"),
        (Ending::IllegalAction, Some(w), _) => format!("{w}の反則勝ち"),
        (Ending::IllegalMove, _, Some(l)) => format!("{l}の反則負け"),
        (Ending::Declaration, Some(w), _) => format!("{w}の入玉勝ち"),
        (Ending::WinByDefault, Some(w), _) => format!("{w}の不戦勝"),
        (Ending::LossByDefault, _, Some(l)) => format!("{l}の不戦敗"),
        (Ending::Repetition, _, _) => "千日手".into(),
        (Ending::Impasse, _, _) => "持将棋".into(),
        (Ending::MaxMoves, _, _) => "最大手数".into(),
        (Ending::NoMate, _, _) => "不詰".into(),
        (Ending::Mate, None, _) => "詰み".into(),
        (Ending::Sealed, _, _) => "封じ手".into(),
        (Ending::TakeBack, _, _) => "待った".into(),
        _ => "中断".into(),
    })
}

fn special_word(ending: Ending) -> &'static str {
    match ending {
        Ending::Error => "中断",
        ending => SPECIAL.iter().find(|(_, e)| *e == ending).map_or("中断", |(w, _)| w),
    }
}

/// Display width: full-width characters count 2.
fn width(s: &str) -> usize {
    s.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum()
}

fn bod(pos: &Position, out: &mut String) {
    let hand = |color: Color| {
        let hand = pos.hand(color);
        if hand.is_empty() {
            return "なし".to_string();
        }
        let mut s = String::new();
        for kind in PieceKind::HAND.iter().rev() {
            let n = hand.count(*kind);
            if n > 0 {
                s.push(kind.japanese_char());
                if n > 1 {
                    s.push_str(&kanji_number(n));
                }
                s.push('\u{3000}');
            }
        }
        s
    };
    out.push_str(&format!("後手の持駒：{}\n", hand(Color::White)));
    out.push_str("  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n");
    for rank in Rank::ALL {
        out.push('|');
        for file in File::ALL.into_iter().rev() {
            match pos.piece_at(Square::new(file, rank)) {
                None => out.push_str(" ・"),
                Some(p) => {
                    out.push(if p.color() == Color::White { 'v' } else { ' ' });
                    out.push(p.kind().japanese_char());
                }
            }
        }
        out.push('|');
        out.push_str(KANJI_NUMBERS[rank.number() as usize]);
        out.push('\n');
    }
    out.push_str("+---------------------------+\n");
    out.push_str(&format!("先手の持駒：{}\n", hand(Color::Black)));
    if pos.side_to_move() == Color::White {
        out.push_str("後手番\n");
    }
}

pub(crate) fn write(record: &Record, style: Style) -> String {
    let mut out = String::new();
    let players = ["先手", "後手", "下手", "上手"];
    for (name, value) in record.headers.iter().filter(|(n, _)| !players.contains(&n.as_str()) && n != "CSA") {
        // A time control in CSA's form (`00:10+30`, `600+30+0`) is written in KIF's (`10分+30秒`).
        let converted = match crate::TimeControl::parse(value) {
            Some(tc) if name == "持ち時間" && value.is_ascii() => tc.kif(),
            _ => value.clone(),
        };
        out.push_str(&format!("{name}：{converted}\n"));
    }
    match handicap::kif_name(&record.start) {
        Some(name) => out.push_str(&format!("手合割：{name}\n")),
        None => bod(&record.start, &mut out),
    }
    for (name, value) in record.headers.iter().filter(|(n, _)| players.contains(&n.as_str())) {
        out.push_str(&format!("{name}：{value}\n"));
    }
    for comment in &record.comments {
        out.push_str(&format!("*{comment}\n"));
    }
    if style == Style::Kif {
        out.push_str("手数----指手---------消費時間--\n");
    }
    let main = LineRef {
        start: 1,
        moves: &record.moves,
        outcome: record.outcome.as_ref(),
        comments: &[],
        end_comments: &record.end_comments,
        variations: &record.variations,
    };
    let (order, plans) = Plan::lines(&record.variations);
    write_line(&mut out, style, &main, (&order, &plans), record.start.clone(), None, [0, 0], true);
    out
}

/// How a line's variations are written: in their own order when each `変化：N手` then reads back
/// as a variation of that line, else the latest branch first (as Kifu for Windows and
/// ShogiHome write them), those of one ply in their order. A reader takes `変化：N手` for the
/// innermost line just read that has move N after its first move, so a variation written after
/// a sibling whose lines hold its ply would be read as a variation of theirs.
struct Plan {
    /// The indices of the variation's own variations, in the order they are written.
    order: Vec<usize>,
    /// The plans of its own variations, by index.
    plans: Vec<Plan>,
    /// The plies that the lines a reader walks back up through after the variation and its
    /// variations have after their first move: `(first, end)`, `first < ply < end`.
    tail: Vec<(usize, usize)>,
}

impl Plan {
    /// The order of `variations` (indices) and their plans.
    fn lines(variations: &[Variation]) -> (Vec<usize>, Vec<Plan>) {
        let plans: Vec<Plan> = variations.iter().map(Plan::of).collect();
        let mut order: Vec<usize> = (0..variations.len()).collect();
        let taken = |before: &Plan, v: &Variation| {
            let ply = v.ply as usize;
            before.tail.iter().any(|&(first, end)| first < ply && ply < end)
        };
        if plans.iter().zip(variations.iter().skip(1)).any(|(before, v)| taken(before, v)) {
            order.sort_by_key(|&i| std::cmp::Reverse(variations[i].ply));
        }
        (order, plans)
    }

    fn of(v: &Variation) -> Plan {
        let (order, plans) = Plan::lines(&v.variations);
        let first = v.ply as usize;
        let mut tail = vec![(first, first + v.moves.len() + usize::from(v.outcome.is_some()))];
        if let Some(&last) = order.last() {
            tail.extend_from_slice(&plans[last].tail);
        }
        Plan { order, plans, tail }
    }
}

/// A line to write: the main line or a variation.
struct LineRef<'a> {
    start: usize,
    moves: &'a [RecordMove],
    outcome: Option<&'a Outcome>,
    comments: &'a [String],
    end_comments: &'a [String],
    variations: &'a [Variation],
}

impl<'a> LineRef<'a> {
    fn of(v: &'a Variation) -> LineRef<'a> {
        LineRef {
            start: v.ply as usize,
            moves: &v.moves,
            outcome: v.outcome.as_ref(),
            comments: &v.comments,
            end_comments: &v.end_comments,
            variations: &v.variations,
        }
    }
}

/// Writes a line from `pos` (the position before its first move), then its variations in the
/// order of its [`Plan`] (`(order, plans)`), so that each `変化：N手` finds its line as readers look for it.
#[allow(clippy::too_many_arguments)]
fn write_line(
    out: &mut String,
    style: Style,
    line: &LineRef<'_>,
    (order, plans): (&[usize], &[Plan]),
    mut pos: Position,
    mut previous: Option<Square>,
    mut totals: [u64; 2],
    main: bool,
) {
    for comment in line.comments {
        out.push_str(&format!("*{comment}\n"));
    }
    // The position, previous square and totals before each ply a variation branches at.
    let mut points: Vec<(usize, Position, Option<Square>, [u64; 2])> = Vec::new();
    let branches = |ply: usize| line.variations.iter().filter(move |v| v.ply as usize == ply);
    let mut ki2_line = 0;
    let time = |ms: u64, total: u64| {
        let (s, t) = (ms / 1000, total / 1000);
        format!("({:>2}:{:02}/{:02}:{:02}:{:02})", s / 60, s % 60, t / 3600, t / 60 % 60, t % 60)
    };
    for (i, m) in line.moves.iter().enumerate() {
        let ply = line.start + i;
        if branches(ply).next().is_some() {
            points.push((ply, pos.clone(), previous, totals));
        }
        let jstyle = if style == Style::Kif { JapaneseStyle::Kif } else { JapaneseStyle::Ki2 };
        // Record::check has made sure every move is legal.
        let Ok(text) = pos.japanese_move(m.mv, previous, jstyle) else { return };
        let text = text.to_string();
        let side = pos.side_to_move().index();
        match style {
            Style::Kif => {
                out.push_str(&format!("{ply:>4} {text}"));
                if let Some(ms) = m.time_ms {
                    // The total is the sum of the per-move times as written (whole seconds), so a
                    // second write gives the same totals.
                    totals[side] = totals[side].saturating_add(ms / 1000 * 1000);
                    out.push_str(&" ".repeat(14usize.saturating_sub(width(&text))));
                    out.push_str(&time(ms, totals[side]));
                }
                // `+`: a variation branches here.
                if branches(ply).next().is_some() {
                    out.push('+');
                }
                out.push('\n');
            }
            Style::Ki2 => {
                if ki2_line > 0 {
                    out.push_str("    ");
                }
                out.push_str(&text);
                ki2_line += 1;
                if ki2_line == 8 || !m.comments.is_empty() || i + 1 == line.moves.len() {
                    out.push('\n');
                    ki2_line = 0;
                }
            }
        }
        for comment in &m.comments {
            out.push_str(&format!("*{comment}\n"));
        }
        previous = Some(m.mv.to());
        pos.play_unchecked(m.mv);
    }
    let end_ply = line.start + line.moves.len();
    if branches(end_ply).next().is_some() {
        points.push((end_ply, pos.clone(), previous, totals));
    }
    if let Some(outcome) = line.outcome {
        // The special move implies its winner (the side to move resigns); a record whose winner is
        // another (read from a まで line alone) keeps only that line, which says who.
        let implied = matches!(outcome.ending, Ending::IllegalAction | Ending::IllegalMove)
            || Outcome::default_winner(outcome.ending, pos.side_to_move()) == outcome.winner;
        if style == Style::Kif && implied {
            // 反則勝ち: the side to move wins (the other fouled); 反則負け: it loses.
            let word = match outcome.ending {
                Ending::IllegalAction | Ending::IllegalMove if outcome.winner == Some(pos.side_to_move()) => "反則勝ち",
                Ending::IllegalAction | Ending::IllegalMove => "反則負け",
                ending => special_word(ending),
            };
            out.push_str(&format!("{end_ply:>4} {word}"));
            if let Some(ms) = outcome.time_ms {
                let side = pos.side_to_move().index();
                let total = totals[side].saturating_add(ms / 1000 * 1000);
                out.push_str(&" ".repeat(14usize.saturating_sub(width(word))));
                out.push_str(&time(ms, total));
            }
            out.push('\n');
        }
        for comment in line.end_comments {
            out.push_str(&format!("*{comment}\n"));
        }
        if (main || style == Style::Ki2 || !implied)
            && let Some(text) = summary_text(outcome)
        {
            out.push_str(&format!("まで{}手で{text}\n", end_ply - 1));
        }
    }
    for &i in order {
        let (v, plan) = (&line.variations[i], &plans[i]);
        let ply = v.ply as usize;
        // Record::check has made sure every variation branches at a ply its line has.
        let Some((_, pos, previous, totals)) = points.iter().find(|point| point.0 == ply) else { return };
        out.push_str(&format!("\n変化：{ply}手\n"));
        write_line(out, style, &LineRef::of(v), (&plan.order, &plan.plans), pos.clone(), *previous, *totals, false);
    }
}
