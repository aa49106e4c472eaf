//! Named starts: KIF's `手合割` names and CSA's `PI` with removed pieces, over the core's
//! [`Handicap`] table (the even game is `平手`, which the core has as the start position).

use hayanagi::{Color, Handicap, Position, Square};

/// The `手合割` name of `pos`: `平手` for the start position, a handicap's Japanese name, or `None`.
pub(crate) fn kif_name(pos: &Position) -> Option<&'static str> {
    if pos.same_position(&Position::startpos()) {
        return Some("平手");
    }
    Handicap::of(pos).map(Handicap::japanese)
}

/// The start of a `手合割` name (`香落`, without ち, is read too); `None` for `その他` and unknown
/// names.
pub(crate) fn from_kif_name(name: &str) -> Option<(Position, Option<Handicap>)> {
    let name = name.trim_matches([' ', '\u{3000}']);
    if name == "平手" {
        return Some((Position::startpos(), None));
    }
    let handicap = name.parse::<Handicap>().ok().or_else(|| format!("{name}ち").parse::<Handicap>().ok())?;
    Some((handicap.position(), Some(handicap)))
}

/// The squares whose pieces `pos` lacks against the start position, when that is all that differs
/// (empty hands; any side to move): what CSA's `PI` line lists.
pub(crate) fn removed(pos: &Position) -> Option<Vec<Square>> {
    let even = Position::startpos();
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
