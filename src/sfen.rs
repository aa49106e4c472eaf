//! SFEN: reading (strict, SPEC §2) and writing positions.

use core::fmt;

use crate::{Color, Position, Square};

/// A position written as SFEN with 4 fields; see [`Position::sfen`].
pub struct Sfen<'a>(&'a Position);

impl Position {
    /// The position as SFEN (board, side, hands, ply), for `Display`:
    ///
    /// ```
    /// use hayanagi::Position;
    /// assert_eq!(
    ///     Position::startpos().sfen().to_string(),
    ///     "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
    /// );
    /// ```
    pub fn sfen(&self) -> Sfen<'_> {
        Sfen(self)
    }
}

impl fmt::Display for Sfen<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pos = self.0;
        for row in 0..9 {
            if row > 0 {
                f.write_str("/")?;
            }
            let mut empty = 0;
            for col in 0..9 {
                let piece = Square::try_index(row * 9 + col).and_then(|square| pos.piece_at(square));
                match piece {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{piece}")?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
        }
        write!(f, " {} ", pos.side_to_move().to_sfen())?;
        let (black, white) = (pos.hand(Color::Black), pos.hand(Color::White));
        if black.is_empty() && white.is_empty() {
            f.write_str("-")?;
        } else {
            for (color, hand) in [(Color::Black, black), (Color::White, white)] {
                for kind in crate::hand::SFEN_ORDER {
                    let letter = match color {
                        Color::Black => kind.base_letter(),
                        Color::White => kind.base_letter().to_ascii_lowercase(),
                    };
                    match hand.count(kind) {
                        0 => {}
                        1 => write!(f, "{letter}")?,
                        n => write!(f, "{n}{letter}")?,
                    }
                }
            }
        }
        write!(f, " {}", pos.ply())
    }
}
