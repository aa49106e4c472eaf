//! `include/hayanagi.h`, read at compile time: the sizes this crate uses come from it, and every
//! code and size it declares is asserted against the library here, so that the header and the
//! crate cannot drift apart (a mismatch is a build error naming the constant).

use core::mem::size_of;

use hayanagi::{Color, DeclarationOutcome, MAX_SFEN_LEN, MoveList, Piece, PieceKind, Square};

use crate::ErrorCode;
use crate::history::{HEADER_ENTRIES, MAX_MOVES as MAX_HISTORY_MOVES};
use crate::moves::{FILTERS, filter_code};
use crate::position::STATUSES;
use crate::query::{FAILURES, outcome_code, piece_code};

const HEADER: &[u8] = include_bytes!("../../include/hayanagi.h");

/// `sizeof(hayanagi_position)`.
pub(crate) const POSITION_SIZE: usize = defined("HAYANAGI_POSITION_SIZE") as usize;
/// `sizeof(hayanagi_undo_record)`.
pub(crate) const UNDO_SIZE: usize = defined("HAYANAGI_UNDO_RECORD_SIZE") as usize;
/// `sizeof(hayanagi_record_reader)`.
#[cfg(feature = "extended")]
pub(crate) const READER_SIZE: usize = defined("HAYANAGI_RECORD_READER_SIZE") as usize;
/// The deepest perft accepted.
pub(crate) const MAX_PERFT_DEPTH: u32 = defined("HAYANAGI_MAX_PERFT_DEPTH") as u32;

/// True when `haystack[at..]` starts with `needle`.
const fn starts_with_at(haystack: &[u8], at: usize, needle: &[u8]) -> bool {
    if at + needle.len() > haystack.len() {
        return false;
    }
    let mut i = 0;
    while i < needle.len() {
        if haystack[at + i] != needle[i] {
            return false;
        }
        i += 1;
    }
    true
}

const fn str_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && starts_with_at(a, 0, b)
}

/// The integer at `header[at..end]`: `N` or `(-N)`, then only spaces or a comment.
const fn parse_value(at: usize, end: usize) -> Option<i64> {
    let h = HEADER;
    let mut i = at;
    while i < end && h[i] == b' ' {
        i += 1;
    }
    let parenthesised = i < end && h[i] == b'(';
    if parenthesised {
        i += 1;
    }
    let negative = i < end && h[i] == b'-';
    if negative {
        i += 1;
    }
    let digits_start = i;
    let mut value: i64 = 0;
    while i < end && h[i].is_ascii_digit() {
        value = value * 10 + (h[i] - b'0') as i64;
        i += 1;
    }
    if i == digits_start || parenthesised && !(i < end && h[i] == b')') {
        return None;
    }
    if parenthesised {
        i += 1;
    }
    while i < end && h[i] == b' ' {
        i += 1;
    }
    if i < end && !starts_with_at(h, i, b"/*") {
        return None;
    }
    Some(if negative { -value } else { value })
}

/// One `#define NAME VALUE` line: where NAME is in the header, and VALUE if it is an integer.
#[derive(Clone, Copy)]
struct Define {
    name_at: usize,
    name_len: usize,
    /// Where the rest of the line starts, and ends.
    rest_at: usize,
    rest_end: usize,
    value: Option<i64>,
}

/// Every `#define` of the header, scanned once.
struct Defines {
    entries: [Define; 384],
    len: usize,
}

const DEFINES: Defines = scan();

const fn scan() -> Defines {
    let h = HEADER;
    let mut defines =
        Defines { entries: [Define { name_at: 0, name_len: 0, rest_at: 0, rest_end: 0, value: None }; 384], len: 0 };
    let mut start = 0;
    while start < h.len() {
        let mut end = start;
        while end < h.len() && h[end] != b'\n' {
            end += 1;
        }
        if starts_with_at(h, start, b"#define ") {
            let name_at = start + b"#define ".len();
            let mut name_end = name_at;
            while name_end < end && h[name_end] != b' ' {
                name_end += 1;
            }
            assert!(defines.len < defines.entries.len(), "include/hayanagi.h: more #defines than expected");
            defines.entries[defines.len] = Define {
                name_at,
                name_len: name_end - name_at,
                rest_at: name_end,
                rest_end: end,
                value: parse_value(name_end, end),
            };
            defines.len += 1;
        }
        start = end + 1;
    }
    defines
}

/// The `#define NAME ...` entry; a build error naming NAME if it is missing or repeated.
const fn entry(name_str: &str) -> Define {
    let name = name_str.as_bytes();
    let mut found = None;
    let mut i = 0;
    while i < DEFINES.len {
        let entry = DEFINES.entries[i];
        if entry.name_len == name.len() && starts_with_at(HEADER, entry.name_at, name) {
            if found.is_some() {
                panic!("{}", name_str); // #defined twice
            }
            found = Some(entry);
        }
        i += 1;
    }
    match found {
        Some(entry) => entry,
        None => panic!("{}", name_str), // missing
    }
}

/// True when `#define NAME "TEXT"` (then only a comment) defines exactly the string `text`.
const fn defines_string(name: &str, text: &str) -> bool {
    let entry = entry(name);
    let text = text.as_bytes();
    let at = entry.rest_at + 1; // after the space
    starts_with_at(HEADER, at, b"\"")
        && starts_with_at(HEADER, at + 1, text)
        && starts_with_at(HEADER, at + 1 + text.len(), b"\"")
        && (at + 2 + text.len() == entry.rest_end || starts_with_at(HEADER, at + 2 + text.len(), b" /*"))
}

/// A decimal number (the crate's version parts).
const fn decimal(text: &str) -> i64 {
    let bytes = text.as_bytes();
    assert!(!bytes.is_empty());
    let mut value = 0;
    let mut i = 0;
    while i < bytes.len() {
        assert!(bytes[i].is_ascii_digit());
        value = value * 10 + (bytes[i] - b'0') as i64;
        i += 1;
    }
    value
}

/// The value of `#define NAME VALUE`; a build error naming NAME if it is missing, repeated or not
/// an integer.
const fn defined(name_str: &str) -> i64 {
    match entry(name_str).value {
        Some(value) => value,
        None => panic!("{}", name_str), // not an integer
    }
}

/// How many names `#define`d in the header start with `prefix`.
const fn count_defines(prefix: &str) -> usize {
    let prefix = prefix.as_bytes();
    let mut count = 0;
    let mut i = 0;
    while i < DEFINES.len {
        let entry = DEFINES.entries[i];
        if entry.name_len >= prefix.len() && starts_with_at(HEADER, entry.name_at, prefix) {
            count += 1;
        }
        i += 1;
    }
    count
}

// Every error code, by name and value, and no other `HAYANAGI_ERR_*`.
const _: () = {
    let mut i = 0;
    while i < ErrorCode::ALL.len() {
        let code = ErrorCode::ALL[i];
        if defined(code.c_name()) != code as i64 {
            // The build error names the code whose value differs from ErrorCode's.
            panic!("{}", code.c_name());
        }
        i += 1;
    }
    assert!(
        count_defines("HAYANAGI_ERR_") + 1 == ErrorCode::ALL.len(),
        "include/hayanagi.h: a HAYANAGI_ERR_* code that ErrorCode does not have"
    );
    assert!(str_eq(ErrorCode::ALL[0].c_name().as_bytes(), b"HAYANAGI_OK"));
};

// Every status code is its index in STATUSES, and there are no others.
const _: () = {
    let mut i = 0;
    while i < STATUSES.len() {
        if defined(STATUSES[i].0) != i as i64 {
            // The build error names the status whose value is not its index in STATUSES.
            panic!("{}", STATUSES[i].0);
        }
        i += 1;
    }
    assert!(count_defines("HAYANAGI_STATUS_") == STATUSES.len(), "include/hayanagi.h: an unknown HAYANAGI_STATUS_*");
};

// Buffer sizes and colours.
const _: () = {
    assert!(defined("HAYANAGI_SFEN_BUFFER_SIZE") == MAX_SFEN_LEN as i64 + 1, "HAYANAGI_SFEN_BUFFER_SIZE");
    // The longest USI move is a promoting board move, "8h2b+"; a drop is 4 bytes ("P*5e").
    assert!(defined("HAYANAGI_USI_BUFFER_SIZE") == 5 + 1, "HAYANAGI_USI_BUFFER_SIZE");
    assert!(defined("HAYANAGI_MAX_MOVES") == MoveList::CAPACITY as i64, "HAYANAGI_MAX_MOVES");
    assert!(defined("HAYANAGI_BLACK") == Color::Black.index() as i64, "HAYANAGI_BLACK");
    assert!(defined("HAYANAGI_WHITE") == Color::White.index() as i64, "HAYANAGI_WHITE");
    assert!(MAX_PERFT_DEPTH >= 1 && MAX_PERFT_DEPTH <= 64, "HAYANAGI_MAX_PERFT_DEPTH");
    assert!(size_of::<crate::PositionRecord>() == POSITION_SIZE);
    assert!(size_of::<crate::UndoRecord>() == UNDO_SIZE);
    assert!(size_of::<crate::HistoryEntryRecord>() as i64 == defined("HAYANAGI_HISTORY_ENTRY_SIZE"));
    assert!(defined("HAYANAGI_HISTORY_HEADER_ENTRIES") == HEADER_ENTRIES as i64, "HAYANAGI_HISTORY_HEADER_ENTRIES");
    assert!(defined("HAYANAGI_MAX_HISTORY_MOVES") == MAX_HISTORY_MOVES as i64, "HAYANAGI_MAX_HISTORY_MOVES");
};

// The version: the crate's (Cargo.toml), in every form the header gives it.
const _: () = {
    let (major, minor, patch) = (
        decimal(env!("CARGO_PKG_VERSION_MAJOR")),
        decimal(env!("CARGO_PKG_VERSION_MINOR")),
        decimal(env!("CARGO_PKG_VERSION_PATCH")),
    );
    assert!(defined("HAYANAGI_VERSION_MAJOR") == major, "HAYANAGI_VERSION_MAJOR differs from Cargo.toml");
    assert!(defined("HAYANAGI_VERSION_MINOR") == minor, "HAYANAGI_VERSION_MINOR differs from Cargo.toml");
    assert!(defined("HAYANAGI_VERSION_PATCH") == patch, "HAYANAGI_VERSION_PATCH differs from Cargo.toml");
    assert!(defined("HAYANAGI_VERSION_NUMBER") == major * 10000 + minor * 100 + patch, "HAYANAGI_VERSION_NUMBER");
    assert!(minor < 100 && patch < 100, "HAYANAGI_VERSION_NUMBER has two digits per part");
    assert!(
        defines_string("HAYANAGI_VERSION_STRING", env!("CARGO_PKG_VERSION")),
        "HAYANAGI_VERSION_STRING differs from Cargo.toml"
    );
};

// Squares, piece kinds, pieces.
const _: () = {
    assert!(defined("HAYANAGI_NO_SQUARE") == Square::NUM as i64, "HAYANAGI_NO_SQUARE");
    assert!(defined("HAYANAGI_KINDS") == PieceKind::NUM as i64, "HAYANAGI_KINDS");
    assert!(defined("HAYANAGI_NO_KIND") == PieceKind::NUM as i64, "HAYANAGI_NO_KIND");
    assert!(defined("HAYANAGI_HAND_KINDS") == PieceKind::HAND.len() as i64, "HAYANAGI_HAND_KINDS");
    assert!(defined("HAYANAGI_EMPTY") == piece_code(None) as i64, "HAYANAGI_EMPTY");
    let mut i = 0;
    while i < KINDS.len() {
        if defined(KINDS[i].0) != KINDS[i].1.index() as i64 {
            panic!("{}", KINDS[i].0);
        }
        i += 1;
    }
    // The piece code macro's formula, for every piece.
    let mut i = 0;
    while i < 2 * PieceKind::NUM {
        let Some(piece) = Piece::try_index(i) else { panic!("Piece::try_index") };
        let code = piece_code(Some(piece)) as usize;
        assert!(code == 1 + piece.kind().index() + 16 * piece.color().index(), "HAYANAGI_PIECE");
        i += 1;
    }
};

// Move filters: every HAYANAGI_FILTER_* is its filter's index, and there are no others.
const _: () = {
    let mut i = 0;
    while i < FILTERS.len() {
        if defined(FILTERS[i].0) != filter_code(FILTERS[i].1) as i64 {
            panic!("{}", FILTERS[i].0);
        }
        i += 1;
    }
    assert!(count_defines("HAYANAGI_FILTER_") == FILTERS.len(), "include/hayanagi.h: an unknown HAYANAGI_FILTER_*");
};

// Declarations.
const _: () = {
    assert!(defined("HAYANAGI_RULE_27_POINTS") == 27 && defined("HAYANAGI_RULE_24_POINTS") == 24);
    assert!(defined("HAYANAGI_DECLARATION_INVALID") == outcome_code(DeclarationOutcome::Invalid) as i64);
    assert!(defined("HAYANAGI_DECLARATION_WIN") == outcome_code(DeclarationOutcome::Win) as i64);
    assert!(defined("HAYANAGI_DECLARATION_DRAW") == outcome_code(DeclarationOutcome::Draw) as i64);
    let mut i = 0;
    let mut all = 0;
    while i < FAILURES.len() {
        if defined(FAILURES[i].0) != FAILURES[i].1.bits() as i64 {
            panic!("{}", FAILURES[i].0);
        }
        all |= FAILURES[i].1.bits();
        i += 1;
    }
    assert!(all == 15, "a declaration failure without a HAYANAGI_DECLARATION_* bit");
};

/// The kinds' names in the header.
const KINDS: [(&str, PieceKind); PieceKind::NUM] = [
    ("HAYANAGI_PAWN", PieceKind::Pawn),
    ("HAYANAGI_LANCE", PieceKind::Lance),
    ("HAYANAGI_KNIGHT", PieceKind::Knight),
    ("HAYANAGI_SILVER", PieceKind::Silver),
    ("HAYANAGI_GOLD", PieceKind::Gold),
    ("HAYANAGI_BISHOP", PieceKind::Bishop),
    ("HAYANAGI_ROOK", PieceKind::Rook),
    ("HAYANAGI_KING", PieceKind::King),
    ("HAYANAGI_PRO_PAWN", PieceKind::ProPawn),
    ("HAYANAGI_PRO_LANCE", PieceKind::ProLance),
    ("HAYANAGI_PRO_KNIGHT", PieceKind::ProKnight),
    ("HAYANAGI_PRO_SILVER", PieceKind::ProSilver),
    ("HAYANAGI_HORSE", PieceKind::Horse),
    ("HAYANAGI_DRAGON", PieceKind::Dragon),
];

// The extended functions' constants.
#[cfg(feature = "extended")]
const _: () = {
    use hayanagi::{GameResult, Handicap, Hcpe, PackedRecord, Psv, PsvResult, Relaxations};

    use crate::notation::{CSA_BUFFER_SIZE, JAPANESE_BUFFER_SIZE, STYLES, style_code};
    use crate::packed::{FORMATS, PACKED_SIZE, format_code, game_result_code, psv_result_code};
    use crate::search::MAX_SEE_VALUE;
    use crate::setup::{HANDICAPS, NO_HANDICAP, RELAXATIONS};

    let mut i = 0;
    while i < STYLES.len() {
        assert!(defined(STYLES[i].0) == style_code(STYLES[i].1) as i64 && style_code(STYLES[i].1) == i as i32);
        i += 1;
    }
    assert!(count_defines("HAYANAGI_STYLE_") == STYLES.len(), "include/hayanagi.h: an unknown HAYANAGI_STYLE_*");
    let mut i = 0;
    while i < FORMATS.len() {
        assert!(defined(FORMATS[i].0) == format_code(FORMATS[i].1) as i64 && format_code(FORMATS[i].1) == i as i32);
        i += 1;
    }
    assert!(defined("HAYANAGI_PACKED_SIZE") == PACKED_SIZE as i64);
    // Record streams: each format's index, and the reader's size.
    use crate::stream::{RecordReader, STREAM_FORMATS};
    assert!(str_eq(STREAM_FORMATS[0].0.as_bytes(), b"HAYANAGI_RECORDS_HCPE") && STREAM_FORMATS[0].1 == Hcpe::SIZE);
    assert!(str_eq(STREAM_FORMATS[1].0.as_bytes(), b"HAYANAGI_RECORDS_PSV") && STREAM_FORMATS[1].1 == Psv::SIZE);
    assert!(defined("HAYANAGI_RECORDS_HCPE") == 0 && defined("HAYANAGI_RECORDS_PSV") == 1);
    assert!(
        count_defines("HAYANAGI_RECORDS_") == STREAM_FORMATS.len(),
        "include/hayanagi.h: an unknown HAYANAGI_RECORDS_*"
    );
    assert!(size_of::<RecordReader>() == READER_SIZE);
    assert!(defined("HAYANAGI_HCPE_SIZE") == Hcpe::SIZE as i64 && defined("HAYANAGI_PSV_SIZE") == Psv::SIZE as i64);
    assert!(defined("HAYANAGI_CSA_BUFFER_SIZE") == CSA_BUFFER_SIZE as i64);
    assert!(defined("HAYANAGI_JAPANESE_BUFFER_SIZE") == JAPANESE_BUFFER_SIZE as i64);
    assert!(defined("HAYANAGI_MAX_SEE_VALUE") == MAX_SEE_VALUE as i64);
    assert!(defined("HAYANAGI_GAME_DRAW") == game_result_code(GameResult::Draw) as i64);
    assert!(defined("HAYANAGI_GAME_BLACK_WIN") == game_result_code(GameResult::BlackWin) as i64);
    assert!(defined("HAYANAGI_GAME_WHITE_WIN") == game_result_code(GameResult::WhiteWin) as i64);
    assert!(defined("HAYANAGI_PSV_LOSS") == psv_result_code(PsvResult::Loss) as i64);
    assert!(defined("HAYANAGI_PSV_DRAW") == psv_result_code(PsvResult::Draw) as i64);
    assert!(defined("HAYANAGI_PSV_WIN") == psv_result_code(PsvResult::Win) as i64);
    // Relaxations: bit i is RELAXATIONS[i]; NONE and SFEN are the library's.
    let mut i = 0;
    while i < RELAXATIONS.len() {
        if defined(RELAXATIONS[i].0) != 1 << i {
            panic!("{}", RELAXATIONS[i].0);
        }
        i += 1;
    }
    assert!(defined("HAYANAGI_RELAX_NONE") == 0 && defined("HAYANAGI_RELAX_SFEN") == 3);
    assert!(Relaxations::SFEN.contains(RELAXATIONS[0].1) && Relaxations::SFEN.contains(RELAXATIONS[1].1));
    assert!(
        count_defines("HAYANAGI_RELAX_") == RELAXATIONS.len() + 2,
        "include/hayanagi.h: an unknown HAYANAGI_RELAX_*"
    );
    // Handicaps: each one's index, and no other.
    let mut i = 0;
    while i < HANDICAPS.len() {
        if defined(HANDICAPS[i].0) != HANDICAPS[i].1.index() as i64 || HANDICAPS[i].1.index() != i {
            panic!("{}", HANDICAPS[i].0);
        }
        i += 1;
    }
    assert!(HANDICAPS.len() == Handicap::ALL.len());
    assert!(
        count_defines("HAYANAGI_HANDICAP_") == HANDICAPS.len(),
        "include/hayanagi.h: an unknown HAYANAGI_HANDICAP_*"
    );
    assert!(defined("HAYANAGI_NO_HANDICAP") == NO_HANDICAP as i64);
    // The tsume solver.
    use crate::tsume::{ANSWERS, COUNTINGS, ENTRY_SIZE, MAX_ALTERNATIVES, MAX_LINE};
    assert!(defined("HAYANAGI_TSUME_ENTRY_SIZE") == ENTRY_SIZE as i64);
    assert!(defined("HAYANAGI_TSUME_MAX_LINE") == MAX_LINE as i64);
    assert!(defined("HAYANAGI_TSUME_MAX_ALTERNATIVES") == MAX_ALTERNATIVES as i64);
    let mut i = 0;
    while i < COUNTINGS.len() {
        if defined(COUNTINGS[i].0) != COUNTINGS[i].1 as i64 {
            panic!("{}", COUNTINGS[i].0);
        }
        i += 1;
    }
    let mut i = 0;
    while i < ANSWERS.len() {
        if defined(ANSWERS[i].0) != ANSWERS[i].1 as i64 {
            panic!("{}", ANSWERS[i].0);
        }
        i += 1;
    }
    assert!(
        count_defines("HAYANAGI_TSUME_") == ANSWERS.len() + COUNTINGS.len() + 3,
        "include/hayanagi.h: an unknown HAYANAGI_TSUME_*"
    );
};

// The game records' constants (the `records` feature).
#[cfg(feature = "records")]
const _: () = {
    use crate::game::{
        COMMENTS_END, COMMENTS_START, DEFAULT_WINNER, DETECT, ENCODINGS, ENDINGS, FIXED_SIZE, FORMATS,
        MAIN_LINE_PARENT, MESSAGE_SIZE, NO_WINNER,
    };
    let mut i = 0;
    while i < FORMATS.len() {
        if defined(FORMATS[i].0) != i as i64 {
            panic!("{}", FORMATS[i].0);
        }
        i += 1;
    }
    assert!(defined("HAYANAGI_GAME_FORMAT_DETECT") == DETECT as i64);
    assert!(count_defines("HAYANAGI_GAME_FORMAT_") == FORMATS.len() + 1, "an unknown HAYANAGI_GAME_FORMAT_*");
    let mut i = 0;
    while i < ENCODINGS.len() {
        if defined(ENCODINGS[i].0) != i as i64 {
            panic!("{}", ENCODINGS[i].0);
        }
        i += 1;
    }
    assert!(defined("HAYANAGI_GAME_ENCODING_DETECT") == DETECT as i64);
    assert!(count_defines("HAYANAGI_GAME_ENCODING_") == ENCODINGS.len() + 1, "an unknown HAYANAGI_GAME_ENCODING_*");
    let mut i = 0;
    while i < ENDINGS.len() {
        if defined(ENDINGS[i].0) != i as i64 + 1 {
            panic!("{}", ENDINGS[i].0);
        }
        i += 1;
    }
    assert!(defined("HAYANAGI_ENDING_NONE") == 0);
    assert!(count_defines("HAYANAGI_ENDING_") == ENDINGS.len() + 1, "an unknown HAYANAGI_ENDING_*");
    assert!(defined("HAYANAGI_NO_WINNER") == NO_WINNER as i64);
    assert!(defined("HAYANAGI_GAME_MAIN_LINE") == MAIN_LINE_PARENT as i64);
    assert!(defined("HAYANAGI_DEFAULT_WINNER") == DEFAULT_WINNER as i64);
    assert!(defined("HAYANAGI_GAME_COMMENTS_START") == COMMENTS_START as i64);
    assert!(defined("HAYANAGI_GAME_COMMENTS_END") == COMMENTS_END as i64);
    assert!(defined("HAYANAGI_GAME_MESSAGE_SIZE") == MESSAGE_SIZE as i64);
    assert!(defined("HAYANAGI_GAME_FIXED_SIZE") == FIXED_SIZE as i64);
    assert!(size_of::<crate::GameError>() == 16 + MESSAGE_SIZE);
};
