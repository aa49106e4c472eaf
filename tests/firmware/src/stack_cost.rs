//! What single library calls take from the stack (a measurement for the README, printed, not
//! checked: it depends on the compiler).

use core::hint::black_box;

use cortex_m_semihosting::hprintln;
use hayanagi::{MAX_SFEN_LEN, MoveList, Position, Undo};

use crate::stack;

const MATSURI: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";
const USI: &str = "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e";

pub fn measure() {
    let Ok(pos) = Position::from_sfen(MATSURI) else { return };
    let Some(&mv) = pos.legal_moves().first() else { return };
    let show = |name: &str, bytes: usize| hprintln!("     stack: {} {} bytes", name, bytes);
    hprintln!(
        "     size: Position {} bytes, MoveList {} bytes, Undo {} bytes",
        size_of::<Position>(),
        size_of::<MoveList>(),
        size_of::<Undo>()
    );
    show("Position::startpos()", stack::cost(Position::startpos));
    show("Position::from_sfen(<matsuri>)", stack::cost(|| Position::from_sfen(black_box(MATSURI))));
    show("Position::from_usi_position(<5 moves>)", stack::cost(|| Position::from_usi_position(black_box(USI))));
    show("pos.write_sfen(&mut [u8; MAX_SFEN_LEN])", stack::cost(|| black_box(&pos).write_sfen(&mut [0; MAX_SFEN_LEN])));
    show("pos.legal_moves()", stack::cost(|| black_box(&pos).legal_moves()));
    show(
        "pos.generate_legal_moves(&mut list), the list included",
        stack::cost(|| {
            let mut list = MoveList::new();
            black_box(&pos).generate_legal_moves(&mut list);
            black_box(list.len())
        }),
    );
    show("pos.count_legal_moves()", stack::cost(|| black_box(&pos).count_legal_moves()));
    show("pos.is_legal(mv)", stack::cost(|| black_box(&pos).is_legal(mv)));
    let mut copy = pos.clone();
    show(
        "pos.play(mv) + pos.undo(undo)",
        stack::cost(|| {
            if let Ok(undo) = black_box(&mut copy).play(mv) {
                let _ = copy.undo(undo);
            }
        }),
    );
    // One move list per level: the depth matters, not the position.
    for (depth, bulk) in [(1, false), (2, false), (3, false), (3, true), (4, true)] {
        let mut start = Position::startpos();
        let bytes = stack::cost(|| black_box(&mut start).perft(depth, bulk));
        hprintln!("     stack: startpos.perft({}, {}) {} bytes", depth, bulk, bytes);
    }
}
