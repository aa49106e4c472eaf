//! rsshogi: a legal move list, then make/unmake with the crate's perft-speed undo.

use rsshogi::board::{self, Move32List, Position, generate_legal_all_move32};

use super::{Mode, Perft};

struct Rsshogi(Position);

fn perft(position: &mut Position, depth: u32, mode: Mode) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = Move32List::new();
    generate_legal_all_move32(position, &mut list);
    if depth == 1 && mode.is_bulk() {
        return list.len() as u64;
    }
    let mut nodes = 0;
    for &mv in list.iter() {
        position.apply_move32(mv);
        nodes += perft(position, depth - 1, mode);
        // SAFETY: `mv` is the move just applied, so the state stack holds its entry; this is the undo the
        // crate's own perft uses (the checked `undo_move32` would make the peer look slower than it is).
        unsafe { position.undo_move32_unchecked(mv) };
    }
    nodes
}

impl Perft for Rsshogi {
    fn perft(&mut self, depth: u32, mode: Mode) -> u64 {
        perft(&mut self.0, depth, mode)
    }
}

/// The crate's own perft function: bulk counting, with its depth-2 shortcut.
struct RsshogiOwnPerft(Position);

impl Perft for RsshogiOwnPerft {
    fn perft(&mut self, depth: u32, _mode: Mode) -> u64 {
        let depth = u8::try_from(depth).expect("perft depth fits a u8");
        board::perft::compute_perft(&mut self.0, depth)
    }
}

fn position(sfen: &str) -> Result<Position, String> {
    // Builds the lazily built attack tables now rather than inside the first timed run.
    board::init();
    let mut position = board::position_from_sfen(sfen).map_err(|error| format!("{error:?}"))?;
    position.init_stack();
    Ok(position)
}

pub fn setup(sfen: &str) -> Result<Box<dyn Perft>, String> {
    Ok(Box::new(Rsshogi(position(sfen)?)))
}

pub fn setup_own_perft(sfen: &str) -> Result<Box<dyn Perft>, String> {
    Ok(Box::new(RsshogiOwnPerft(position(sfen)?)))
}
