//! dlshogi's move labels (cshogi `dlshogi.make_move_label`): 27 move classes x 81 destination
//! cells = 2,187 labels, from the mover's point of view.
//!
//! Label = `class * 81 + cell`, where `cell` is the destination in HCP numbering ((file - 1) * 9 +
//! rank - 1), turned half a turn (`80 - cell`) for White. The class of a board move is its direction
//! as the mover sees it ("left" is towards file 9 for Black): up 0, up-left 1, up-right 2, left 3,
//! right 4, down 5, down-left 6, down-right 7, knight's jump left 8, right 9; a promotion adds 10.
//! A drop is class 20 + the kind in the order P L N S B R G.

use hayanagi::{Color, Move, PieceKind};

use crate::data::features::cell_of;

/// The number of labels.
pub const LABELS: usize = 27 * 81;

/// Why a move has no label: origin and destination on no line a piece moves along.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoDirection;

/// The label of `mv` played by `mover`.
///
/// # Errors
/// [`NoDirection`] for a board move that no piece makes (not on a file, rank or diagonal, and no
/// knight's jump); every legal move has a label.
pub fn move_label(mv: Move, mover: Color) -> Result<u16, NoDirection> {
    let turn = |cell: usize| if mover == Color::White { 80 - cell } else { cell };
    let to = turn(cell_of(mv.to()));
    let class = match (mv.from(), mv.drop_kind()) {
        (Some(from), _) => {
            let from = turn(cell_of(from));
            // Positive when moving towards file 1 (right) and rank a (up).
            let files = (from / 9) as i32 - (to / 9) as i32;
            let ranks = (from % 9) as i32 - (to % 9) as i32;
            let knight = ranks == 2 && files.abs() == 1;
            if !knight && files != 0 && ranks != 0 && files.abs() != ranks.abs() {
                return Err(NoDirection);
            }
            let direction = match (files.signum(), ranks.signum()) {
                _ if knight => 8 + (files > 0) as u16,
                (0, 1) => 0,
                (-1, 1) => 1,
                (1, 1) => 2,
                (-1, 0) => 3,
                (1, 0) => 4,
                (0, -1) => 5,
                (-1, -1) => 6,
                (1, -1) => 7,
                _ => return Err(NoDirection),
            };
            if mv.is_promotion() { direction + 10 } else { direction }
        }
        (None, kind) => {
            20 + match kind.unwrap_or(PieceKind::Pawn) {
                PieceKind::Pawn => 0,
                PieceKind::Lance => 1,
                PieceKind::Knight => 2,
                PieceKind::Silver => 3,
                PieceKind::Bishop => 4,
                PieceKind::Rook => 5,
                _ => 6,
            }
        }
    };
    Ok(class * 81 + to as u16)
}
