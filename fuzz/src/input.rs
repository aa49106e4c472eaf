//! The fuzzed bytes read as a stream of arguments: every read succeeds, reading past the end gives zeros,
//! so a short input is still a complete (if dull) sequence of calls.

/// The rest of a fuzz input, read from the front.
pub struct Input<'a> {
    data: &'a [u8],
}

impl<'a> Input<'a> {
    /// The stream over `data`.
    pub fn new(data: &'a [u8]) -> Self {
        Input { data }
    }

    /// Whether every byte has been read.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// The next byte, 0 past the end.
    pub fn byte(&mut self) -> u8 {
        let (&first, rest) = self.data.split_first().unwrap_or((&0, &[]));
        self.data = rest;
        first
    }

    /// True about once in `n` times.
    pub fn one_in(&mut self, n: u8) -> bool {
        self.byte().is_multiple_of(n)
    }

    /// Two bytes, little-endian.
    pub fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.byte(), self.byte()])
    }

    /// Four bytes, little-endian.
    pub fn i32(&mut self) -> i32 {
        i32::from_le_bytes([self.byte(), self.byte(), self.byte(), self.byte()])
    }

    /// One byte as a signed number, -128 to 127.
    pub fn i32_small(&mut self) -> i32 {
        i32::from(self.byte() as i8)
    }

    /// The next `len` bytes, fewer at the end.
    pub fn bytes(&mut self, len: usize) -> &'a [u8] {
        let (taken, rest) = self.data.split_at(len.min(self.data.len()));
        self.data = rest;
        taken
    }
}
