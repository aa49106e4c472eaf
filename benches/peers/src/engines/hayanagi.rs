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
    // Until `Position::from_sfen` lands on main, only the start position can be set up.
    let startpos = Position::startpos();
    if sfen.split_whitespace().ne(startpos.sfen().to_string().split_whitespace()) {
        return Err("this build has no SFEN parser yet: only startpos".to_string());
    }
    let position = startpos;
    Ok(Box::new(Hayanagi(position)))
}
