//! The bit streams and Huffman codes of the two 256-bit position layouts.
//!
//! Both layouts are a stream of 256 bits, bit `i` being bit `i % 8` (least significant first) of
//! byte `i / 8`. A code is written here as the string of its bits in stream order, first bit first.
//!
//! Board codes (one per square that holds no king; `c` = colour, 0 Black / 1 White; `p` = promoted):
//!
//! | | empty | P | L | N | S | G | B | R |
//! |---|---|---|---|---|---|---|---|---|
//! | HCP | `0` | `10cp` | `1100cp` | `1110cp` | `1101cp` | `11110c` | `111110cp` | `111111cp` |
//! | PackedSfen | `0` | `10pc` | `1100pc` | `1101pc` | `1110pc` | `11110c` | `111110pc` | `111111pc` |
//!
//! Hand codes (one per piece held, then one per piece of the set that is neither on the board nor in
//! a hand — the "box"; columns: Black's hand, White's hand, box):
//!
//! | kind | HCP | PackedSfen |
//! |---|---|---|
//! | P | `000` `001` `010` | `000` `001` `010` |
//! | L | `10000` `10001` `10010` | `10000` `10001` `10010` |
//! | N | `11000` `11001` `11010` | `10100` `10101` `10110` |
//! | S | `10100` `10101` `10110` | `11000` `11001` `11010` |
//! | G | `11100` `11101` `10111` | `11100` `11101` `11011` |
//! | B | `1111100` `1111101` `1111000` | `1111000` `1111001` `1111010` |
//! | R | `1111110` `1111111` `1111010` | `1111100` `1111101` `1111110` |
//!
//! The board code set is complete (every bit string starts with exactly one code); the hand codes
//! leave `1111001` and `1111011` (HCP), `1111011` and `1111111` (PackedSfen) unused. Every code of a
//! piece on the board is one bit longer than its hand code, so the stream length does not depend on
//! where the pieces are: 1 + 7 + 7 + 79 + 162 = 256 bits exactly for both kings and the 38 other
//! pieces of a set. (Established against cshogi's `to_hcp` and `to_psfen` as a black box;
//! `tests/packed.rs` checks thousands of positions byte for byte.)

use crate::{Color, Piece, PieceKind};

/// The number of bits of a packed position.
pub(crate) const BITS: usize = 256;

/// A code: its bits in stream order (bit `j` of `bits` is the `j`-th bit written) and its length.
#[derive(Clone, Copy)]
pub(crate) struct Code {
    pub(crate) bits: u8,
    pub(crate) len: u8,
}

/// A code from its bits written as `b"10cp"` with `c` and `p` already replaced by `0`/`1`.
const fn code(text: &[u8]) -> Code {
    let mut bits = 0u8;
    let mut i = 0;
    while i < text.len() {
        if text[i] == b'1' {
            bits |= 1 << i;
        }
        i += 1;
    }
    Code { bits, len: text.len() as u8 }
}

/// `base` followed by the given flag bits.
const fn with_flags(base: Code, first: bool, second: Option<bool>) -> Code {
    let mut bits = base.bits | (first as u8) << base.len;
    let mut len = base.len + 1;
    if let Some(second) = second {
        bits |= (second as u8) << len;
        len += 1;
    }
    Code { bits, len }
}

/// Where a hand code puts a piece: a colour's hand, or the box.
pub(crate) const BOX: usize = 2;

/// Marks a decode-table entry that no code starts.
pub(crate) const INVALID: u8 = u8::MAX;

/// The codes of one layout and their decoding tables.
pub(crate) struct Layout {
    /// By piece index (`Piece::index`); kings have no code (length 0).
    pub(crate) board: [Code; Piece::NUM],
    /// By hand kind and place (Black, White, box).
    pub(crate) hand: [[Code; 3]; 7],
    /// By the next 8 bits of the stream: 0 for an empty square, otherwise `(length - 1) << 5 | (1 +
    /// piece index)`.
    pub(crate) board_decode: [u8; 256],
    /// By the next 8 bits of the stream: `(length - 1) << 5 | (place * 7 + kind)`, or [`INVALID`].
    pub(crate) hand_decode: [u8; 256],
}

/// The empty square's code.
pub(crate) const EMPTY: Code = Code { bits: 0, len: 1 };

/// Board codes of the base kinds (P L N S G B R), before the flags.
const HCP_BASE: [&[u8]; 7] = [b"10", b"1100", b"1110", b"1101", b"11110", b"111110", b"111111"];
const PSFEN_BASE: [&[u8]; 7] = [b"10", b"1100", b"1101", b"1110", b"11110", b"111110", b"111111"];

#[rustfmt::skip]
const HCP_HAND: [[&[u8]; 3]; 7] = [
    [b"000", b"001", b"010"],
    [b"10000", b"10001", b"10010"],
    [b"11000", b"11001", b"11010"],
    [b"10100", b"10101", b"10110"],
    [b"11100", b"11101", b"10111"],
    [b"1111100", b"1111101", b"1111000"],
    [b"1111110", b"1111111", b"1111010"],
];
#[rustfmt::skip]
const PSFEN_HAND: [[&[u8]; 3]; 7] = [
    [b"000", b"001", b"010"],
    [b"10000", b"10001", b"10010"],
    [b"10100", b"10101", b"10110"],
    [b"11000", b"11001", b"11010"],
    [b"11100", b"11101", b"11011"],
    [b"1111000", b"1111001", b"1111010"],
    [b"1111100", b"1111101", b"1111110"],
];

/// Builds a layout; `color_first` says whether the colour bit comes before the promotion bit.
const fn layout(base: [&[u8]; 7], hand_text: [[&[u8]; 3]; 7], color_first: bool) -> Layout {
    let mut board = [Code { bits: 0, len: 0 }; Piece::NUM];
    let mut index = 0;
    while index < Piece::NUM {
        if let Some(piece) = Piece::try_index(index) {
            let kind = piece.kind();
            if !matches!(kind, PieceKind::King) {
                let code_base = code(base[kind.unpromote().index()]);
                let white = matches!(piece.color(), Color::White);
                let promoted = kind.is_promoted();
                board[index] = if matches!(kind, PieceKind::Gold) {
                    with_flags(code_base, white, None)
                } else if color_first {
                    with_flags(code_base, white, Some(promoted))
                } else {
                    with_flags(code_base, promoted, Some(white))
                };
            }
        }
        index += 1;
    }
    let mut hand = [[Code { bits: 0, len: 0 }; 3]; 7];
    let mut kind = 0;
    while kind < 7 {
        let mut place = 0;
        while place < 3 {
            hand[kind][place] = code(hand_text[kind][place]);
            place += 1;
        }
        kind += 1;
    }
    let mut board_decode = [INVALID; 256];
    let mut hand_decode = [INVALID; 256];
    let mut next = 0;
    while next < 256 {
        if next & 1 == 0 {
            board_decode[next] = 0;
        }
        let mut index = 0;
        while index < Piece::NUM {
            let c = board[index];
            if c.len > 0 && (next as u8) & mask(c.len) == c.bits {
                board_decode[next] = (c.len - 1) << 5 | (1 + index as u8);
            }
            index += 1;
        }
        let mut kind = 0;
        while kind < 7 {
            let mut place = 0;
            while place < 3 {
                let c = hand[kind][place];
                if (next as u8) & mask(c.len) == c.bits {
                    hand_decode[next] = (c.len - 1) << 5 | (place * 7 + kind) as u8;
                }
                place += 1;
            }
            kind += 1;
        }
        next += 1;
    }
    Layout { board, hand, board_decode, hand_decode }
}

/// The low `len` bits set (`len` at most 8).
const fn mask(len: u8) -> u8 {
    if len >= 8 { u8::MAX } else { (1u8 << len) - 1 }
}

/// Apery's and cshogi's `HuffmanCodedPos`.
pub(crate) static HCP: Layout = layout(HCP_BASE, HCP_HAND, true);
/// YaneuraOu's `PackedSfen`.
pub(crate) static PSFEN: Layout = layout(PSFEN_BASE, PSFEN_HAND, false);

/// True when every 8 bits whose first bit is 1 start a piece's board code (slot 1-28 of
/// `board_decode`): the board code set is complete, which the fast decoder relies on to read a piece
/// wherever a run of empty squares ends.
const fn pieces_wherever_one(layout: &Layout) -> bool {
    let mut next = 1;
    while next < 256 {
        let slot = (layout.board_decode[next] & 31) as usize;
        if slot == 0 || slot > Piece::NUM {
            return false;
        }
        next += 2;
    }
    true
}

const _: () = assert!(pieces_wherever_one(&layout(HCP_BASE, HCP_HAND, true)));
const _: () = assert!(pieces_wherever_one(&layout(PSFEN_BASE, PSFEN_HAND, false)));

/// Reads a 256-bit stream.
pub(crate) struct BitReader {
    /// The stream's four words, then zeros: a window read anywhere up to bit 256 + 64 (where the
    /// decoders stop at the latest) finds its words without a bounds check.
    words: [u64; 8],
    pub(crate) cursor: usize,
}

impl BitReader {
    pub(crate) fn new(bytes: &[u8; 32]) -> BitReader {
        let mut words = [0u64; 8];
        for (word, chunk) in words.iter_mut().zip(bytes.as_chunks::<8>().0) {
            *word = u64::from_le_bytes(*chunk);
        }
        BitReader { words, cursor: 0 }
    }

    /// The 128 bits from word `cursor / 64`, and the shift to the cursor. (The index is masked to
    /// the array: no panic path; past bit 448 the window would wrap, which no decoder reaches.)
    #[inline(always)]
    fn window(&self) -> (u128, u32) {
        let w = self.cursor / 64;
        let low = self.words[w & 7] as u128;
        let high = self.words[(w + 1) & 7] as u128;
        (low | high << 64, (self.cursor % 64) as u32)
    }

    /// The next 8 bits from the cursor (bits past the end read as 0), without moving.
    #[inline]
    pub(crate) fn peek8(&self) -> u8 {
        // Two words as one 128-bit window: no branch on whether the 8 bits cross a word.
        let (window, shift) = self.window();
        (window >> shift) as u8
    }

    /// The next 64 bits from the cursor (bits past the end read as 0), without moving.
    #[inline]
    pub(crate) fn peek64(&self) -> u64 {
        let (window, shift) = self.window();
        (window >> shift) as u64
    }

    /// The next `len` (at most 8) bits; moves the cursor.
    #[inline]
    pub(crate) fn read(&mut self, len: u8) -> u8 {
        let value = self.peek8() & mask(len);
        self.cursor += len as usize;
        value
    }
}

/// Writes a 256-bit stream.
pub(crate) struct BitWriter {
    words: [u64; 5],
    pub(crate) cursor: usize,
}

impl BitWriter {
    pub(crate) const fn new() -> BitWriter {
        BitWriter { words: [0; 5], cursor: 0 }
    }

    /// Appends the low `len` bits of `bits` (at most 8); bits past 256 go to a spare word.
    #[inline]
    pub(crate) fn write(&mut self, bits: u8, len: u8) {
        let (w, s) = (self.cursor / 64, self.cursor % 64);
        let value = (bits & mask(len)) as u64;
        if let Some(word) = self.words.get_mut(w) {
            *word |= value << s;
        }
        if s > 56
            && let Some(word) = self.words.get_mut(w + 1)
        {
            *word |= value >> (64 - s);
        }
        self.cursor += len as usize;
    }

    #[inline]
    pub(crate) fn code(&mut self, code: Code) {
        self.write(code.bits, code.len);
    }

    pub(crate) fn bytes(&self) -> [u8; 32] {
        let mut out = [0u8; 32];
        for (chunk, word) in out.chunks_exact_mut(8).zip(self.words) {
            for (c, b) in chunk.iter_mut().zip(word.to_le_bytes()) {
                *c = b;
            }
        }
        out
    }
}
