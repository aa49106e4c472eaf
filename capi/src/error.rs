//! The result codes of the C API (`HAYANAGI_OK`, `HAYANAGI_ERR_*`), their messages, and how the
//! library's typed errors map onto them.

use core::ffi::{CStr, c_char};

use hayanagi::{HistoryError, MoveSyntaxError, SetupProblem, SfenErrorKind, UsiErrorKind, UsiMoveError};

/// Declares the codes once: the enum, its C names (checked against the header at compile time by
/// `header.rs`) and its messages.
macro_rules! error_codes {
    ($($(#[$doc:meta])* $name:ident = $value:literal, $c_name:literal, $message:literal;)*) => {
        /// A result code of the C API: `HAYANAGI_OK` or one of the negative `HAYANAGI_ERR_*` codes.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[repr(i32)]
        pub enum ErrorCode {
            $($(#[$doc])* $name = $value,)*
        }

        impl ErrorCode {
            /// Every code, in declaration order.
            pub const ALL: &[ErrorCode] = &[$(ErrorCode::$name,)*];

            /// The name of the code's `#define` in `include/hayanagi.h`.
            pub const fn c_name(self) -> &'static str {
                match self {
                    $(ErrorCode::$name => $c_name,)*
                }
            }

            /// A short English message, as `hayanagi_error_message` returns it.
            pub const fn message(self) -> &'static CStr {
                match self {
                    $(ErrorCode::$name => $message,)*
                }
            }

            /// The code whose value is `code`, if any.
            pub const fn from_i32(code: i32) -> Option<ErrorCode> {
                match code {
                    $($value => Some(ErrorCode::$name),)*
                    _ => None,
                }
            }
        }
    };
}

error_codes! {
    /// Success.
    Ok = 0, "HAYANAGI_OK", c"no error";
    /// A required pointer is NULL.
    NullPointer = -1, "HAYANAGI_ERR_NULL_POINTER", c"a required pointer is NULL";
    /// A length larger than any object can be (`PTRDIFF_MAX`).
    BadLength = -2, "HAYANAGI_ERR_BAD_LENGTH", c"a length is larger than PTRDIFF_MAX";
    /// The position record does not carry the tag a constructor writes.
    NotAPosition = -3, "HAYANAGI_ERR_NOT_A_POSITION",
        c"the position record does not carry the tag a hayanagi_position_* constructor writes (zeroed or never written?)";
    /// The undo record does not carry the tag `hayanagi_play` writes.
    NotAnUndoRecord = -4, "HAYANAGI_ERR_NOT_AN_UNDO_RECORD",
        c"the undo record does not carry the tag hayanagi_play writes (zeroed or never written?)";
    /// The output buffer is too small; the size needed is reported.
    BufferTooSmall = -5, "HAYANAGI_ERR_BUFFER_TOO_SMALL", c"the buffer is too small";
    /// The `uint16_t` is not a move encoding.
    BadMove = -6, "HAYANAGI_ERR_BAD_MOVE", c"the value is not a move encoding";
    /// The move is not legal in the position.
    IllegalMove = -7, "HAYANAGI_ERR_ILLEGAL_MOVE", c"the move is not legal in the position";
    /// The undo record is not of the last move played on the position.
    UndoMismatch = -8, "HAYANAGI_ERR_UNDO_MISMATCH",
        c"the undo record is not of the last move played on this position";
    /// The position is at ply `u64::MAX`, where no move can be played ([`hayanagi::PlayError::PlyLimit`]).
    PlyOverflow = -9, "HAYANAGI_ERR_PLY_OVERFLOW", c"the ply is at 18446744073709551615: no move can be played";
    /// Perft depth above `HAYANAGI_MAX_PERFT_DEPTH`.
    DepthTooLarge = -10, "HAYANAGI_ERR_DEPTH_TOO_LARGE", c"the perft depth is above HAYANAGI_MAX_PERFT_DEPTH";
    /// A byte of the text is not printable ASCII.
    NonPrintable = -11, "HAYANAGI_ERR_NON_PRINTABLE", c"a byte is not printable ASCII";
    /// A square, colour, piece kind or rule argument outside its range.
    OutOfRange = -12, "HAYANAGI_ERR_OUT_OF_RANGE",
        c"an argument is out of range (a square 0-80, colour 0-1, piece kind, filter, rule or other numbered choice)";
    /// History storage not aligned for `uint64_t`.
    Misaligned = -13, "HAYANAGI_ERR_MISALIGNED", c"the history storage is not aligned for uint64_t";
    /// The history storage does not carry the tag `hayanagi_history_init` writes.
    NotAHistory = -14, "HAYANAGI_ERR_NOT_A_HISTORY",
        c"the history storage does not carry the tag hayanagi_history_init writes (zeroed or never written?)";

    /// [`SfenErrorKind::MissingField`].
    SfenMissingField = -20, "HAYANAGI_ERR_SFEN_MISSING_FIELD", c"SFEN: a field is missing";
    /// [`SfenErrorKind::EmptyField`].
    SfenEmptyField = -21, "HAYANAGI_ERR_SFEN_EMPTY_FIELD",
        c"SFEN: a field is empty (fields are separated by exactly one space)";
    /// [`SfenErrorKind::TrailingText`].
    SfenTrailingText = -22, "HAYANAGI_ERR_SFEN_TRAILING_TEXT", c"SFEN: text after the last field";
    /// [`SfenErrorKind::RankCount`].
    SfenRankCount = -23, "HAYANAGI_ERR_SFEN_RANK_COUNT", c"SFEN board: there must be exactly 9 ranks";
    /// [`SfenErrorKind::FileCount`].
    SfenFileCount = -24, "HAYANAGI_ERR_SFEN_FILE_COUNT", c"SFEN board: a rank must cover exactly 9 squares";
    /// [`SfenErrorKind::ZeroDigit`].
    SfenZeroDigit = -25, "HAYANAGI_ERR_SFEN_ZERO_DIGIT", c"SFEN board: the digit 0";
    /// [`SfenErrorKind::UnknownPiece`].
    SfenUnknownPiece = -26, "HAYANAGI_ERR_SFEN_UNKNOWN_PIECE", c"SFEN: not a piece letter";
    /// [`SfenErrorKind::BadPromotion`].
    SfenBadPromotion = -27, "HAYANAGI_ERR_SFEN_BAD_PROMOTION",
        c"SFEN board: '+' must be followed by a piece that can promote";
    /// [`SfenErrorKind::BadSide`].
    SfenBadSide = -28, "HAYANAGI_ERR_SFEN_BAD_SIDE", c"SFEN: the side to move must be 'b' or 'w'";
    /// [`SfenErrorKind::HandZeroCount`].
    SfenHandZeroCount = -29, "HAYANAGI_ERR_SFEN_HAND_ZERO_COUNT", c"SFEN hands: a count of 0";
    /// [`SfenErrorKind::HandLeadingZero`].
    SfenHandLeadingZero = -30, "HAYANAGI_ERR_SFEN_HAND_LEADING_ZERO", c"SFEN hands: a count with a leading 0";
    /// [`SfenErrorKind::HandCountWithoutPiece`].
    SfenHandCountWithoutPiece = -31, "HAYANAGI_ERR_SFEN_HAND_COUNT_WITHOUT_PIECE",
        c"SFEN hands: a count without a piece";
    /// [`SfenErrorKind::HandPromoted`].
    SfenHandPromoted = -32, "HAYANAGI_ERR_SFEN_HAND_PROMOTED", c"SFEN hands: a promoted piece in hand";
    /// [`SfenErrorKind::HandKing`].
    SfenHandKing = -33, "HAYANAGI_ERR_SFEN_HAND_KING", c"SFEN hands: a king in hand";
    /// [`SfenErrorKind::HandRepeated`].
    SfenHandRepeated = -34, "HAYANAGI_ERR_SFEN_HAND_REPEATED", c"SFEN hands: a piece given twice";
    /// [`SfenErrorKind::HandDash`].
    SfenHandDash = -35, "HAYANAGI_ERR_SFEN_HAND_DASH", c"SFEN hands: '-' must be the whole field";
    /// [`SetupProblem::TooManyPieces`].
    SfenTooManyPieces = -36, "HAYANAGI_ERR_SFEN_TOO_MANY_PIECES",
        c"SFEN: more pieces of a kind than the set has";
    /// [`SetupProblem::TwoKings`].
    SfenTwoKings = -37, "HAYANAGI_ERR_SFEN_TWO_KINGS", c"SFEN board: a second king of one colour";
    /// [`SetupProblem::DeadPiece`].
    SfenDeadPiece = -38, "HAYANAGI_ERR_SFEN_DEAD_PIECE", c"SFEN board: a piece that could never move again";
    /// [`SetupProblem::Nifu`].
    SfenNifu = -39, "HAYANAGI_ERR_SFEN_NIFU",
        c"SFEN board: a second unpromoted pawn of one colour on a file (nifu)";
    /// [`SetupProblem::OpponentInCheck`].
    SfenOpponentInCheck = -40, "HAYANAGI_ERR_SFEN_OPPONENT_IN_CHECK", c"SFEN: the side not to move is in check";
    /// [`SetupProblem::PlyZero`].
    SfenPlyZero = -41, "HAYANAGI_ERR_SFEN_PLY_ZERO", c"SFEN ply: must be at least 1";
    /// [`SetupProblem::MissingKing`] (a rule an SFEN relaxes; for readers that keep it).
    MissingKing = -45, "HAYANAGI_ERR_MISSING_KING", c"position: a colour has no king";
    /// [`SetupProblem::MissingPieces`] (a rule an SFEN relaxes; for readers that keep it).
    MissingPieces = -46, "HAYANAGI_ERR_MISSING_PIECES", c"position: pieces of the set are missing from board and hands";
    /// [`SfenErrorKind::PlyLeadingZero`].
    SfenPlyLeadingZero = -42, "HAYANAGI_ERR_SFEN_PLY_LEADING_ZERO", c"SFEN ply: a leading 0";
    /// [`SfenErrorKind::PlyNotDigit`].
    SfenPlyNotDigit = -43, "HAYANAGI_ERR_SFEN_PLY_NOT_DIGIT", c"SFEN ply: must be decimal digits only";
    /// [`SfenErrorKind::PlyOverflow`].
    SfenPlyOverflow = -44, "HAYANAGI_ERR_SFEN_PLY_OVERFLOW", c"SFEN ply: larger than 18446744073709551615";

    /// [`UsiErrorKind::Keyword`].
    UsiKeyword = -50, "HAYANAGI_ERR_USI_KEYWORD", c"USI position: expected 'startpos' or 'sfen'";
    /// [`UsiErrorKind::Trailing`].
    UsiTrailing = -51, "HAYANAGI_ERR_USI_TRAILING", c"USI position: expected ' moves' or the end of the command";

    /// [`MoveSyntaxError::Empty`].
    MoveEmpty = -60, "HAYANAGI_ERR_MOVE_EMPTY", c"USI move: the move is empty";
    /// [`MoveSyntaxError::Truncated`].
    MoveTruncated = -61, "HAYANAGI_ERR_MOVE_TRUNCATED", c"USI move: the move ends early";
    /// [`MoveSyntaxError::File`].
    MoveFile = -62, "HAYANAGI_ERR_MOVE_FILE", c"USI move: expected a file digit 1-9";
    /// [`MoveSyntaxError::Rank`].
    MoveRank = -63, "HAYANAGI_ERR_MOVE_RANK", c"USI move: expected a rank letter a-i";
    /// [`MoveSyntaxError::LowercaseDrop`].
    MoveLowercaseDrop = -64, "HAYANAGI_ERR_MOVE_LOWERCASE_DROP",
        c"USI move: drops are written uppercase (P*5e) for both colours";
    /// [`MoveSyntaxError::DropPiece`].
    MoveDropPiece = -65, "HAYANAGI_ERR_MOVE_DROP_PIECE",
        c"USI move: expected a piece letter that can be dropped (P L N S G B R)";
    /// [`MoveSyntaxError::Star`].
    MoveStar = -66, "HAYANAGI_ERR_MOVE_STAR", c"USI move: expected '*' after the dropped piece";
    /// [`MoveSyntaxError::DropPromotion`].
    MoveDropPromotion = -67, "HAYANAGI_ERR_MOVE_DROP_PROMOTION", c"USI move: a drop cannot promote";
    /// [`MoveSyntaxError::SameSquare`].
    MoveSameSquare = -68, "HAYANAGI_ERR_MOVE_SAME_SQUARE", c"USI move: a move must change square";
    /// [`MoveSyntaxError::Trailing`].
    MoveTrailing = -69, "HAYANAGI_ERR_MOVE_TRAILING", c"USI move: text after the move";

    /// [`HistoryError::Full`].
    HistoryFull = -70, "HAYANAGI_ERR_HISTORY_FULL", c"history: every entry of the storage is used";
    /// [`HistoryError::NotCurrent`].
    HistoryNotCurrent = -71, "HAYANAGI_ERR_HISTORY_NOT_CURRENT",
        c"history: the position is not the one the history has reached";
    /// [`HistoryError::Empty`].
    HistoryEmpty = -72, "HAYANAGI_ERR_HISTORY_EMPTY", c"history: no move to take back";
}

/// The message for a code that is not one of ours.
const UNKNOWN: &CStr = c"unknown hayanagi error code";

impl ErrorCode {
    /// The code as the C functions return it.
    #[inline]
    pub const fn code(self) -> i32 {
        self as i32
    }
}

impl From<SfenErrorKind> for ErrorCode {
    fn from(kind: SfenErrorKind) -> ErrorCode {
        // Exhaustive on purpose: a new kind in the library fails this build until it has a code.
        match kind {
            SfenErrorKind::NonPrintable { .. } => ErrorCode::NonPrintable,
            SfenErrorKind::MissingField => ErrorCode::SfenMissingField,
            SfenErrorKind::EmptyField => ErrorCode::SfenEmptyField,
            SfenErrorKind::TrailingText => ErrorCode::SfenTrailingText,
            SfenErrorKind::RankCount => ErrorCode::SfenRankCount,
            SfenErrorKind::FileCount { .. } => ErrorCode::SfenFileCount,
            SfenErrorKind::ZeroDigit => ErrorCode::SfenZeroDigit,
            SfenErrorKind::UnknownPiece { .. } => ErrorCode::SfenUnknownPiece,
            SfenErrorKind::BadPromotion => ErrorCode::SfenBadPromotion,
            SfenErrorKind::BadSide => ErrorCode::SfenBadSide,
            SfenErrorKind::HandZeroCount => ErrorCode::SfenHandZeroCount,
            SfenErrorKind::HandLeadingZero => ErrorCode::SfenHandLeadingZero,
            SfenErrorKind::HandCountWithoutPiece => ErrorCode::SfenHandCountWithoutPiece,
            SfenErrorKind::HandPromoted => ErrorCode::SfenHandPromoted,
            SfenErrorKind::HandKing => ErrorCode::SfenHandKing,
            SfenErrorKind::HandRepeated { .. } => ErrorCode::SfenHandRepeated,
            SfenErrorKind::HandDash => ErrorCode::SfenHandDash,
            SfenErrorKind::Setup(problem) => problem.into(),
            SfenErrorKind::PlyLeadingZero => ErrorCode::SfenPlyLeadingZero,
            SfenErrorKind::PlyNotDigit => ErrorCode::SfenPlyNotDigit,
            SfenErrorKind::PlyOverflow => ErrorCode::SfenPlyOverflow,
        }
    }
}

impl From<SetupProblem> for ErrorCode {
    fn from(problem: SetupProblem) -> ErrorCode {
        // Exhaustive on purpose (`SetupProblem` is not `non_exhaustive`): a new rule problem fails
        // this build until it has a code. The codes keep their SFEN names, the reader that reports
        // them in C.
        match problem {
            SetupProblem::MissingKing { .. } => ErrorCode::MissingKing,
            SetupProblem::TwoKings { .. } => ErrorCode::SfenTwoKings,
            SetupProblem::TooManyPieces { .. } => ErrorCode::SfenTooManyPieces,
            SetupProblem::MissingPieces { .. } => ErrorCode::MissingPieces,
            SetupProblem::DeadPiece { .. } => ErrorCode::SfenDeadPiece,
            SetupProblem::Nifu { .. } => ErrorCode::SfenNifu,
            SetupProblem::OpponentInCheck { .. } => ErrorCode::SfenOpponentInCheck,
            SetupProblem::PlyZero => ErrorCode::SfenPlyZero,
        }
    }
}

impl From<MoveSyntaxError> for ErrorCode {
    fn from(error: MoveSyntaxError) -> ErrorCode {
        match error {
            MoveSyntaxError::Empty => ErrorCode::MoveEmpty,
            MoveSyntaxError::Truncated => ErrorCode::MoveTruncated,
            MoveSyntaxError::File => ErrorCode::MoveFile,
            MoveSyntaxError::Rank => ErrorCode::MoveRank,
            MoveSyntaxError::LowercaseDrop => ErrorCode::MoveLowercaseDrop,
            MoveSyntaxError::DropPiece => ErrorCode::MoveDropPiece,
            MoveSyntaxError::Star => ErrorCode::MoveStar,
            MoveSyntaxError::DropPromotion => ErrorCode::MoveDropPromotion,
            MoveSyntaxError::SameSquare => ErrorCode::MoveSameSquare,
            MoveSyntaxError::Trailing => ErrorCode::MoveTrailing,
        }
    }
}

impl From<UsiMoveError> for ErrorCode {
    fn from(error: UsiMoveError) -> ErrorCode {
        match error {
            UsiMoveError::Syntax { error, .. } => error.into(),
            UsiMoveError::Illegal(_) => ErrorCode::IllegalMove,
        }
    }
}

impl From<HistoryError> for ErrorCode {
    fn from(error: HistoryError) -> ErrorCode {
        match error {
            HistoryError::Full { .. } => ErrorCode::HistoryFull,
            HistoryError::IllegalMove(_) => ErrorCode::IllegalMove,
            HistoryError::PlyLimit => ErrorCode::PlyOverflow,
            HistoryError::NotCurrent { .. } => ErrorCode::HistoryNotCurrent,
            HistoryError::Empty => ErrorCode::HistoryEmpty,
        }
    }
}

impl From<UsiErrorKind> for ErrorCode {
    fn from(kind: UsiErrorKind) -> ErrorCode {
        match kind {
            UsiErrorKind::NonPrintable { .. } => ErrorCode::NonPrintable,
            UsiErrorKind::Keyword => ErrorCode::UsiKeyword,
            UsiErrorKind::Sfen(error) => error.kind().into(),
            UsiErrorKind::Trailing => ErrorCode::UsiTrailing,
            UsiErrorKind::Move { error, .. } => error.into(),
            UsiErrorKind::PlyLimit { .. } => ErrorCode::PlyOverflow,
        }
    }
}

/// The message of a result code (C: `hayanagi_error_message`): static, NUL-terminated, never NULL.
#[unsafe(no_mangle)]
pub extern "C" fn hayanagi_error_message(code: i32) -> *const c_char {
    match ErrorCode::from_i32(code) {
        Some(code) => code.message().as_ptr(),
        None => UNKNOWN.as_ptr(),
    }
}
