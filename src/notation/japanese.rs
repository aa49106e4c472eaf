//! Japanese move notation, both ways: KIF style (`７六歩(77)`, `同　歩(23)`, `５五角打`,
//! `２二角成(88)`) and KI2 style (`▲７六歩`, `△同歩`, `▲５八金右`, `▲２二角不成`, `▲５五角打`),
//! for every legal move of any position.
//!
//! KI2 names the moving piece by its kind and, where several pieces of that kind (and colour) can
//! reach the square, by the standard modifiers of the Japan Shogi Association's rules: the motion
//! (上 forward, 引 backward, 寄 sideways), then the place (左/右, seen from the mover; 直 straight
//! forward, never used for 龍 and 馬), then both (左上, 右引, ...). 打 is written on a drop only
//! when a piece of that kind on the board could also move there. 成 promotes; 不成 is written
//! when the move could promote and does not (KI2 always; the KIF writer omits it, since the from
//! square already makes the move exact, and readers such as cshogi's reject it).
//!
//! [`Position::japanese_move`] writes a move (through `core::fmt`, no allocation);
//! [`Position::parse_japanese_move`] reads either style, with or without the modifiers, and
//! accepts a move only if exactly one legal move fits it.

use core::fmt;

use crate::{Color, File, IllegalMove, Move, PieceKind, Position, Rank, Square};

/// Which notation [`Position::japanese_move`] writes.
///
/// ```
/// use hayanagi::{JapaneseStyle, Position};
/// let pos = Position::startpos();
/// let mv = pos.parse_usi_move("7g7f").unwrap();
/// assert_eq!(pos.japanese_move(mv, None, JapaneseStyle::Kif).unwrap().to_string(), "７六歩(77)");
/// assert_eq!(pos.japanese_move(mv, None, JapaneseStyle::Ki2).unwrap().to_string(), "▲７六歩");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum JapaneseStyle {
    /// KIF (柿木): the from square in parentheses, `打` on every drop, no sign, `同　` with a
    /// full-width space.
    Kif,
    /// KI2: `▲`/`△`, modifiers instead of the from square, `打` only where needed, `不成`.
    Ki2,
}

/// Names in moves (`成銀`), indexed by [`PieceKind::index`].
const MOVE_NAMES: [&str; 14] =
    ["歩", "香", "桂", "銀", "金", "角", "飛", "玉", "と", "成香", "成桂", "成銀", "馬", "龍"];
/// One-character names on board diagrams (`全`), indexed by [`PieceKind::index`].
const BOARD_NAMES: [char; 14] = ['歩', '香', '桂', '銀', '金', '角', '飛', '玉', 'と', '杏', '圭', '全', '馬', '龍'];
/// Every spelling a reader accepts, longest first where one is a prefix of another.
const READ_NAMES: [(&str, PieceKind); 19] = [
    ("成香", PieceKind::ProLance),
    ("成桂", PieceKind::ProKnight),
    ("成銀", PieceKind::ProSilver),
    ("歩", PieceKind::Pawn),
    ("香", PieceKind::Lance),
    ("桂", PieceKind::Knight),
    ("銀", PieceKind::Silver),
    ("金", PieceKind::Gold),
    ("角", PieceKind::Bishop),
    ("飛", PieceKind::Rook),
    ("玉", PieceKind::King),
    ("王", PieceKind::King),
    ("と", PieceKind::ProPawn),
    ("杏", PieceKind::ProLance),
    ("圭", PieceKind::ProKnight),
    ("全", PieceKind::ProSilver),
    ("馬", PieceKind::Horse),
    ("龍", PieceKind::Dragon),
    ("竜", PieceKind::Dragon),
];

const FULLWIDTH: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
const KANJI: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

impl PieceKind {
    /// The name in Japanese move notation: `歩`, `香`, `桂`, `銀`, `金`, `角`, `飛`, `玉`, `と`,
    /// `成香`, `成桂`, `成銀`, `馬`, `龍`.
    ///
    /// ```
    /// use hayanagi::PieceKind;
    /// assert_eq!(PieceKind::ProSilver.japanese(), "成銀");
    /// assert_eq!(PieceKind::ProSilver.japanese_char(), '全');
    /// assert_eq!(PieceKind::from_japanese("竜寄"), Some((PieceKind::Dragon, 3)));
    /// ```
    #[must_use]
    pub const fn japanese(self) -> &'static str {
        MOVE_NAMES[self.index()]
    }

    /// The one-character name of board diagrams (BOD): as [`PieceKind::japanese`] but `杏`, `圭`,
    /// `全` for the promoted lance, knight and silver.
    ///
    /// ```
    /// use hayanagi::PieceKind;
    /// assert_eq!(PieceKind::ProLance.japanese_char(), '杏');
    /// assert_eq!(PieceKind::Dragon.japanese_char(), '龍');
    /// ```
    #[must_use]
    pub const fn japanese_char(self) -> char {
        BOARD_NAMES[self.index()]
    }

    /// The piece name at the start of `text` and its length in bytes; every usual spelling is
    /// read (`王`/`玉`, `竜`/`龍`, `成銀`/`全`, `成桂`/`圭`, `成香`/`杏`).
    ///
    /// ```
    /// use hayanagi::PieceKind;
    /// assert_eq!(PieceKind::from_japanese("成桂(45)"), Some((PieceKind::ProKnight, 6)));
    /// assert_eq!(PieceKind::from_japanese("王"), Some((PieceKind::King, 3)));
    /// assert_eq!(PieceKind::from_japanese("x"), None);
    /// ```
    #[must_use]
    pub fn from_japanese(text: &str) -> Option<(PieceKind, usize)> {
        READ_NAMES.iter().find(|(name, _)| text.starts_with(name)).map(|&(name, kind)| (kind, name.len()))
    }
}

impl File {
    /// The full-width digit of Japanese notation (`１` ... `９`).
    ///
    /// ```
    /// use hayanagi::{File, Rank};
    /// assert_eq!((File::F7.fullwidth(), Rank::F.kanji()), ('７', '六'));
    /// ```
    #[must_use]
    pub const fn fullwidth(self) -> char {
        FULLWIDTH[self.number() as usize - 1]
    }
}

impl Rank {
    /// The kanji numeral of Japanese notation (`一` ... `九`).
    ///
    /// ```
    /// use hayanagi::Rank;
    /// assert_eq!(Rank::A.kanji(), '一');
    /// assert_eq!(Rank::I.kanji(), '九');
    /// ```
    #[must_use]
    pub const fn kanji(self) -> char {
        KANJI[self.index()]
    }
}

/// A digit 1-9 written as ASCII, full width or kanji.
fn numeral(c: char) -> Option<u8> {
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        _ => FULLWIDTH.iter().chain(KANJI.iter()).position(|&d| d == c).map(|i| (i % 9) as u8 + 1),
    }
}

/// The place modifier of KI2 (which of several pieces).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Place {
    Left,
    Right,
    Straight,
}

/// The motion modifier of KI2 (which way the piece goes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Motion {
    Up,
    Down,
    Sideways,
}

/// Rows the piece goes forward from `from` to `to`, seen from `color` (negative: backward).
fn forward(color: Color, from: Square, to: Square) -> i32 {
    let rows = from.rank().index() as i32 - to.rank().index() as i32;
    if color == Color::Black { rows } else { -rows }
}

fn motion(color: Color, from: Square, to: Square) -> Motion {
    match forward(color, from, to) {
        0 => Motion::Sideways,
        rows if rows > 0 => Motion::Up,
        _ => Motion::Down,
    }
}

/// How far left `square` stands, seen from `color` (Black's left is file 9, White's file 1).
fn leftness(color: Color, square: Square) -> i32 {
    let file = i32::from(square.file().number());
    if color == Color::Black { file } else { 10 - file }
}

/// How many of `candidates` the modifiers pick out (see the module docs), and the last of them.
fn select(
    color: Color,
    to: Square,
    candidates: &[Square],
    place: Option<Place>,
    motion_word: Option<Motion>,
) -> (usize, Option<Square>) {
    let fits_motion = |from: Square| motion_word.is_none_or(|m| motion(color, from, to) == m);
    let extreme = |want_max: bool| {
        candidates
            .iter()
            .filter(|&&from| fits_motion(from))
            .map(|&from| leftness(color, from))
            .reduce(|a, b| if want_max { a.max(b) } else { a.min(b) })
    };
    let (best_left, best_right) = (extreme(true), extreme(false));
    let mut count = 0;
    let mut found = None;
    for &from in candidates {
        let fits_place = match place {
            None => true,
            Some(Place::Left) => Some(leftness(color, from)) == best_left,
            Some(Place::Right) => Some(leftness(color, from)) == best_right,
            Some(Place::Straight) => from.file() == to.file() && forward(color, from, to) > 0,
        };
        if fits_motion(from) && fits_place {
            count += 1;
            found = Some(from);
        }
    }
    (count, found)
}

/// The one square of `candidates` the modifiers pick out, `None` when none or several fit.
fn pick(
    color: Color,
    to: Square,
    candidates: &[Square],
    place: Option<Place>,
    motion_word: Option<Motion>,
) -> Option<Square> {
    match select(color, to, candidates, place, motion_word) {
        (1, found) => found,
        _ => None,
    }
}

/// The squares of the side to move's pieces of `kind` (as they stand) that attack `to`, in `buf`;
/// their count (at most 10: no more pieces of a kind reach one square). Targeted, not a full
/// generation: the attack tables name the pieces, legality is asked of each.
fn reaching(pos: &Position, kind: PieceKind, to: Square, buf: &mut [Square; 16]) -> usize {
    let us = pos.side_to_move();
    let mut n = 0;
    for from in pos.attackers_to(us, to, pos.occupied()) & pos.pieces(us, kind) {
        if let Some(slot) = buf.get_mut(n) {
            *slot = from;
            n += 1;
        }
    }
    n
}

/// As [`reaching`], keeping the pieces with a legal move to `to` (promoting or not): the pieces
/// the KI2 modifiers tell apart.
fn candidates(pos: &Position, kind: PieceKind, to: Square, buf: &mut [Square; 16]) -> usize {
    let n = reaching(pos, kind, to, buf);
    let mut kept = 0;
    for i in 0..n {
        let Some(&from) = buf.get(i) else { break };
        if [false, true].into_iter().filter_map(|promote| Move::normal(from, to, promote)).any(|mv| pos.is_legal(mv))
            && let Some(slot) = buf.get_mut(kept)
        {
            *slot = from;
            kept += 1;
        }
    }
    kept
}

/// The first `n` squares of `buf`, as [`reaching`] and [`candidates`] count them (`n` is at most 16:
/// `get` only keeps the panic machinery out where the compiler cannot see that).
fn first(buf: &[Square; 16], n: usize) -> &[Square] {
    buf.get(..n).unwrap_or_default()
}

/// A legal move in Japanese notation, made by [`Position::japanese_move`]; it prints with
/// [`Display`](fmt::Display) into any `core::fmt` writer, without allocating.
///
/// ```
/// use core::fmt::Write;
/// use hayanagi::{JapaneseStyle, Position};
/// let pos: Position = "4k4/9/9/9/9/9/9/9/3G1G2K b - 1".parse().unwrap();
/// let mv = pos.parse_usi_move("4i5h").unwrap();
/// // Into a fixed buffer: no allocation.
/// struct Buf([u8; 32], usize);
/// impl Write for Buf {
///     fn write_str(&mut self, s: &str) -> core::fmt::Result {
///         let end = self.1 + s.len();
///         self.0.get_mut(self.1..end).ok_or(core::fmt::Error)?.copy_from_slice(s.as_bytes());
///         self.1 = end;
///         Ok(())
///     }
/// }
/// let mut buf = Buf([0; 32], 0);
/// write!(buf, "{}", pos.japanese_move(mv, None, JapaneseStyle::Ki2).unwrap()).unwrap();
/// assert_eq!(core::str::from_utf8(&buf.0[..buf.1]), Ok("▲５八金右"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[must_use]
pub struct JapaneseMove {
    style: JapaneseStyle,
    color: Color,
    to: Square,
    same: bool,
    kind: PieceKind,
    place: Option<Place>,
    motion: Option<Motion>,
    /// `Some(true)`: 成; `Some(false)`: 不成 (could promote, does not).
    promotion: Option<bool>,
    /// A drop, and 打 is written.
    drop_mark: bool,
    from: Option<Square>,
}

impl fmt::Display for JapaneseMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.style == JapaneseStyle::Ki2 {
            f.write_str(if self.color == Color::Black { "▲" } else { "△" })?;
        }
        match (self.same, self.style) {
            (true, JapaneseStyle::Kif) => f.write_str("同　")?,
            (true, JapaneseStyle::Ki2) => f.write_str("同")?,
            (false, _) => write!(f, "{}{}", self.to.file().fullwidth(), self.to.rank().kanji())?,
        }
        f.write_str(self.kind.japanese())?;
        match self.place {
            Some(Place::Left) => f.write_str("左")?,
            Some(Place::Right) => f.write_str("右")?,
            Some(Place::Straight) => f.write_str("直")?,
            None => {}
        }
        match self.motion {
            Some(Motion::Up) => f.write_str("上")?,
            Some(Motion::Down) => f.write_str("引")?,
            Some(Motion::Sideways) => f.write_str("寄")?,
            None => {}
        }
        match self.promotion {
            Some(true) => f.write_str("成")?,
            Some(false) if self.style == JapaneseStyle::Ki2 => f.write_str("不成")?,
            _ => {}
        }
        if self.drop_mark {
            f.write_str("打")?;
        }
        if let (JapaneseStyle::Kif, Some(from)) = (self.style, self.from) {
            write!(f, "({}{})", from.file().number(), from.rank().number())?;
        }
        Ok(())
    }
}

/// What is wrong with a Japanese move; see [`JapaneseMoveError`] for where.
///
/// ```
/// use hayanagi::{JapaneseMoveErrorKind, Position};
/// let pos = Position::startpos();
/// assert_eq!(pos.parse_japanese_move("同歩", None).unwrap_err().kind(), JapaneseMoveErrorKind::NoPreviousMove);
/// assert_eq!(pos.parse_japanese_move("７五歩", None).unwrap_err().kind(), JapaneseMoveErrorKind::NoSuchMove);
/// ```
// Not `non_exhaustive`, so that a mapping of the kinds (the C API's error codes) fails to build
// when one is added.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum JapaneseMoveErrorKind {
    /// Not a destination square (`７六`, `76`) or `同`.
    Destination,
    /// `同` with no previous move to refer to.
    NoPreviousMove,
    /// Not a piece name (`歩` ... `龍`, `成銀`, `全`, ...).
    Piece,
    /// A from square in parentheses that is not `(` two digits 1-9 `)`.
    FromSquare,
    /// `▲` when White is to move, or `△` when Black is.
    WrongSide,
    /// No legal move fits the text.
    NoSuchMove,
    /// Several legal moves fit the text (a KI2 move without the modifier that tells them apart).
    Ambiguous,
    /// The text names exactly this move, and it is not legal here ([`Position::illegality`] says
    /// which rule it breaks).
    Illegal(Move),
}

impl fmt::Display for JapaneseMoveErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            JapaneseMoveErrorKind::Destination => "expected a destination square (７六) or 同",
            JapaneseMoveErrorKind::NoPreviousMove => "同 but there is no previous move",
            JapaneseMoveErrorKind::Piece => "expected a piece name (歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 龍)",
            JapaneseMoveErrorKind::FromSquare => "expected a from square such as (77)",
            JapaneseMoveErrorKind::WrongSide => "the sign (▲/△) is not the side to move",
            JapaneseMoveErrorKind::NoSuchMove => "no legal move fits",
            JapaneseMoveErrorKind::Ambiguous => "several legal moves fit (a modifier such as 右 or 上 is missing)",
            JapaneseMoveErrorKind::Illegal(mv) => return write!(f, "illegal move {mv}"),
        })
    }
}

/// Why a Japanese move was rejected: the byte offset into the text and what is wrong.
///
/// ```
/// use hayanagi::{JapaneseMoveErrorKind, Position};
/// let pos: Position = "4k4/9/9/9/9/9/9/9/3GKG3 b - 1".parse().unwrap();
/// let err = pos.parse_japanese_move("▲５八金", None).unwrap_err();
/// assert_eq!((err.offset(), err.kind()), (0, JapaneseMoveErrorKind::Ambiguous));
/// assert_eq!(pos.parse_japanese_move("▲５八金右", None).unwrap().0.to_string(), "4i5h");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct JapaneseMoveError {
    offset: usize,
    kind: JapaneseMoveErrorKind,
}

impl JapaneseMoveError {
    /// The byte offset into the text.
    ///
    /// ```
    /// use hayanagi::Position;
    /// // The piece name is expected at byte 6, after the square.
    /// assert_eq!(Position::startpos().parse_japanese_move("７六x", None).unwrap_err().offset(), 6);
    /// ```
    #[must_use]
    pub const fn offset(self) -> usize {
        self.offset
    }

    /// What is wrong.
    ///
    /// ```
    /// use hayanagi::{JapaneseMoveErrorKind, Position};
    /// let err = Position::startpos().parse_japanese_move("７六x", None).unwrap_err();
    /// assert_eq!(err.kind(), JapaneseMoveErrorKind::Piece);
    /// ```
    #[must_use]
    pub const fn kind(self) -> JapaneseMoveErrorKind {
        self.kind
    }
}

impl fmt::Display for JapaneseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at byte {}: {}", self.offset, self.kind)
    }
}

impl core::error::Error for JapaneseMoveError {}

fn error<T>(offset: usize, kind: JapaneseMoveErrorKind) -> Result<T, JapaneseMoveError> {
    Err(JapaneseMoveError { offset, kind })
}

/// A cursor over the move text.
struct Cursor<'a> {
    text: &'a str,
    at: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<char> {
        self.text.get(self.at..).and_then(|rest| rest.chars().next())
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.at += c.len_utf8();
            true
        } else {
            false
        }
    }

    fn eat_str(&mut self, s: &str) -> bool {
        if self.text.get(self.at..).is_some_and(|rest| rest.starts_with(s)) {
            self.at += s.len();
            true
        } else {
            false
        }
    }

    fn skip_spaces(&mut self) {
        while self.eat(' ') || self.eat('　') {}
    }

    /// A digit 0-9, ASCII or full width.
    fn digit(&mut self) -> Option<u8> {
        let c = self.peek()?;
        let n = match c {
            '0'..='9' => c as u8 - b'0',
            '０'..='９' => (c as u32 - '０' as u32) as u8,
            _ => return None,
        };
        self.at += c.len_utf8();
        Some(n)
    }

    fn numeral(&mut self) -> Option<u8> {
        let c = self.peek()?;
        let n = numeral(c)?;
        self.at += c.len_utf8();
        Some(n)
    }
}

impl Position {
    /// The Japanese notation of a legal move. `previous` is the destination of the move before
    /// (for `同`), `None` at the start of a game.
    ///
    /// ```
    /// use hayanagi::{JapaneseStyle, Position, Square};
    /// let pos = Position::from_usi_position("startpos moves 7g7f 3c3d").unwrap();
    /// let mv = pos.parse_usi_move("8h2b+").unwrap();
    /// assert_eq!(pos.japanese_move(mv, Some(Square::SQ_3D), JapaneseStyle::Kif).unwrap().to_string(), "２二角成(88)");
    /// assert_eq!(pos.japanese_move(mv, None, JapaneseStyle::Ki2).unwrap().to_string(), "▲２二角成");
    /// let pos = Position::from_usi_position("startpos moves 7g7f 3c3d 8h2b+").unwrap();
    /// let mv = pos.parse_usi_move("3a2b").unwrap();
    /// assert_eq!(pos.japanese_move(mv, Some(Square::SQ_2B), JapaneseStyle::Ki2).unwrap().to_string(), "△同銀");
    /// assert_eq!(pos.japanese_move(mv, Some(Square::SQ_2B), JapaneseStyle::Kif).unwrap().to_string(), "同　銀(31)");
    /// ```
    ///
    /// # Errors
    /// [`IllegalMove`] if `mv` is not legal here.
    pub fn japanese_move(
        &self,
        mv: Move,
        previous: Option<Square>,
        style: JapaneseStyle,
    ) -> Result<JapaneseMove, IllegalMove> {
        if !self.is_legal(mv) {
            return Err(IllegalMove(mv));
        }
        let color = self.side_to_move();
        let to = mv.to();
        let mut out = JapaneseMove {
            style,
            color,
            to,
            same: previous == Some(to),
            kind: PieceKind::King,
            place: None,
            motion: None,
            promotion: None,
            drop_mark: false,
            from: mv.from(),
        };
        let mut buf = [Square::SQ_9A; 16];
        match (mv.from(), mv.drop_kind()) {
            (None, Some(kind)) => {
                out.kind = kind;
                out.drop_mark = style == JapaneseStyle::Kif || candidates(self, kind, to, &mut buf) > 0;
            }
            (Some(from), _) => {
                let Some(piece) = self.piece_at(from) else { return Err(IllegalMove(mv)) };
                out.kind = piece.kind();
                let other_choice = Move::board(from, to, !mv.is_promotion());
                if mv.is_promotion() {
                    out.promotion = Some(true);
                } else if self.is_legal(other_choice) {
                    out.promotion = Some(false);
                }
                if style == JapaneseStyle::Ki2 {
                    let n = candidates(self, piece.kind(), to, &mut buf);
                    let (place, motion) = modifiers(color, piece.kind(), from, to, first(&buf, n));
                    out.place = place;
                    out.motion = motion;
                }
            }
            (None, None) => return Err(IllegalMove(mv)),
        }
        Ok(out)
    }

    /// Reads a move in Japanese notation, KIF or KI2 style, and returns it with the number of bytes
    /// read. `previous` is the destination of the move before (for `同`).
    ///
    /// Read: an optional sign (`▲☗` Black, `△☖` White; it must be the side to move's), the
    /// destination (`７六`, also `76` or `七六`) or `同` (spaces after it are skipped), the piece
    /// name (any spelling of [`PieceKind::from_japanese`]), the modifiers `左 右 直 上 引 寄`
    /// (`行` and `入` as `上`), `成`, `不成` (or `生`), `打`, and a from square `(77)`. Without
    /// `成` the move does not promote. Reading stops at the first character that fits none of
    /// these (a space, a time field), which the caller judges. Exactly one legal move must fit.
    ///
    /// ```
    /// use hayanagi::Position;
    /// let pos = Position::startpos();
    /// assert_eq!(pos.parse_japanese_move("▲７六歩", None).unwrap(), (pos.parse_usi_move("7g7f").unwrap(), 12));
    /// assert_eq!(pos.parse_japanese_move("７六歩(77)   ( 0:01/00:00:01)", None).unwrap().1, 13);
    /// assert!(pos.parse_japanese_move("△３四歩", None).is_err());
    /// ```
    ///
    /// # Errors
    /// A [`JapaneseMoveError`] with the byte offset: malformed text, a sign that is not the side
    /// to move, `同` without a previous move, no legal move that fits, or several.
    pub fn parse_japanese_move(
        &self,
        text: &str,
        previous: Option<Square>,
    ) -> Result<(Move, usize), JapaneseMoveError> {
        let color = self.side_to_move();
        let mut cur = Cursor { text, at: 0 };
        let sign_at = cur.at;
        let sign = if cur.eat('▲') || cur.eat('☗') {
            Some(Color::Black)
        } else if cur.eat('△') || cur.eat('☖') {
            Some(Color::White)
        } else {
            None
        };
        if sign.is_some_and(|sign| sign != color) {
            return error(sign_at, JapaneseMoveErrorKind::WrongSide);
        }
        let to_at = cur.at;
        let to = if cur.eat('同') {
            cur.skip_spaces();
            match previous {
                Some(to) => to,
                None => return error(to_at, JapaneseMoveErrorKind::NoPreviousMove),
            }
        } else {
            let file = cur.numeral().and_then(File::new);
            let rank = cur.numeral().and_then(|n| Rank::try_index(usize::from(n) - 1));
            let (Some(file), Some(rank)) = (file, rank) else {
                return error(to_at, JapaneseMoveErrorKind::Destination);
            };
            let to = Square::new(file, rank);
            // "７六同歩": some writers give both.
            if cur.eat('同') {
                cur.skip_spaces();
            }
            to
        };
        let piece_at = cur.at;
        let Some((kind, len)) = cur.text.get(cur.at..).and_then(PieceKind::from_japanese) else {
            return error(piece_at, JapaneseMoveErrorKind::Piece);
        };
        cur.at += len;
        let mut place = None;
        let mut motion_word = None;
        loop {
            if cur.eat('左') {
                place = Some(Place::Left);
            } else if cur.eat('右') {
                place = Some(Place::Right);
            } else if cur.eat('直') {
                place = Some(Place::Straight);
            } else if cur.eat('上') || cur.eat('行') || cur.eat('入') {
                motion_word = Some(Motion::Up);
            } else if cur.eat('引') {
                motion_word = Some(Motion::Down);
            } else if cur.eat('寄') {
                motion_word = Some(Motion::Sideways);
            } else {
                break;
            }
        }
        let promote = if cur.eat_str("不成") || cur.eat('生') {
            Some(false)
        } else if cur.eat('成') {
            Some(true)
        } else {
            None
        };
        let mut drop_mark = cur.eat('打');
        let mut from_given = None;
        // "(77)": the from square; "(00)": a drop, as some writers put after 打 or instead of it.
        // Spaces may stand before it (`同銀　(79)`); a "(" that does not open two digits and ")"
        // (a KIF time field) is left to the caller.
        let before_spaces = cur.at;
        cur.skip_spaces();
        let from_at = cur.at;
        if cur.eat('(') {
            let file = cur.digit();
            let rank = cur.digit();
            match (file, rank, cur.eat(')')) {
                (Some(0), Some(0), true) => drop_mark = true,
                (Some(f), Some(r), true) => {
                    let square = File::new(f).zip(usize::from(r).checked_sub(1).and_then(Rank::try_index));
                    match square {
                        Some((f, r)) if !drop_mark => from_given = Some(Square::new(f, r)),
                        _ => return error(from_at, JapaneseMoveErrorKind::FromSquare),
                    }
                }
                (Some(_), Some(_), false) | (Some(_), None, _) => {
                    return error(from_at, JapaneseMoveErrorKind::FromSquare);
                }
                (None, _, _) => cur.at = before_spaces,
            }
        } else {
            cur.at = before_spaces;
        }
        let consumed = cur.at;

        // A drop: written 打, or not written at all when no board piece of the kind can go there.
        let mut buf = [Square::SQ_9A; 16];
        // With the from square given (KIF) the other pieces do not matter.
        let n = if from_given.is_none() && !drop_mark { candidates(self, kind, to, &mut buf) } else { 0 };
        let plain = from_given.is_none() && place.is_none() && motion_word.is_none() && promote.is_none();
        if drop_mark || plain && n == 0 {
            let Some(drop) = Move::drop(kind, to).filter(|_| from_given.is_none() && promote.is_none()) else {
                return error(0, JapaneseMoveErrorKind::NoSuchMove);
            };
            if self.is_legal(drop) {
                return Ok((drop, consumed));
            }
            // Not legal: name the move meant. Without 打 and with no such piece in hand, that is
            // the board move of the one piece of the kind that reaches the square, if one does.
            if !drop_mark && self.hand(color).count(kind) == 0 {
                return match reaching(self, kind, to, &mut buf) {
                    1 => match Move::normal(buf[0], to, false) {
                        Some(mv) => error(0, JapaneseMoveErrorKind::Illegal(mv)),
                        None => error(0, JapaneseMoveErrorKind::NoSuchMove),
                    },
                    _ => error(0, JapaneseMoveErrorKind::NoSuchMove),
                };
            }
            return error(0, JapaneseMoveErrorKind::Illegal(drop));
        }
        let from = match from_given {
            Some(from) => from,
            None => match select(color, to, first(&buf, n), place, motion_word) {
                (1, Some(from)) => from,
                (0, _) => {
                    // No piece that fits has a legal move there: name the move of the one piece
                    // that fits but for the rules, if there is exactly one.
                    let m = reaching(self, kind, to, &mut buf);
                    return match select(color, to, first(&buf, m), place, motion_word) {
                        (1, Some(from)) => match Move::normal(from, to, promote == Some(true)) {
                            Some(mv) => error(0, JapaneseMoveErrorKind::Illegal(mv)),
                            None => error(0, JapaneseMoveErrorKind::NoSuchMove),
                        },
                        _ => error(0, JapaneseMoveErrorKind::NoSuchMove),
                    };
                }
                _ => return error(0, JapaneseMoveErrorKind::Ambiguous),
            },
        };
        if from == to || self.piece_at(from).map(|p| (p.color(), p.kind())) != Some((color, kind)) {
            return error(0, JapaneseMoveErrorKind::NoSuchMove);
        }
        let mv = Move::board(from, to, promote == Some(true));
        if self.is_legal(mv) { Ok((mv, consumed)) } else { error(0, JapaneseMoveErrorKind::Illegal(mv)) }
    }
}

/// The modifiers that tell the move from `from` apart from the other `candidates` (which include
/// `from`), in the order the rules prefer: none, the motion, 直, the place, both.
fn modifiers(
    color: Color,
    kind: PieceKind,
    from: Square,
    to: Square,
    candidates: &[Square],
) -> (Option<Place>, Option<Motion>) {
    if candidates.len() <= 1 {
        return (None, None);
    }
    let m = Some(motion(color, from, to));
    let straight = kind != PieceKind::Horse && kind != PieceKind::Dragon;
    let side = |p| if pick(color, to, candidates, Some(p), None) == Some(from) { Some(p) } else { None };
    let side_with = |p| if pick(color, to, candidates, Some(p), m) == Some(from) { Some(p) } else { None };
    if pick(color, to, candidates, None, m) == Some(from) {
        return (None, m);
    }
    if straight && pick(color, to, candidates, Some(Place::Straight), None) == Some(from) {
        return (Some(Place::Straight), None);
    }
    if let Some(p) = side(Place::Left).or_else(|| side(Place::Right)) {
        return (Some(p), None);
    }
    if let Some(p) = side_with(Place::Left).or_else(|| side_with(Place::Right)) {
        return (Some(p), m);
    }
    debug_assert!(false, "no modifier tells {from} apart from {candidates:?}");
    (None, m)
}

#[cfg(test)]
mod tests {
    use crate::{JapaneseStyle, Move, Position, Square};
    use std::string::ToString;

    fn check_all(pos: &Position, previous: Option<Square>) {
        for &mv in pos.legal_moves().iter() {
            for style in [JapaneseStyle::Kif, JapaneseStyle::Ki2] {
                let text = pos.japanese_move(mv, previous, style).unwrap().to_string();
                let read = pos.parse_japanese_move(&text, previous);
                assert_eq!(read, Ok((mv, text.len())), "{} {text}", pos.sfen());
            }
        }
    }

    #[test]
    fn every_legal_move_of_crowded_positions_round_trips() {
        for sfen in [
            "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
            "4k4/9/9/3GGG3/3G1+P3/3+S+S+S3/9/9/4K4 b - 1",
            "4k4/9/9/2+R3+R2/9/2+B3+B2/9/9/4K4 b - 1",
            "4k4/9/9/3ggg3/3g1+p3/3+s+s+s3/9/9/4K4 w - 1",
        ] {
            let pos: Position = sfen.parse().unwrap();
            check_all(&pos, None);
            check_all(&pos, Some(Square::SQ_5E));
        }
    }

    #[test]
    fn ki2_modifiers() {
        let pos: Position = "4k4/9/9/9/9/9/9/9/3GKG3 b - 1".parse().unwrap();
        let ki2 = |pos: &Position, usi: &str| {
            let mv: Move = pos.parse_usi_move(usi).unwrap();
            pos.japanese_move(mv, None, JapaneseStyle::Ki2).unwrap().to_string()
        };
        assert_eq!(ki2(&pos, "6i5h"), "▲５八金左");
        assert_eq!(ki2(&pos, "4i5h"), "▲５八金右");
        assert_eq!(ki2(&pos, "6i6h"), "▲６八金");
    }
}
