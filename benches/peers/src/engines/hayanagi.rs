//! hayanagi, through the library's own perft.

use hayanagi::Position;

use super::{Mode, Perft};

struct Hayanagi(Position);

impl Perft for Hayanagi {
    fn perft(&mut self, depth: u32, mode: Mode) -> u64 {
        self.0.perft(depth, mode.is_bulk())
    }
}

pub fn setup(sfen: &str) -> Result<Box<dyn Perft>, String> {
    let position = Position::from_sfen(sfen).map_err(|error| error.to_string())?;
    Ok(Box::new(Hayanagi(position)))
}
