//! Generation straight into a caller's array of move codes ([`Move::to_bits`]): what a C or
//! WebAssembly caller holds moves in. The same generator and filters as every other entry point,
//! through one more [`Sink`]: it writes each code where the caller wants it, so that no
//! [`MoveList`](crate::MoveList) is filled and copied out.

use core::ops::ControlFlow;

use super::{Scope, Sink, each_move};
use crate::{Move, MoveFilter, MoveGroup, Position};

/// Writes the code of each move into `codes`, as many as fit, and counts them all.
struct CodeSink<'a> {
    codes: &'a mut [u16],
    len: usize,
}

impl CodeSink<'_> {
    /// Writes one code if there is room, and counts it in any case.
    #[inline(always)]
    fn append(&mut self, mv: Move) {
        if let Some(slot) = self.codes.get_mut(self.len) {
            *slot = mv.to_bits();
        }
        self.len += 1;
    }
}

impl Sink for CodeSink<'_> {
    #[inline(always)]
    fn add(&mut self, group: MoveGroup) -> ControlFlow<()> {
        each_move(group, |mv| self.append(mv));
        ControlFlow::Continue(())
    }
}

impl Position {
    /// Writes the codes ([`Move::to_bits`]) of the legal moves that `filter` selects into `codes`, in
    /// the order of [`Position::legal_moves_of`], and returns how many there are. If `codes` is
    /// shorter than that, only its length is written (the first moves); the count is still the
    /// whole one, so a caller sees that the array was short. An array of
    /// [`MoveList::CAPACITY`](crate::MoveList::CAPACITY) codes always holds every move.
    ///
    /// For callers that keep moves as 16-bit codes (the C API, WebAssembly): no list is filled and
    /// copied.
    ///
    /// ```
    /// use hayanagi::{Move, MoveFilter, MoveList, Position};
    /// let pos = Position::from_usi_position("startpos moves 7g7f 3c3d")?;
    /// let mut codes = [0u16; MoveList::CAPACITY];
    /// let n = pos.generate_legal_move_codes(MoveFilter::All, &mut codes);
    /// let listed: Vec<u16> = pos.legal_moves().iter().map(|mv| mv.to_bits()).collect();
    /// assert_eq!(&codes[..n], &listed[..]);
    /// // A short array gets the first codes, and the count says how many there are.
    /// let mut two = [0u16; 2];
    /// assert_eq!(pos.generate_legal_move_codes(MoveFilter::Captures, &mut two), 2);
    /// assert_eq!(Move::from_bits(two[0]).unwrap().to_string(), "8h2b+");
    /// let mut none = [0u16; 0];
    /// assert_eq!(pos.generate_legal_move_codes(MoveFilter::All, &mut none), 39);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn generate_legal_move_codes(&self, filter: MoveFilter, codes: &mut [u16]) -> usize {
        let mut sink = CodeSink { codes, len: 0 };
        match filter {
            MoveFilter::All => {
                let _ = self.generate_into(&mut sink, Scope::ALL);
            }
            _ => self.generate_filtered_codes(filter, &mut sink),
        }
        sink.len
    }

    /// The filtered generations, out of line: one copy of them in a program however many places
    /// ask for codes (a WebAssembly module's size), while the full list, the hot path, inlines.
    #[inline(never)]
    fn generate_filtered_codes(&self, filter: MoveFilter, sink: &mut CodeSink) {
        let _ = self.generate_filtered(filter, sink);
    }
}
