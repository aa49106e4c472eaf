//! The result codes of the C API (`HAYANAGI_OK`, `HAYANAGI_ERR_*`), their messages, and how the
//! library's typed errors map onto them.

use core::ffi::{CStr, c_char};

use hayanagi::{
    CsaMoveErrorKind, HistoryError, JapaneseMoveErrorKind, Move16Error, MoveSyntaxError, PackError, PlayError,
    RecordErrorKind, SetupProblem, SfenErrorKind, UnpackErrorKind, UsiErrorKind, UsiMoveError,
};

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
    /// The record reader does not carry the tag `hayanagi_record_reader_init` writes.
    NotAReader = -15, "HAYANAGI_ERR_NOT_A_READER",
        c"the record reader does not carry the tag hayanagi_record_reader_init writes (zeroed or never written?)";
    /// The game arena does not carry the tag `hayanagi_game_read` and `hayanagi_game_new` write.
    NotAGame = -16, "HAYANAGI_ERR_NOT_A_GAME",
        c"the game arena does not carry the tag hayanagi_game_read or hayanagi_game_new writes (zeroed or never written?)";

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

    /// [`PlayError::PassInCheck`].
    PassInCheck = -73, "HAYANAGI_ERR_PASS_IN_CHECK", c"the side to move is in check and cannot pass";
    /// Text that must be UTF-8 (Japanese move text) is not.
    NotUtf8 = -74, "HAYANAGI_ERR_NOT_UTF8", c"the text is not UTF-8";

    /// [`CsaMoveErrorKind::Truncated`].
    CsaTruncated = -80, "HAYANAGI_ERR_CSA_TRUNCATED", c"CSA move: the move ends early (expected +7776FU, 7 bytes)";
    /// [`CsaMoveErrorKind::Sign`].
    CsaSign = -81, "HAYANAGI_ERR_CSA_SIGN", c"CSA move: expected '+' or '-'";
    /// [`CsaMoveErrorKind::WrongSide`].
    CsaWrongSide = -82, "HAYANAGI_ERR_CSA_WRONG_SIDE", c"CSA move: the sign is not the side to move";
    /// [`CsaMoveErrorKind::Square`].
    CsaSquare = -83, "HAYANAGI_ERR_CSA_SQUARE", c"CSA move: expected a square (two digits 1-9, 00 for a drop)";
    /// [`CsaMoveErrorKind::Piece`].
    CsaPiece = -84, "HAYANAGI_ERR_CSA_PIECE", c"CSA move: not a piece code (FU ... RY)";
    /// [`CsaMoveErrorKind::Trailing`].
    CsaTrailing = -85, "HAYANAGI_ERR_CSA_TRAILING", c"CSA move: text after the move";
    /// [`CsaMoveErrorKind::NoPiece`].
    CsaNoPiece = -86, "HAYANAGI_ERR_CSA_NO_PIECE", c"CSA move: no piece of the side to move on the from square";
    /// [`CsaMoveErrorKind::PieceMismatch`].
    CsaPieceMismatch = -87, "HAYANAGI_ERR_CSA_PIECE_MISMATCH",
        c"CSA move: the piece code is neither the piece on the from square nor its promotion";
    /// [`CsaMoveErrorKind::SameSquare`].
    CsaSameSquare = -88, "HAYANAGI_ERR_CSA_SAME_SQUARE", c"CSA move: the destination is the from square";

    /// [`JapaneseMoveErrorKind::Destination`].
    JapaneseDestination = -90, "HAYANAGI_ERR_JAPANESE_DESTINATION",
        c"Japanese move: expected a destination square or 同";
    /// [`JapaneseMoveErrorKind::NoPreviousMove`].
    JapaneseNoPreviousMove = -91, "HAYANAGI_ERR_JAPANESE_NO_PREVIOUS_MOVE",
        c"Japanese move: 同 (same square) without a previous move";
    /// [`JapaneseMoveErrorKind::Piece`].
    JapanesePiece = -92, "HAYANAGI_ERR_JAPANESE_PIECE", c"Japanese move: not a piece name";
    /// [`JapaneseMoveErrorKind::FromSquare`].
    JapaneseFromSquare = -93, "HAYANAGI_ERR_JAPANESE_FROM_SQUARE",
        c"Japanese move: the from square is not (two digits 1-9)";
    /// [`JapaneseMoveErrorKind::WrongSide`].
    JapaneseWrongSide = -94, "HAYANAGI_ERR_JAPANESE_WRONG_SIDE", c"Japanese move: the sign is not the side to move";
    /// [`JapaneseMoveErrorKind::NoSuchMove`].
    JapaneseNoSuchMove = -95, "HAYANAGI_ERR_JAPANESE_NO_SUCH_MOVE", c"Japanese move: no legal move fits the text";
    /// [`JapaneseMoveErrorKind::Ambiguous`].
    JapaneseAmbiguous = -96, "HAYANAGI_ERR_JAPANESE_AMBIGUOUS", c"Japanese move: several legal moves fit the text";

    /// [`PackError::MissingKing`].
    PackMissingKing = -100, "HAYANAGI_ERR_PACK_MISSING_KING", c"packed position: both kings are needed";
    /// [`PackError::TooManyPieces`].
    PackTooManyPieces = -101, "HAYANAGI_ERR_PACK_TOO_MANY_PIECES",
        c"packed position: more pieces of a kind than the set has";
    /// [`PackError::PlyTooLarge`].
    PackPlyTooLarge = -102, "HAYANAGI_ERR_PACK_PLY_TOO_LARGE", c"packed record: the ply does not fit 16 bits";
    /// [`UnpackErrorKind::NoKing`].
    UnpackNoKing = -103, "HAYANAGI_ERR_UNPACK_NO_KING", c"packed position: a king square of 81 (no king)";
    /// [`UnpackErrorKind::BadKingSquare`].
    UnpackBadKingSquare = -104, "HAYANAGI_ERR_UNPACK_BAD_KING_SQUARE", c"packed position: a king square above 81";
    /// [`UnpackErrorKind::KingsOnOneSquare`].
    UnpackKingsOnOneSquare = -105, "HAYANAGI_ERR_UNPACK_KINGS_ON_ONE_SQUARE",
        c"packed position: both kings on one square";
    /// [`UnpackErrorKind::BadHandCode`].
    UnpackBadHandCode = -106, "HAYANAGI_ERR_UNPACK_BAD_HAND_CODE", c"packed position: bits that start no hand code";
    /// [`UnpackErrorKind::HandOrder`].
    UnpackHandOrder = -107, "HAYANAGI_ERR_UNPACK_HAND_ORDER", c"packed position: hand codes out of order";
    /// [`UnpackErrorKind::Truncated`].
    UnpackTruncated = -108, "HAYANAGI_ERR_UNPACK_TRUNCATED", c"packed position: a code runs past bit 256";

    /// [`Move16Error::NoMove`].
    Move16NoMove = -110, "HAYANAGI_ERR_MOVE16_NO_MOVE", c"16-bit move: the code 0 (no move)";
    /// [`Move16Error::BadSquare`].
    Move16BadSquare = -111, "HAYANAGI_ERR_MOVE16_BAD_SQUARE", c"16-bit move: a destination above 80";
    /// [`Move16Error::BadOrigin`].
    Move16BadOrigin = -112, "HAYANAGI_ERR_MOVE16_BAD_ORIGIN",
        c"16-bit move: an origin that is neither a square nor a drop";
    /// [`Move16Error::SameSquare`].
    Move16SameSquare = -113, "HAYANAGI_ERR_MOVE16_SAME_SQUARE",
        c"16-bit move: origin and destination are one square (a special code)";
    /// [`Move16Error::DropPromotion`].
    Move16DropPromotion = -114, "HAYANAGI_ERR_MOVE16_DROP_PROMOTION", c"16-bit move: a drop that promotes";
    /// [`Move16Error::UnusedBit`].
    Move16UnusedBit = -115, "HAYANAGI_ERR_MOVE16_UNUSED_BIT", c"16-bit move: bit 15 set in a cshogi code";

    /// [`RecordErrorKind::GameResult`].
    RecordGameResult = -120, "HAYANAGI_ERR_RECORD_GAME_RESULT", c"packed record: not one of the format's game results";
    /// [`RecordErrorKind::Padding`].
    RecordPadding = -121, "HAYANAGI_ERR_RECORD_PADDING", c"packed record: a padding byte that is not 0";
    /// [`RecordErrorKind::PlyZero`].
    RecordPlyZero = -122, "HAYANAGI_ERR_RECORD_PLY_ZERO", c"packed record: a game ply of 0";
    /// [`RecordErrorKind::Truncated`].
    RecordTruncated = -123, "HAYANAGI_ERR_RECORD_TRUNCATED", c"packed records: the bytes end inside a record";

    /// [`hayanagi::TsumeError::NoDefenderKing`].
    TsumeNoDefenderKing = -124, "HAYANAGI_ERR_TSUME_NO_DEFENDER_KING",
        c"not a tsume: the defender (the side not to move) has no king";
    /// [`hayanagi::TsumeError::AttackerInCheck`].
    TsumeAttackerInCheck = -125, "HAYANAGI_ERR_TSUME_ATTACKER_IN_CHECK",
        c"not a tsume: the attacker (the side to move) is in check";

    /// `hayanagi_records::ReadErrorKind::Encoding`.
    GameEncoding = -130, "HAYANAGI_ERR_GAME_ENCODING", c"game record: the bytes are not text in the encoding";
    /// `hayanagi_records::ReadErrorKind::Expected`.
    GameSyntax = -131, "HAYANAGI_ERR_GAME_SYNTAX",
        c"game record: something else was expected here (the error's message says what)";
    /// `hayanagi_records::ReadErrorKind::MoveNumber`.
    GameMoveNumber = -132, "HAYANAGI_ERR_GAME_MOVE_NUMBER", c"game record: a KIF move number that is not the next one";
    /// `hayanagi_records::ReadErrorKind::MoveAfterEnd`, `WriteErrorKind::MoveAfterEnd`.
    GameMoveAfterEnd = -133, "HAYANAGI_ERR_GAME_MOVE_AFTER_END", c"game record: a move after the end of the game";
    /// `hayanagi_records::ReadErrorKind::UnknownHandicap`.
    GameUnknownHandicap = -134, "HAYANAGI_ERR_GAME_UNKNOWN_HANDICAP", c"game record: an unknown 手合割 (handicap) name";
    /// `hayanagi_records::ReadErrorKind::PositionAfterMoves`.
    GamePositionAfterMoves = -135, "HAYANAGI_ERR_GAME_POSITION_AFTER_MOVES",
        c"game record: a start position line after the first move";
    /// `hayanagi_records::ReadErrorKind::NoDiagram`.
    GameNoDiagram = -136, "HAYANAGI_ERR_GAME_NO_DIAGRAM",
        c"game record: a 手合割 that says a board diagram gives the start, without one";
    /// `hayanagi_records::ReadErrorKind::EndingContradicts`, `WriteErrorKind::EndingContradicts`.
    GameEndingContradicts = -137, "HAYANAGI_ERR_GAME_ENDING_CONTRADICTS",
        c"game record: an ending the position contradicts (詰み where the side to move is not mated)";
    /// `hayanagi_records::WriteErrorKind::VariationPly`.
    GameVariationPly = -138, "HAYANAGI_ERR_GAME_VARIATION_PLY",
        c"game record: a variation at a ply its line does not have";
    /// A kind of error or ending that this build of the C API has no code for (a newer hayanagi-records).
    GameUnsupported = -139, "HAYANAGI_ERR_GAME_UNSUPPORTED",
        c"game record: something this build of the C API has no code for (the error's message says what)";
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

// The mappings below are exhaustive on purpose (none of these enums is `non_exhaustive`): a new
// kind in the library fails this build until it has a code.

impl From<PlayError> for ErrorCode {
    fn from(error: PlayError) -> ErrorCode {
        match error {
            PlayError::Illegal(_) => ErrorCode::IllegalMove,
            PlayError::PlyLimit => ErrorCode::PlyOverflow,
            PlayError::PassInCheck => ErrorCode::PassInCheck,
        }
    }
}

impl From<CsaMoveErrorKind> for ErrorCode {
    fn from(kind: CsaMoveErrorKind) -> ErrorCode {
        match kind {
            CsaMoveErrorKind::Truncated => ErrorCode::CsaTruncated,
            CsaMoveErrorKind::Sign => ErrorCode::CsaSign,
            CsaMoveErrorKind::WrongSide => ErrorCode::CsaWrongSide,
            CsaMoveErrorKind::Square => ErrorCode::CsaSquare,
            CsaMoveErrorKind::Piece => ErrorCode::CsaPiece,
            CsaMoveErrorKind::Trailing => ErrorCode::CsaTrailing,
            CsaMoveErrorKind::NoPiece => ErrorCode::CsaNoPiece,
            CsaMoveErrorKind::PieceMismatch => ErrorCode::CsaPieceMismatch,
            CsaMoveErrorKind::SameSquare => ErrorCode::CsaSameSquare,
            CsaMoveErrorKind::Illegal(_) => ErrorCode::IllegalMove,
        }
    }
}

impl From<JapaneseMoveErrorKind> for ErrorCode {
    fn from(kind: JapaneseMoveErrorKind) -> ErrorCode {
        match kind {
            JapaneseMoveErrorKind::Destination => ErrorCode::JapaneseDestination,
            JapaneseMoveErrorKind::NoPreviousMove => ErrorCode::JapaneseNoPreviousMove,
            JapaneseMoveErrorKind::Piece => ErrorCode::JapanesePiece,
            JapaneseMoveErrorKind::FromSquare => ErrorCode::JapaneseFromSquare,
            JapaneseMoveErrorKind::WrongSide => ErrorCode::JapaneseWrongSide,
            JapaneseMoveErrorKind::NoSuchMove => ErrorCode::JapaneseNoSuchMove,
            JapaneseMoveErrorKind::Ambiguous => ErrorCode::JapaneseAmbiguous,
            JapaneseMoveErrorKind::Illegal(_) => ErrorCode::IllegalMove,
        }
    }
}

impl From<PackError> for ErrorCode {
    fn from(error: PackError) -> ErrorCode {
        match error {
            PackError::MissingKing { .. } => ErrorCode::PackMissingKing,
            PackError::TooManyPieces { .. } => ErrorCode::PackTooManyPieces,
            PackError::PlyTooLarge { .. } => ErrorCode::PackPlyTooLarge,
        }
    }
}

impl From<UnpackErrorKind> for ErrorCode {
    fn from(kind: UnpackErrorKind) -> ErrorCode {
        match kind {
            UnpackErrorKind::NoKing { .. } => ErrorCode::UnpackNoKing,
            UnpackErrorKind::BadKingSquare { .. } => ErrorCode::UnpackBadKingSquare,
            UnpackErrorKind::KingsOnOneSquare => ErrorCode::UnpackKingsOnOneSquare,
            UnpackErrorKind::BadHandCode => ErrorCode::UnpackBadHandCode,
            UnpackErrorKind::HandOrder => ErrorCode::UnpackHandOrder,
            UnpackErrorKind::Truncated => ErrorCode::UnpackTruncated,
            UnpackErrorKind::Setup(problem) => problem.into(),
        }
    }
}

impl From<Move16Error> for ErrorCode {
    fn from(error: Move16Error) -> ErrorCode {
        match error {
            Move16Error::NoMove => ErrorCode::Move16NoMove,
            Move16Error::BadSquare { .. } => ErrorCode::Move16BadSquare,
            Move16Error::BadOrigin { .. } => ErrorCode::Move16BadOrigin,
            Move16Error::SameSquare => ErrorCode::Move16SameSquare,
            Move16Error::DropPromotion => ErrorCode::Move16DropPromotion,
            Move16Error::UnusedBit => ErrorCode::Move16UnusedBit,
            Move16Error::Illegal(_) => ErrorCode::IllegalMove,
        }
    }
}

impl From<RecordErrorKind> for ErrorCode {
    fn from(kind: RecordErrorKind) -> ErrorCode {
        match kind {
            RecordErrorKind::Position(kind) => kind.into(),
            RecordErrorKind::Move(error) => error.into(),
            RecordErrorKind::GameResult { .. } => ErrorCode::RecordGameResult,
            RecordErrorKind::Padding { .. } => ErrorCode::RecordPadding,
            RecordErrorKind::PlyZero => ErrorCode::RecordPlyZero,
            RecordErrorKind::Truncated { .. } => ErrorCode::RecordTruncated,
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
