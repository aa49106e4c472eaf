//! A second, slow legal move generator written straight from the rules, for checking the library's.
//!
//! It works on a plain copy of the position (an array board and hand counts), finds attacks with the
//! rule-book ray walk of `naive_attacks`, and decides legality by playing each candidate on the copy
//! and looking for an attack on the king — none of the library's pin, check or drop logic is used.

#![allow(dead_code)]

use hayanagi::{Color, Piece, PieceKind, Position, Square};

use crate::common::naive_attacks;

#[derive(Clone)]
pub struct Plain {
    pub board: [Option<Piece>; 81],
    pub hands: [[u8; 7]; 2],
    pub side: Color,
}

impl Plain {
    pub fn of(pos: &Position) -> Plain {
        let mut hands = [[0; 7]; 2];
        for color in Color::ALL {
            for kind in PieceKind::HAND {
                hands[color.index()][kind.index()] = pos.hand(color).count(kind);
            }
        }
        Plain { board: *pos.board(), hands, side: pos.side_to_move() }
    }

    fn occupied(&self) -> hayanagi::Bitboard {
        Square::ALL.iter().filter(|s| self.board[s.index()].is_some()).copied().collect()
    }

    fn king(&self, color: Color) -> Option<Square> {
        Square::ALL.into_iter().find(|s| self.board[s.index()] == Some(Piece::new(color, PieceKind::King)))
    }

    /// True when `color`'s king is attacked by any enemy piece.
    pub fn king_attacked(&self, color: Color) -> bool {
        let Some(king) = self.king(color) else { return false };
        let occupied = self.occupied();
        Square::ALL.into_iter().any(|s| match self.board[s.index()] {
            Some(p) if p.color() != color => naive_attacks(p.color(), p.kind(), s, occupied).contains(king),
            _ => false,
        })
    }

    /// Rows (0 = rank a) from which `color`'s piece of `kind` could never move again.
    fn dead(color: Color, kind: PieceKind, square: Square) -> bool {
        let row = square.rank().index() as i32;
        let forward_rows_left = if color == Color::Black { row } else { 8 - row };
        match kind {
            PieceKind::Pawn | PieceKind::Lance => forward_rows_left == 0,
            PieceKind::Knight => forward_rows_left <= 1,
            _ => false,
        }
    }

    fn in_zone(color: Color, square: Square) -> bool {
        let row = square.rank().index();
        if color == Color::Black { row <= 2 } else { row >= 6 }
    }

    fn apply(&self, mv: &Candidate) -> Plain {
        let mut next = self.clone();
        let us = self.side;
        match *mv {
            Candidate::Board { from, to, promote } => {
                let piece = next.board[from.index()].take().unwrap();
                if let Some(captured) = next.board[to.index()]
                    && captured.kind() != PieceKind::King
                {
                    next.hands[us.index()][captured.kind().unpromote().index()] += 1;
                }
                let kind = if promote { piece.kind().promote().unwrap() } else { piece.kind() };
                next.board[to.index()] = Some(Piece::new(us, kind));
            }
            Candidate::Drop { kind, to } => {
                next.hands[us.index()][kind.index()] -= 1;
                next.board[to.index()] = Some(Piece::new(us, kind));
            }
        }
        next.side = us.flip();
        next
    }

    fn candidates(&self) -> Vec<Candidate> {
        let us = self.side;
        let occupied = self.occupied();
        let mut out = Vec::new();
        for from in Square::ALL {
            let Some(piece) = self.board[from.index()] else { continue };
            if piece.color() != us {
                continue;
            }
            for to in naive_attacks(us, piece.kind(), from, occupied) {
                if matches!(self.board[to.index()], Some(p) if p.color() == us) {
                    continue;
                }
                let can_promote =
                    piece.kind().promote().is_some() && (Self::in_zone(us, from) || Self::in_zone(us, to));
                if can_promote {
                    out.push(Candidate::Board { from, to, promote: true });
                }
                if !Self::dead(us, piece.kind(), to) {
                    out.push(Candidate::Board { from, to, promote: false });
                }
            }
        }
        for kind in PieceKind::HAND {
            if self.hands[us.index()][kind.index()] == 0 {
                continue;
            }
            for to in Square::ALL {
                if self.board[to.index()].is_some() || Self::dead(us, kind, to) {
                    continue;
                }
                if kind == PieceKind::Pawn {
                    let file = to.file();
                    let nifu = Square::ALL
                        .into_iter()
                        .any(|s| s.file() == file && self.board[s.index()] == Some(Piece::new(us, PieceKind::Pawn)));
                    if nifu {
                        continue;
                    }
                }
                out.push(Candidate::Drop { kind, to });
            }
        }
        out
    }

    /// Legal moves, ignoring the pawn-drop-mate rule (enough to know whether replies exist).
    fn legal_ignoring_uchifuzume(&self) -> Vec<(Candidate, Plain)> {
        self.candidates()
            .into_iter()
            .filter_map(|c| {
                let next = self.apply(&c);
                (!next.king_attacked(self.side)).then_some((c, next))
            })
            .collect()
    }

    /// Every legal move in USI, sorted by byte order.
    pub fn legal_moves(&self) -> Vec<String> {
        self.classified_moves().into_iter().map(|m| m.usi).collect()
    }

    /// Every legal move with what the rule book says of it, sorted by USI byte order.
    pub fn classified_moves(&self) -> Vec<RuleMove> {
        let mut moves: Vec<RuleMove> = self
            .legal_ignoring_uchifuzume()
            .into_iter()
            .filter(|(c, next)| {
                // Uchifuzume: a pawn drop that checks and leaves no reply is illegal.
                !(matches!(c, Candidate::Drop { kind: PieceKind::Pawn, .. })
                    && next.king_attacked(next.side)
                    && next.legal_ignoring_uchifuzume().is_empty())
            })
            .map(|(c, next)| RuleMove {
                usi: c.usi(),
                capture: matches!(c, Candidate::Board { to, .. } if self.board[to.index()].is_some()),
                drop: matches!(c, Candidate::Drop { .. }),
                check: next.king_attacked(next.side),
            })
            .collect();
        moves.sort_by(|a, b| a.usi.cmp(&b.usi));
        moves
    }
}

/// A legal move as the rule book sees it: captures a piece, is a drop, leaves the enemy king attacked.
#[derive(Clone, Debug)]
pub struct RuleMove {
    pub usi: String,
    pub capture: bool,
    pub drop: bool,
    pub check: bool,
}

pub enum Candidate {
    Board { from: Square, to: Square, promote: bool },
    Drop { kind: PieceKind, to: Square },
}

impl Candidate {
    fn usi(&self) -> String {
        match *self {
            Candidate::Board { from, to, promote } => format!("{from}{to}{}", if promote { "+" } else { "" }),
            Candidate::Drop { kind, to } => format!("{}*{to}", kind.base_letter()),
        }
    }
}
