//! Shogi game records for [hayanagi]: CSA (V2.2 and V3.0), KIF, KI2 and JKF (JSON Kifu Format)
//! files, read and written, in UTF-8 or Shift_JIS (CP932), variations (変化, forks) as a tree.
//!
//! The move notations themselves (`+7776FU`, `７六歩(77)`, `▲５八金右`) live in the `no_std`
//! core ([`Position::parse_csa_move`], [`Position::japanese_move`], ...); this crate adds what
//! needs `std` and an encoding dependency: whole files, header maps, comments, times, text
//! encodings, time controls, engine evaluations in comments. Every reader returns a [`Record`] or
//! a [`ReadError`] naming the line, the column and what was expected; nothing panics; every writer
//! returns the text or a [`WriteError`], never a truncated file. A move that is not legal in its
//! position is an error in every format, saying which rule it breaks (a record says that a side
//! moved illegally with an [`Ending`], such as CSA's `%ILLEGAL_MOVE` or KIF's `反則負け`, not with
//! the move itself).
//!
//! ```
//! use hayanagi_records::{Ending, Format, Record};
//! let kif = "手合割：平手\n先手：A\n後手：B\n   1 ７六歩(77)   ( 0:01/00:00:01)\n*a comment\n   2 ３四歩(33)\n   3 投了\nまで2手で後手の勝ち\n";
//! let record = Record::read_str(kif, None)?;
//! assert_eq!(record.moves.len(), 2);
//! assert_eq!(record.moves[0].comments, ["a comment"]);
//! assert_eq!(record.outcome.as_ref().map(|o| o.ending), Some(Ending::Resign));
//! assert_eq!(record.header("先手"), Some("A"));
//! let csa = record.write(Format::Csa)?;
//! assert!(csa.contains("+7776FU\nT1\n'a comment\n-3334FU\n%TORYO\n"));
//! assert!(record.write(Format::Ki2)?.ends_with("▲７六歩\n*a comment\n△３四歩\nまで2手で後手の勝ち\n"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod csa;
mod encoding;
mod eval;
mod handicap;
mod jkf;
mod json;
mod kif;
mod time;

use std::fmt;

use hayanagi::{Color, Handicap, Illegality, Move, Position};

pub use encoding::{TextEncoding, decode};
pub use eval::{Evaluation, Score};
pub use json::write_string as write_json_string;
pub use time::TimeControl;

/// A record format.
///
/// ```
/// use hayanagi_records::{Format, Record};
/// let record = Record::read_str("startpos moves 7g7f", Some(Format::Usi))?;
/// assert_eq!(record.write(Format::Csa)?, "'CSA encoding=UTF-8\nV2.2\nPI\n+\n+7776FU\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// The CSA standard record format (V2.2 / V3.0).
    Csa,
    /// Kakinoki's KIF: numbered moves with from squares and times.
    Kif,
    /// Kakinoki's KI2: `▲`/`△` moves with the KI2 modifiers.
    Ki2,
    /// A USI `position` command: `startpos moves ...` or `sfen <4 fields> moves ...`, one line.
    Usi,
    /// JKF, the JSON Kifu Format of Kifu for JS, shogi-extend and tsshogi (UTF-8 JSON).
    Jkf,
}

impl Format {
    /// Guesses the format of a decoded record: USI if the first word is `position`, `startpos` or
    /// `sfen`; CSA if the first line that is not a comment is a CSA line (`V2.2`, `N+`, `$`, `P`,
    /// `+`, `-`, `%`, or a `'` comment); KI2 if a line starts with `▲`/`△` (after spaces) and no
    /// line is a numbered KIF move; KIF otherwise.
    ///
    /// ```
    /// use hayanagi_records::Format;
    /// assert_eq!(Format::detect("V2.2\nPI\n+\n+7776FU\n"), Format::Csa);
    /// assert_eq!(Format::detect("手合割：平手\n▲７六歩 △３四歩\n"), Format::Ki2);
    /// assert_eq!(Format::detect("   1 ７六歩(77)\n"), Format::Kif);
    /// assert_eq!(Format::detect("position startpos moves 7g7f\n"), Format::Usi);
    /// ```
    #[must_use]
    pub fn detect(text: &str) -> Format {
        Format::detect_with_reason(text).0
    }

    /// [`Format::detect`] with the reason, as errors of detected records say it: `("KIF", "...")`.
    ///
    /// ```
    /// use hayanagi_records::Format;
    /// assert_eq!(Format::detect_with_reason("' a comment\nPI\n+\n"), (Format::Csa, "its first line is a CSA line"));
    /// assert_eq!(Format::detect_with_reason("+---------------------------+\n").0, Format::Kif);
    /// ```
    #[must_use]
    pub fn detect_with_reason(text: &str) -> (Format, &'static str) {
        let text = text.trim_start_matches('\u{feff}');
        let first_word = text.split_whitespace().next().unwrap_or("");
        if matches!(first_word, "position" | "startpos" | "sfen") {
            return (Format::Usi, "its first word is position, startpos or sfen");
        }
        if text.trim_start().starts_with('{') {
            return (Format::Jkf, "it starts with '{' (JSON)");
        }
        let first = lines(text).find(|l| !l.trim().is_empty() && !l.starts_with('#'));
        if first.is_some_and(csa::is_csa_line) {
            return (Format::Csa, "its first line is a CSA line");
        }
        let mut ki2 = false;
        for line in lines(text) {
            let trimmed = line.trim_start_matches([' ', '\u{3000}']);
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            if trimmed.starts_with(['▲', '△', '☗', '☖', '▼', '▽']) {
                ki2 = true;
            }
            if kif::is_move_line(trimmed) {
                return (Format::Kif, "a line is a numbered KIF move");
            }
        }
        if ki2 {
            (Format::Ki2, "a line starts with ▲ or △ and none is a numbered KIF move")
        } else {
            (Format::Kif, "no line is a numbered move, a ▲/△ move or a CSA line")
        }
    }
}

/// The lines of a text: ended by LF, CR LF, CR CR LF, or CR alone (old Mac files); the line ends
/// are not part of the lines.
pub(crate) fn lines(text: &str) -> Lines<'_> {
    let end = if text.as_bytes().contains(&b'\n') { b'\n' } else { b'\r' };
    Lines { rest: Some(text), end }
}

/// The iterator of [`lines`]: a byte loop (record lines are short, shorter than a searcher's setup).
#[derive(Clone)]
pub(crate) struct Lines<'a> {
    rest: Option<&'a str>,
    end: u8,
}

impl<'a> Iterator for Lines<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let rest = self.rest?;
        let line = match rest.bytes().position(|b| b == self.end) {
            Some(at) => {
                self.rest = Some(&rest[at + 1..]);
                &rest[..at]
            }
            None => {
                self.rest = None;
                rest
            }
        };
        Some(match line.as_bytes().last() {
            Some(b'\r') => line.trim_end_matches('\r'),
            _ => line,
        })
    }
}

/// The even start, built once (a record reader asks for it once or twice per file).
pub(crate) fn startpos() -> Position {
    static START: std::sync::OnceLock<Position> = std::sync::OnceLock::new();
    START.get_or_init(Position::startpos).clone()
}

/// [`Handicap::of`], against the handicaps' setups built once, and at once `None` for a start
/// with Black to move (no handicap has it).
pub(crate) fn handicap_of(pos: &Position) -> Option<Handicap> {
    static SETUPS: std::sync::OnceLock<Vec<(Handicap, hayanagi::Setup)>> = std::sync::OnceLock::new();
    if pos.side_to_move() == Color::Black {
        return None;
    }
    let setups = SETUPS.get_or_init(|| {
        Handicap::ALL
            .into_iter()
            .map(|h| {
                let mut setup = hayanagi::Setup::from(&h.position());
                setup.ply = 1;
                (h, setup)
            })
            .collect()
    });
    let mut setup = hayanagi::Setup::from(pos);
    setup.ply = 1;
    setups.iter().find(|(_, s)| *s == setup).map(|&(h, _)| h)
}

/// How a game ended, in any format's words. Whose win it is, is in [`Outcome::winner`].
///
/// ```
/// use hayanagi_records::{Ending, Record};
/// let record = Record::read_str("V2.2\nPI\n+\n+7776FU\n%SENNICHITE\n", None)?;
/// assert_eq!(record.outcome.map(|o| o.ending), Some(Ending::Repetition));
/// # Ok::<(), hayanagi_records::ReadError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Ending {
    /// 投了, `%TORYO`: the side to move resigns.
    Resign,
    /// 中断, `%CHUDAN`: stopped, no result.
    Abort,
    /// 千日手, `%SENNICHITE`: repetition draw.
    Repetition,
    /// 持将棋, `%JISHOGI`: impasse draw.
    Impasse,
    /// `%MAX_MOVES`: the move limit was reached (KIF: 最大手数).
    MaxMoves,
    /// 詰み, `%TSUMI`: the side to move is mated.
    Mate,
    /// 不詰, `%FUZUMI`: no mate (tsume problems).
    NoMate,
    /// 切れ負け, `%TIME_UP`: the side to move ran out of time.
    TimeUp,
    /// 反則負け, `%ILLEGAL_MOVE`: the side to move moved illegally and loses.
    IllegalMove,
    /// 反則勝ち, `%+ILLEGAL_ACTION` / `%-ILLEGAL_ACTION`: one side acted illegally (see
    /// [`Outcome::winner`]).
    IllegalAction,
    /// 入玉勝ち, 宣言勝ち, 入玉宣言, `%KACHI`: the side to move declares an entering-king win.
    Declaration,
    /// 不戦勝: the side to move wins by default.
    WinByDefault,
    /// 不戦敗: the side to move loses by default.
    LossByDefault,
    /// `%ERROR`.
    Error,
    /// 待った, `%MATTA`: a take-back was asked for; the record stops (no winner).
    TakeBack,
    /// 封じ手: the game was adjourned with a sealed move; the record stops (no winner).
    Sealed,
}

impl Ending {
    /// Every ending, in the order of their declaration (the C API's `HAYANAGI_ENDING_*` numbers
    /// are this order's index + 1).
    ///
    /// ```
    /// use hayanagi_records::Ending;
    /// assert_eq!(Ending::ALL.len(), 16);
    /// assert!(Ending::ALL.iter().enumerate().all(|(i, ending)| ending.index() == i));
    /// ```
    pub const ALL: [Ending; 16] = [
        Ending::Resign,
        Ending::Abort,
        Ending::Repetition,
        Ending::Impasse,
        Ending::MaxMoves,
        Ending::Mate,
        Ending::NoMate,
        Ending::TimeUp,
        Ending::IllegalMove,
        Ending::IllegalAction,
        Ending::Declaration,
        Ending::WinByDefault,
        Ending::LossByDefault,
        Ending::Error,
        Ending::TakeBack,
        Ending::Sealed,
    ];

    /// The index of this ending in [`Ending::ALL`] (a match without a wildcard: a new ending does
    /// not build until it has its place there).
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Ending::Resign => 0,
            Ending::Abort => 1,
            Ending::Repetition => 2,
            Ending::Impasse => 3,
            Ending::MaxMoves => 4,
            Ending::Mate => 5,
            Ending::NoMate => 6,
            Ending::TimeUp => 7,
            Ending::IllegalMove => 8,
            Ending::IllegalAction => 9,
            Ending::Declaration => 10,
            Ending::WinByDefault => 11,
            Ending::LossByDefault => 12,
            Ending::Error => 13,
            Ending::TakeBack => 14,
            Ending::Sealed => 15,
        }
    }
}

/// The end of a record: how, and who won (`None`: a draw, an abort or not known).
///
/// ```
/// use hayanagi::Color;
/// use hayanagi_records::{Ending, Outcome, Record};
/// let record = Record::read_str("V2.2\nPI\n+\n+7776FU\n%TORYO\nT5\n", None)?;
/// assert_eq!(record.outcome, Some(Outcome { ending: Ending::Resign, winner: Some(Color::Black), time_ms: Some(5000) }));
/// # Ok::<(), hayanagi_records::ReadError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// How the game ended.
    pub ending: Ending,
    /// The winner, if there is one.
    pub winner: Option<Color>,
    /// The time spent on the ending (the resigning side's thinking), in milliseconds.
    pub time_ms: Option<u64>,
}

impl Outcome {
    /// The usual winner of `ending` when `to_move` is the side to move at the end.
    ///
    /// ```
    /// use hayanagi::Color;
    /// use hayanagi_records::{Ending, Outcome};
    /// assert_eq!(Outcome::default_winner(Ending::Resign, Color::White), Some(Color::Black));
    /// assert_eq!(Outcome::default_winner(Ending::Declaration, Color::White), Some(Color::White));
    /// assert_eq!(Outcome::default_winner(Ending::Repetition, Color::White), None);
    /// ```
    #[must_use]
    pub fn default_winner(ending: Ending, to_move: Color) -> Option<Color> {
        match ending {
            Ending::Resign | Ending::Mate | Ending::TimeUp | Ending::IllegalMove | Ending::LossByDefault => {
                Some(to_move.flip())
            }
            Ending::Declaration | Ending::WinByDefault | Ending::IllegalAction => Some(to_move),
            _ => None,
        }
    }
}

/// One move of a record's main line.
///
/// ```
/// use hayanagi_records::Record;
/// let record = Record::read_str("V2.2\nPI\n+\n+7776FU\nT12\n'good\n", None)?;
/// assert_eq!(record.moves[0].mv.to_string(), "7g7f");
/// assert_eq!((record.moves[0].time_ms, record.moves[0].comments.clone()), (Some(12_000), vec!["good".to_string()]));
/// # Ok::<(), hayanagi_records::ReadError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordMove {
    /// The move (legal in the position before it).
    pub mv: Move,
    /// The time spent on it, in milliseconds, if the record says.
    pub time_ms: Option<u64>,
    /// The comments after it, one per line, without the `'` or `*`.
    pub comments: Vec<String>,
}

/// A variation (変化, 分岐): another line from a point of its parent line (the main line or
/// another variation), with its own endings, comments and variations: a tree.
///
/// ```
/// use hayanagi_records::{Format, Record};
/// let kif = "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n\n変化：2手\n   2 ８四歩(83)\n   3 ６八銀(79)\n\n変化：3手\n   3 ２六歩(27)\n";
/// let record = Record::read_str(kif, None)?;
/// assert_eq!(record.moves.len(), 3);
/// let v = &record.variations[0];
/// assert_eq!((v.ply, v.moves.len(), v.variations[0].ply), (2, 2, 3));
/// assert_eq!(Record::read_str(&record.write(Format::Kif)?, None)?, record);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variation {
    /// The ply (move number, from 1) of its first move: it replaces the parent line's move of
    /// that ply (or, one past the parent's last move, its ending).
    pub ply: u32,
    /// Comments before its first move.
    pub comments: Vec<String>,
    /// Its moves, each legal after the parent line's moves before `ply` and its own before it.
    pub moves: Vec<RecordMove>,
    /// Its ending, if it has one.
    pub outcome: Option<Outcome>,
    /// Comments after its ending.
    pub end_comments: Vec<String>,
    /// The variations from its moves (each with a `ply` after this one's), in file order.
    pub variations: Vec<Variation>,
}

impl Variation {
    /// How many variations this one holds, itself included.
    #[must_use]
    pub fn count(&self) -> usize {
        1 + self.variations.iter().map(Variation::count).sum::<usize>()
    }
}

/// A game record: headers, the start position, the main line, the ending, and the variations seen.
///
/// ```
/// use hayanagi::{Handicap, Position};
/// use hayanagi_records::{Format, Record};
/// let record = Record::read_str("手合割：角落ち\n先手：B\n   1 ５二玉(51)\n", None)?;
/// assert_eq!(record.handicap, Some(Handicap::Bishop));
/// assert_eq!(record.start, Handicap::Bishop.position());
/// assert_eq!(record.write(Format::Usi)?, "sfen lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 5a5b\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Header fields in file order, with KIF's Japanese names for the usual ones (`先手`, `後手`,
    /// `開始日時`, `終了日時`, `棋戦`, `場所`, `持ち時間`, `戦型`); CSA's other `$KEY` lines keep
    /// `$KEY` as the name, and its `V2.2` line is `"CSA"` → `"V2.2"`.
    pub headers: Vec<(String, String)>,
    /// The position before the first move.
    pub start: Position,
    /// The handicap the record named (`手合割`) or its start is; `None` for the even game and other starts.
    pub handicap: Option<Handicap>,
    /// Comments before the first move.
    pub comments: Vec<String>,
    /// The main line.
    pub moves: Vec<RecordMove>,
    /// The ending, if the record has one.
    pub outcome: Option<Outcome>,
    /// The variations from the main line (KIF and KI2 変化, JKF forks), a tree; each line's
    /// in the order the file has them (GUIs write KIF's latest branch first, JKF's forks are
    /// by ply), written back in that order where the format can say it (see [`Record::write`]).
    pub variations: Vec<Variation>,
    /// Comments after the ending (CSA `%KACHI,'* -5000`, KIF `*` lines after the special move).
    pub end_comments: Vec<String>,
}

impl Record {
    /// An empty record from `start`.
    ///
    /// ```
    /// use hayanagi::Position;
    /// use hayanagi_records::{Format, Record};
    /// assert_eq!(Record::new(Position::startpos()).write(Format::Kif).unwrap(), "#KIF version=2.0 encoding=UTF-8\n手合割：平手\n手数----指手---------消費時間--\n");
    /// ```
    #[must_use]
    pub fn new(start: Position) -> Record {
        Record {
            headers: Vec::new(),
            start,
            handicap: None,
            comments: Vec::new(),
            moves: Vec::new(),
            outcome: None,
            variations: Vec::new(),
            end_comments: Vec::new(),
        }
    }

    /// The value of the first header named `name`.
    ///
    /// ```
    /// use hayanagi_records::Record;
    /// let record = Record::read_str("V2.2\nN+羽生\n$EVENT:名人戦\nPI\n+\n", None)?;
    /// assert_eq!((record.header("先手"), record.header("棋戦"), record.header("後手")), (Some("羽生"), Some("名人戦"), None));
    /// # Ok::<(), hayanagi_records::ReadError>(())
    /// ```
    #[must_use]
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    /// The position after the main line.
    ///
    /// ```
    /// use hayanagi_records::Record;
    /// let record = Record::read_str("startpos moves 7g7f 3c3d", None)?;
    /// assert_eq!(record.end_position().sfen().to_string(), "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3");
    /// # Ok::<(), hayanagi_records::ReadError>(())
    /// ```
    #[must_use]
    pub fn end_position(&self) -> Position {
        let mut pos = self.start.clone();
        for m in &self.moves {
            pos.play_unchecked(m.mv);
        }
        pos
    }

    /// Reads a record from bytes: decodes them (see [`decode`]; `encoding` forces one), detects
    /// the format (see [`Format::detect`]) and reads it.
    ///
    /// ```
    /// use hayanagi_records::{Record, TextEncoding};
    /// let sjis = TextEncoding::ShiftJis.encode("手合割：平手\n   1 ７六歩(77)\n");
    /// assert_eq!(Record::read_bytes(&sjis, None)?.moves.len(), 1);
    /// # Ok::<(), hayanagi_records::ReadError>(())
    /// ```
    ///
    /// # Errors
    /// A [`ReadError`]: undecodable bytes, or what the format's reader rejects.
    pub fn read_bytes(bytes: &[u8], encoding: Option<TextEncoding>) -> Result<Record, ReadError> {
        let (text, _) = decode(bytes, encoding)?;
        Record::read_str(&text, None)
    }

    /// Reads a record from text in `format` (detected when `None`). A CSA file may hold several
    /// games separated by `/` lines; this reads the first (see [`Record::read_all`]).
    ///
    /// ```
    /// use hayanagi_records::{Format, Record};
    /// let record = Record::read_str("▲７六歩 △３四歩\n", Some(Format::Ki2))?;
    /// assert_eq!(record.moves.len(), 2);
    /// assert!(Record::read_str("▲７六歩 △３四歩\n", Some(Format::Csa)).is_err());
    /// // A detected format is named in the error, with the reason.
    /// let err = Record::read_str("V2.2\nPI\n+\n+7776FU\n+7776FU\n", None).unwrap_err();
    /// assert!(err.to_string().ends_with("(read as CSA: its first line is a CSA line)"), "{err}");
    /// # Ok::<(), hayanagi_records::ReadError>(())
    /// ```
    ///
    /// # Errors
    /// A [`ReadError`] with the line and column.
    pub fn read_str(text: &str, format: Option<Format>) -> Result<Record, ReadError> {
        Record::read_games(text, format, false).map(|mut games| games.swap_remove(0))
    }

    /// Reads every game of a text: the games of a CSA file separated by `/` lines (CSA V2.2 and
    /// V3.0), or the one game of the other formats.
    ///
    /// ```
    /// use hayanagi_records::Record;
    /// let games = Record::read_all("V2.2\nPI\n+\n+7776FU\n/\nPI\n+\n+2726FU\n%TORYO\n", None)?;
    /// assert_eq!(games.iter().map(|g| g.moves[0].mv.to_string()).collect::<Vec<_>>(), ["7g7f", "2g2f"]);
    /// # Ok::<(), hayanagi_records::ReadError>(())
    /// ```
    ///
    /// # Errors
    /// The first game's [`ReadError`] that fails, with the line in the whole text.
    pub fn read_all(text: &str, format: Option<Format>) -> Result<Vec<Record>, ReadError> {
        Record::read_games(text, format, true)
    }

    /// [`Record::read_all`] from bytes (decoded as [`Record::read_bytes`] does).
    ///
    /// # Errors
    /// As [`Record::read_bytes`].
    pub fn read_all_bytes(bytes: &[u8], encoding: Option<TextEncoding>) -> Result<Vec<Record>, ReadError> {
        let (text, _) = decode(bytes, encoding)?;
        Record::read_all(&text, None)
    }

    fn read_games(text: &str, format: Option<Format>, all: bool) -> Result<Vec<Record>, ReadError> {
        let text = text.trim_start_matches('\u{feff}');
        let (format, taken_as) = match format {
            Some(format) => (format, None),
            None => {
                let (format, why) = Format::detect_with_reason(text);
                (format, Some((format, why)))
            }
        };
        let games = match format {
            Format::Csa => csa::read(text, all),
            Format::Kif => kif::read(text, kif::Style::Kif).map(|r| vec![r]),
            Format::Ki2 => kif::read(text, kif::Style::Ki2).map(|r| vec![r]),
            Format::Usi => read_usi(text).map(|r| vec![r]),
            Format::Jkf => jkf::read(text).map(|r| vec![r]),
        };
        games.map_err(|e| ReadError { taken_as, ..e })
    }

    /// The time control of the `持ち時間` header (KIF's text, CSA's `$TIME_LIMIT` or `$TIME`),
    /// when it is one [`TimeControl::parse`] reads.
    ///
    /// ```
    /// use hayanagi_records::{Format, Record};
    /// let record = Record::read_str("V2.2\n$TIME_LIMIT:00:10+30\nPI\n+\n", None)?;
    /// assert_eq!(record.time_control().map(|t| t.byoyomi_ms), Some(30_000));
    /// assert!(record.write(Format::Kif)?.contains("持ち時間：10分+30秒\n"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn time_control(&self) -> Option<TimeControl> {
        self.header("持ち時間").and_then(TimeControl::parse)
    }

    /// Checks what a writer relies on: every move of the main line and of every variation legal
    /// after the ones before it, every variation branching from a ply its parent line has (after
    /// the parent's first move, for a variation of a variation), and every ending possible in its
    /// end position (詰み only when the side to move has no legal move, and then not as its win).
    ///
    /// # Errors
    /// The first [`WriteError`].
    pub fn check(&self) -> Result<(), WriteError> {
        check_line(self.start.clone(), 1, &self.moves, self.outcome.as_ref(), &self.variations, true)
    }

    /// Writes the record in `format` as text (encode it with [`TextEncoding::encode`], or write
    /// bytes with [`Record::write_bytes`], which declares the encoding it uses). KIF and
    /// KI2 write the headers, `手合割` for a named start or a board diagram (BOD) otherwise, the
    /// moves, comments (`*`), times (KIF) and the ending with its `まで` line; CSA writes `V2.2`,
    /// `N+`/`N-`, `$` lines, `PI` (with removed pieces for handicaps) or `P1`..`P9` with `P+`/`P-`,
    /// the side to move, moves with `T` lines and `'` comments, and the `%` ending; USI writes the
    /// main line as one `position` line without the `position ` word; JKF writes JSON. KIF, KI2
    /// and JKF write the variations too, in their order: KIF and KI2 keep it when each `変化：N手`
    /// reads back as a variation of its own line, else write the latest branch first (as Kifu for
    /// Windows and ShogiHome do), those of one ply in their order; JKF puts forks on the
    /// move they replace, by ply. CSA and USI hold only the main line.
    /// The text declares UTF-8 (`#KIF version=2.0 encoding=UTF-8`, `'CSA encoding=UTF-8`).
    ///
    /// ```
    /// use hayanagi_records::{Format, Record};
    /// let record = Record::read_str("startpos moves 7g7f 3c3d", None)?;
    /// assert_eq!(record.write(Format::Ki2)?, "#KI2 version=2.0 encoding=UTF-8\n手合割：平手\n▲７六歩    △３四歩\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// A [`WriteError`] from [`Record::check`]: nothing is written from a record with an illegal
    /// move or an impossible ending.
    pub fn write(&self, format: Format) -> Result<String, WriteError> {
        self.write_declared(format, TextEncoding::Utf8)
    }

    /// Writes the record in `format` as bytes in `encoding`, declaring the encoding as the
    /// format's readers recognise it: KIF and KI2 `#KIF version=2.0 encoding=Shift_JIS` (or
    /// `UTF-8`), CSA `'CSA encoding=UTF-8` (CSA V3.0; a file without it is Shift_JIS).
    ///
    /// ```
    /// use hayanagi_records::{Format, Record, TextEncoding};
    /// let record = Record::read_str("startpos moves 7g7f", None)?;
    /// let kif = record.write_bytes(Format::Kif, TextEncoding::ShiftJis)?;
    /// assert!(kif.starts_with(b"#KIF version=2.0 encoding=Shift_JIS\n"));
    /// assert_eq!(Record::read_bytes(&kif, None)?.moves, record.moves);
    /// assert!(!record.write_bytes(Format::Csa, TextEncoding::ShiftJis)?.starts_with(b"'CSA"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Record::write`].
    pub fn write_bytes(&self, format: Format, encoding: TextEncoding) -> Result<Vec<u8>, WriteError> {
        // JSON is UTF-8 (RFC 8259), whatever is asked.
        let encoding = if format == Format::Jkf { TextEncoding::Utf8 } else { encoding };
        Ok(encoding.encode(&self.write_declared(format, encoding)?))
    }

    fn write_declared(&self, format: Format, encoding: TextEncoding) -> Result<String, WriteError> {
        self.check()?;
        let declared = match encoding {
            TextEncoding::Utf8 => "UTF-8",
            TextEncoding::ShiftJis => "Shift_JIS",
        };
        Ok(match format {
            Format::Csa => {
                let body = csa::write(self);
                if encoding == TextEncoding::Utf8 { format!("'CSA encoding=UTF-8\n{body}") } else { body }
            }
            Format::Kif => format!("#KIF version=2.0 encoding={declared}\n{}", kif::write(self, kif::Style::Kif)),
            Format::Ki2 => format!("#KI2 version=2.0 encoding={declared}\n{}", kif::write(self, kif::Style::Ki2)),
            Format::Usi => write_usi(self),
            Format::Jkf => jkf::write(self),
        })
    }
}

/// Why a record cannot be written; see [`WriteError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum WriteErrorKind {
    /// A move that breaks a rule in its position.
    Illegal {
        /// The move.
        mv: Move,
        /// The rule it breaks.
        why: Illegality,
    },
    /// A move after the game was over (the side to move had no legal move).
    MoveAfterEnd {
        /// The move.
        mv: Move,
    },
    /// An ending the end position contradicts (詰み where the side to move is not mated).
    EndingContradicts(Ending),
    /// A variation whose ply its parent line does not have: from `first` (after it, for a
    /// variation of a variation) to `last` (one past the last move: its ending).
    VariationPly {
        /// The parent line's first ply.
        first: usize,
        /// One past the parent line's last move.
        last: usize,
    },
}

/// A record that cannot be written: the ply (1-based; one past the last move for the ending)
/// and why.
///
/// ```
/// use hayanagi::Move;
/// use hayanagi_records::{Format, Record, RecordMove, WriteErrorKind};
/// let mut record = Record::read_str("startpos moves 7g7f", None)?;
/// record.moves.push(RecordMove { mv: "7f7e".parse::<Move>()?, time_ms: None, comments: Vec::new() });
/// let err = record.write(Format::Csa).unwrap_err();
/// assert_eq!(err.ply, 2);
/// assert!(matches!(err.kind, WriteErrorKind::Illegal { .. }));
/// assert_eq!(err.to_string(), "ply 2: illegal move 7f7e: no piece of the side to move on the from square");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WriteError {
    /// The ply, from 1.
    pub ply: usize,
    /// What is wrong.
    pub kind: WriteErrorKind,
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ply {}: ", self.ply)?;
        match self.kind {
            WriteErrorKind::Illegal { mv, why } => write!(f, "illegal move {mv}: {why}"),
            WriteErrorKind::MoveAfterEnd { mv } => write!(f, "move {mv} after the end of the game"),
            WriteErrorKind::EndingContradicts(ending) => {
                write!(f, "the ending {ending:?} contradicts the end position (the side to move is not mated)")
            }
            WriteErrorKind::VariationPly { first, last } => {
                write!(f, "a variation at a ply its line does not have (plies {first} to {last})")
            }
        }
    }
}

impl std::error::Error for WriteError {}

fn read_usi(text: &str) -> Result<Record, ReadError> {
    // Trailing blanks are no part of the command (a file's line may end with them).
    let line = text.lines().next().unwrap_or("").trim_end_matches(['\r', ' ', '\t']);
    // The core reads the command and plays its moves; the start is the end with the moves taken back.
    let mut undos = Vec::new();
    let mut last = None;
    let end = Position::from_usi_position_with(line, |pos, undo| {
        undos.push(undo);
        last = Some(pos.clone());
    })
    .map_err(|e| {
        // An illegal move says which rule it breaks, asked of the position before it.
        let kind = match e.kind() {
            hayanagi::UsiErrorKind::Move { error: hayanagi::UsiMoveError::Illegal(mv), .. } => {
                let before = last.clone().or_else(|| {
                    let head = line.split_once(" moves").map_or(line, |(head, _)| head);
                    Position::from_usi_position(head).ok()
                });
                match before.and_then(|pos| pos.illegality(mv)) {
                    Some(why) => ReadErrorKind::Illegal { mv, why },
                    None => ReadErrorKind::Usi(e),
                }
            }
            _ => ReadErrorKind::Usi(e),
        };
        ReadError::new(1, column(line, e.offset()), kind)
    })?;
    let mut start = end;
    for undo in undos.iter().rev() {
        start.undo_unchecked(*undo);
    }
    let mut record = Record::new(start);
    record.moves = undos.iter().map(|undo| RecordMove { mv: undo.mv(), time_ms: None, comments: Vec::new() }).collect();
    Ok(record)
}

fn write_usi(record: &Record) -> String {
    let sfen = record.start.sfen().to_string();
    let mut out = if sfen == startpos().sfen().to_string() { "startpos".to_string() } else { format!("sfen {sfen}") };
    if !record.moves.is_empty() {
        out.push_str(" moves");
        for m in &record.moves {
            out.push(' ');
            out.push_str(&m.mv.to_string());
        }
    }
    out.push('\n');
    out
}

/// What is wrong in a record; see [`ReadError`] for where.
///
/// ```
/// use hayanagi_records::{Format, ReadErrorKind, Record};
/// let err = Record::read_str("   1 ７六歩(77)\n   3 ３四歩(33)\n", Some(Format::Kif)).unwrap_err();
/// assert_eq!(err.kind, ReadErrorKind::MoveNumber { expected: 2, found: 3 });
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReadErrorKind {
    /// The bytes are not text in the encoding (detected or given).
    Encoding(TextEncoding),
    /// Something else was expected here; says what.
    Expected(&'static str),
    /// A CSA move that is malformed or not legal.
    CsaMove(hayanagi::CsaMoveError),
    /// A Japanese (KIF / KI2) move that is malformed, ambiguous or not legal.
    JapaneseMove(hayanagi::JapaneseMoveError),
    /// The start position is not a valid position (every reason).
    Position(hayanagi::SetupError),
    /// A USI `position` line rejected by the core: the core's error (its offset is into the line).
    Usi(hayanagi::UsiError),
    /// A KIF move number that is not the next one.
    MoveNumber {
        /// The number expected.
        expected: usize,
        /// The number found.
        found: usize,
    },
    /// A move after the ending.
    MoveAfterEnd,
    /// An unknown `手合割` name.
    UnknownHandicap(String),
    /// A start position line (BOD, `手合割`, `P1`, `PI`) after the first move.
    PositionAfterMoves,
    /// A well-formed move that breaks a rule here, and which rule (二歩, 打ち歩詰め, 王手放置, ...).
    Illegal {
        /// The move.
        mv: Move,
        /// The rule it breaks.
        why: Illegality,
    },
    /// A `手合割` (`その他`, `詰将棋`) that says the board diagram gives the start, without one.
    NoDiagram(String),
    /// An ending the position contradicts: 詰み (`%TSUMI`) where the side to move is not mated.
    EndingContradicts(Ending),
}

impl fmt::Display for ReadErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadErrorKind::Encoding(encoding) => write!(f, "the bytes are not valid {encoding}"),
            ReadErrorKind::Expected(what) => write!(f, "expected {what}"),
            ReadErrorKind::CsaMove(e) => write!(f, "CSA move: {}", e.kind()),
            ReadErrorKind::JapaneseMove(e) => write!(f, "move: {}", e.kind()),
            ReadErrorKind::Position(e) => write!(f, "start position: {e}"),
            ReadErrorKind::Usi(e) => match e.kind() {
                hayanagi::UsiErrorKind::Sfen(sfen) => write!(f, "USI: sfen {}: {}", sfen.field(), sfen.kind()),
                kind => write!(f, "USI: {kind}"),
            },
            ReadErrorKind::MoveNumber { expected, found } => {
                write!(f, "expected move number {expected}, found {found}")
            }
            ReadErrorKind::MoveAfterEnd => f.write_str("a move after the ending"),
            ReadErrorKind::UnknownHandicap(name) => write!(f, "unknown 手合割 {name:?}"),
            ReadErrorKind::PositionAfterMoves => f.write_str("a start position line after the first move"),
            ReadErrorKind::Illegal { mv, why } => write!(f, "illegal move {mv}: {why}"),
            ReadErrorKind::NoDiagram(name) => write!(f, "手合割：{name} without a board diagram"),
            ReadErrorKind::EndingContradicts(ending) => {
                write!(f, "the ending {ending:?} contradicts the position (the side to move is not mated)")
            }
        }
    }
}

/// Why a record was rejected: the line and column (1-based; the column counts characters) and
/// what is wrong.
///
/// ```
/// use hayanagi_records::{Format, Record};
/// let err = Record::read_str("V2.2\nPI\n+\n+7776FU\n-3334FU\n+7776FU\n", Some(Format::Csa)).unwrap_err();
/// assert_eq!((err.line, err.column), (6, 2));
/// assert_eq!(err.to_string(), "line 6, column 2: CSA move: no piece of the side to move on the from square");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    /// The line, from 1.
    pub line: usize,
    /// The column in characters, from 1.
    pub column: usize,
    /// What is wrong.
    pub kind: ReadErrorKind,
    /// The format the text was taken for and why, when it was detected (not given).
    pub taken_as: Option<(Format, &'static str)>,
}

impl ReadError {
    pub(crate) fn new(line: usize, column: usize, kind: ReadErrorKind) -> ReadError {
        ReadError { line, column, kind, taken_as: None }
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.kind)?;
        match self.taken_as {
            Some((format, why)) => write!(f, " (read as {format}: {why})"),
            None => Ok(()),
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Csa => "CSA",
            Format::Kif => "KIF",
            Format::Ki2 => "KI2",
            Format::Usi => "USI",
            Format::Jkf => "JKF",
        })
    }
}

impl std::error::Error for ReadError {}

fn check_line(
    mut pos: Position,
    start: usize,
    moves: &[RecordMove],
    outcome: Option<&Outcome>,
    variations: &[Variation],
    main: bool,
) -> Result<(), WriteError> {
    let end = start + moves.len();
    for v in variations {
        let ply = v.ply as usize;
        if ply < start || ply > end || (ply == end && outcome.is_none()) || (!main && ply == start) {
            return Err(WriteError { ply, kind: WriteErrorKind::VariationPly { first: start, last: end } });
        }
    }
    let mut points = Vec::new();
    for (index, m) in moves.iter().enumerate() {
        let ply = start + index;
        points.push(pos.clone());
        if let Some(why) = pos.illegality(m.mv) {
            let kind = if pos.has_legal_move() {
                WriteErrorKind::Illegal { mv: m.mv, why }
            } else {
                WriteErrorKind::MoveAfterEnd { mv: m.mv }
            };
            return Err(WriteError { ply, kind });
        }
        pos.play_unchecked(m.mv);
    }
    if let Some(outcome) = outcome
        && !ending_possible(&pos, outcome)
    {
        return Err(WriteError { ply: end, kind: WriteErrorKind::EndingContradicts(outcome.ending) });
    }
    points.push(pos);
    for v in variations {
        let at = points[v.ply as usize - start].clone();
        check_line(at, v.ply as usize, &v.moves, v.outcome.as_ref(), &v.variations, false)?;
    }
    Ok(())
}

/// Whether `outcome` can end a game in `pos`: 詰み only when the side to move has no legal move,
/// and then not as its win.
pub(crate) fn ending_possible(pos: &Position, outcome: &Outcome) -> bool {
    outcome.ending != Ending::Mate || !pos.has_legal_move() && outcome.winner != Some(pos.side_to_move())
}

/// The column (in characters, from 1) of byte offset `at` in `line`.
pub(crate) fn column(line: &str, at: usize) -> usize {
    line.get(..at.min(line.len())).map_or(1, |prefix| prefix.chars().count() + 1)
}

/// Time in milliseconds from whole seconds.
pub(crate) fn seconds(s: u64) -> u64 {
    s.saturating_mul(1000)
}

/// A start position being put together by a reader, validated as the SFEN reader validates.
pub(crate) fn validate(setup: &hayanagi::Setup) -> Result<Position, hayanagi::SetupError> {
    setup.validate(hayanagi::Relaxations::SFEN)
}
