//! A short tour: `cargo run --release --example tour`.
//!
//! Puts a few pieces on a board and prints what each attacks, as the library computes it from its
//! build-time magic tables.

use hayanagi::{Bitboard, Color, Piece, PieceKind, Square, attacks, between, bitboard, zobrist};

fn main() {
    // Some occupied squares, as in an opening position.
    let occupied = bitboard! {
        X X X X X X X X X
        . X . . . . . X .
        X X X X X X X X X
        . . . . . . . . .
        . . . . . . . . .
        . . X . . . . . .
        X X . X X X X X X
        . X . . . . . X .
        X X X X X X X X X
    };
    println!("occupied squares:\n{occupied}");
    for (color, kind, square) in [
        (Color::Black, PieceKind::Bishop, Square::SQ_8H),
        (Color::Black, PieceKind::Rook, Square::SQ_2H),
        (Color::White, PieceKind::Lance, Square::SQ_1A),
        (Color::Black, PieceKind::Knight, Square::SQ_2I),
        (Color::White, PieceKind::Horse, Square::SQ_5E),
    ] {
        let piece = Piece::new(color, kind);
        let set = attacks(piece, square, occupied.with(square));
        println!("{color} {kind:?} ({piece}) on {square} attacks {} squares:\n{set}", set.count());
    }
    let line = between(Square::SQ_8H, Square::SQ_2B);
    println!("between 8h and 2b ({} squares):\n{line}", line.count());
    let key = zobrist::board(Piece::new(Color::Black, PieceKind::King), Square::SQ_5I)
        ^ zobrist::board(Piece::new(Color::White, PieceKind::King), Square::SQ_5A);
    println!("Zobrist key of two kings on 5i and 5a, Black to move: {key:016x}");
    println!("Bitboard size: {} bytes", core::mem::size_of::<Bitboard>());
}
