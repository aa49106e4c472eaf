//! rshogi-core (a search engine's core): a legal move list with non-promotions, then make/unmake.

use rshogi_core::movegen::{MoveList, generate_legal_all};
use rshogi_core::position::Position;

use super::{Mode, Perft};

struct RshogiCore(Position);

fn perft(position: &mut Position, depth: u32, mode: Mode) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    // `generate_legal` leaves out the non-promotions a search never wants; perft counts them all.
    generate_legal_all(position, &mut list);
    if depth == 1 && mode.is_bulk() {
        return list.len() as u64;
    }
    let mut nodes = 0;
    for &mv in list.iter() {
        let gives_check = position.gives_check(mv);
        position.do_move(mv, gives_check);
        nodes += perft(position, depth - 1, mode);
        position.undo_move(mv);
    }
    nodes
}

impl Perft for RshogiCore {
    fn perft(&mut self, depth: u32, mode: Mode) -> u64 {
        perft(&mut self.0, depth, mode)
    }
}

pub fn setup(sfen: &str) -> Result<Box<dyn Perft>, String> {
    rshogi_core::bitboard::init_bitboard_tables();
    let mut position = Position::new();
    position.set_sfen(sfen).map_err(|error| format!("{error:?}"))?;
    Ok(Box::new(RshogiCore(position)))
}
