//! Named starts: KIF's `手合割` names and CSA's `PI` with removed pieces, over the core's
//! [`Handicap`] table (the even game is `平手`, which the core has as the start position).

use hayanagi::{Color, File, Handicap, Position, Rank, Setup, Square};

/// The `手合割` name of `pos`: `平手` for the start position, a handicap's Japanese name, or `None`.
pub(crate) fn kif_name(pos: &Position) -> Option<&'static str> {
    if pos.same_position(&crate::startpos()) {
        return Some("平手");
    }
    if pos.same_position(&dragonfly()) {
        return Some("トンボ");
    }
    crate::handicap_of(pos).map(Handicap::japanese)
}

/// トンボ (トンボ落ち, dragonfly): White keeps the king, the rook, the bishop and the pawns; White
/// moves first. No [`Handicap`] of the core; read and written by name here.
fn dragonfly() -> Position {
    let mut setup = Setup::from(&crate::startpos());
    for file in [1, 2, 3, 4, 6, 7, 8, 9] {
        if let Some(file) = File::new(file) {
            setup.board[Square::new(file, Rank::ALL[0]).index()] = None;
        }
    }
    setup.side_to_move = Color::White;
    // The even start less some of White's pieces is always a valid position.
    crate::validate(&setup).unwrap_or_else(|_| crate::startpos())
}

/// The start of a `手合割` name (`香落`, without ち, is read too); `None` for `その他` and unknown
/// names.
pub(crate) fn from_kif_name(name: &str) -> Option<(Position, Option<Handicap>)> {
    let name = name.trim_matches([' ', '\u{3000}']);
    match name {
        "平手" => return Some((crate::startpos(), None)),
        "トンボ" | "トンボ落ち" => return Some((dragonfly(), None)),
        _ => {}
    }
    // Short names real files use: 飛落ち for 飛車落ち, 香落 without ち.
    let name = if name == "飛落ち" || name == "飛落" { "飛車落ち" } else { name };
    let handicap = name.parse::<Handicap>().ok().or_else(|| format!("{name}ち").parse::<Handicap>().ok())?;
    Some((handicap.position(), Some(handicap)))
}

/// The squares whose pieces `pos` lacks against the start position, when that is all that differs
/// (empty hands; any side to move): what CSA's `PI` line lists.
pub(crate) fn removed(pos: &Position) -> Option<Vec<Square>> {
    let even = crate::startpos();
    if Color::ALL.iter().any(|&c| !pos.hand(c).is_empty()) {
        return None;
    }
    let mut out = Vec::new();
    for sq in Square::ALL {
        match (even.piece_at(sq), pos.piece_at(sq)) {
            (a, b) if a == b => {}
            (Some(_), None) => out.push(sq),
            _ => return None,
        }
    }
    Some(out)
}
