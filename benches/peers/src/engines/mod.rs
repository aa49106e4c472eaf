//! The move generators under test, each driven through its own crate's public legal-move API.
//!
//! Every engine counts the same thing, legal move sequences, with no hash table, in two modes:
//! bulk counts the last ply from the legal move list without playing it; nobulk plays every leaf move.
//! The recursions for the peers are written here the way each crate's documentation and examples drive it:
//! make/unmake for the crates that have it, copy-make (clone the board, play into the copy) for the others.

mod haitaka;
mod hayanagi;
mod lite;
mod rshogi_core;
mod rsshogi;
mod shunsai;

use std::fmt;

/// How the last ply is counted.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// The last ply's legal moves are counted, not played.
    Bulk,
    /// Every leaf move is played (and taken back, or its copy dropped).
    NoBulk,
}

impl Mode {
    pub const ALL: [Mode; 2] = [Mode::Bulk, Mode::NoBulk];

    pub fn parse(text: &str) -> Option<Mode> {
        match text {
            "bulk" => Some(Mode::Bulk),
            "nobulk" => Some(Mode::NoBulk),
            _ => None,
        }
    }

    pub fn is_bulk(self) -> bool {
        self == Mode::Bulk
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // `pad` so the table and progress lines can align it.
        f.pad(if self.is_bulk() { "bulk" } else { "nobulk" })
    }
}

/// One engine, set up on one position, ready to count.
pub trait Perft {
    /// The number of legal move sequences of length `depth`; the position is the same afterwards.
    fn perft(&mut self, depth: u32, mode: Mode) -> u64;
}

/// A move generator this benchmark can run.
pub struct Engine {
    /// What the command line and the table call it.
    pub name: &'static str,
    /// The crate, its version and the calls used.
    pub about: &'static str,
    /// The modes it can run; a crate's own perft function has only the mode it implements.
    pub modes: &'static [Mode],
    /// Sets the engine up on an SFEN; the error says why the crate refused it.
    pub setup: fn(&str) -> Result<Box<dyn Perft>, String>,
}

/// hayanagi first: every other engine's time is compared with it.
pub const ENGINES: &[Engine] = &[
    Engine {
        name: "hayanagi",
        about: "this repository: Position::from_sfen + Position::perft(depth, bulk)",
        modes: &Mode::ALL,
        setup: hayanagi::setup,
    },
    Engine {
        name: "shunsai",
        about: "shunsai 0.1.2: Position::generate_moves (one MoveSet per origin, kept in a per-ply buffer) + do_move / undo_move; bulk counts MoveSet::len",
        modes: &Mode::ALL,
        setup: shunsai::setup,
    },
    Engine {
        name: "haitaka",
        about: "haitaka 0.3.2: Board::generate_moves (callback) + clone and play_unchecked (copy-make)",
        modes: &Mode::ALL,
        setup: haitaka::setup,
    },
    Engine {
        name: "rsshogi",
        about: "rsshogi 1.7.3: generate_legal_all_move32 + apply_move32 / undo_move32_unchecked",
        modes: &Mode::ALL,
        setup: rsshogi::setup,
    },
    Engine {
        name: "rsshogi-perft",
        about: "rsshogi 1.7.3: the crate's own board::perft::compute_perft (bulk only, depth 2 unrolled)",
        modes: &[Mode::Bulk],
        setup: rsshogi::setup_own_perft,
    },
    Engine {
        name: "rshogi-core",
        about: "rshogi-core 0.8.1: movegen::generate_legal_all + gives_check / do_move / undo_move",
        modes: &Mode::ALL,
        setup: rshogi_core::setup,
    },
    Engine {
        name: "lite",
        about: "shogi_core 0.1.5 + shogi_legality_lite 0.1.3: all_legal_moves_partial + clone and make_move",
        modes: &Mode::ALL,
        setup: lite::setup,
    },
];

pub fn find(name: &str) -> Option<&'static Engine> {
    ENGINES.iter().find(|engine| engine.name == name)
}
