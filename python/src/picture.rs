//! Pictures of a position: the text diagram of `str(board)` and the SVG of `board._repr_svg_()`
//! (what Jupyter shows): the board with its pieces in kanji (White's turned round, promoted ones in
//! red), both hands, file and rank labels, and the last move's squares highlighted.

use core::fmt::Write as _;

use hayanagi::{Color, Move, PieceKind, Position, Square};

/// Hand kinds in the order diagrams list them (the most valuable first, as SFEN writes hands).
const HAND_ORDER: [PieceKind; 7] = [
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Gold,
    PieceKind::Silver,
    PieceKind::Knight,
    PieceKind::Lance,
    PieceKind::Pawn,
];

const RANK_NAMES: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

fn hand_text(pos: &Position, color: Color) -> String {
    let hand = pos.hand(color);
    let items: Vec<String> = HAND_ORDER
        .iter()
        .filter(|&&kind| hand.count(kind) > 0)
        .map(|&kind| match hand.count(kind) {
            1 => kind.base_letter().to_string(),
            n => format!("{}{n}", kind.base_letter()),
        })
        .collect();
    if items.is_empty() { "-".to_owned() } else { items.join(" ") }
}

/// The text diagram: White's hand, the board in SFEN letters (rank a at the top, file 9 on the
/// left, `.` for an empty square), Black's hand, the side to move and the ply.
pub(crate) fn diagram(pos: &Position) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "white hand: {}", hand_text(pos, Color::White));
    out.push_str("   9  8  7  6  5  4  3  2  1\n");
    for (row, squares) in pos.board().chunks(9).enumerate() {
        for piece in squares {
            match piece {
                Some(piece) => {
                    let _ = write!(out, "{:>3}", piece.to_string());
                }
                None => out.push_str("  ."),
            }
        }
        let _ = writeln!(out, "  {}", char::from(b'a' + row as u8));
    }
    let _ = writeln!(out, "black hand: {}", hand_text(pos, Color::Black));
    let _ = write!(out, "{} to move, ply {}", color_name(pos.side_to_move()), pos.ply());
    out
}

const CELL_W: i32 = 40;
const CELL_H: i32 = 44;
const HAND_W: i32 = 44;
const GAP: i32 = 8;
const TOP: i32 = 26;
const BOARD_X: i32 = HAND_W + GAP;
const BOARD_W: i32 = CELL_W * 9;
const BOARD_H: i32 = CELL_H * 9;
const LABEL_W: i32 = 24;
const WIDTH: i32 = BOARD_X + BOARD_W + LABEL_W + GAP + HAND_W;
const HEIGHT: i32 = TOP + BOARD_H + 12;
const HAND_ITEM: i32 = 40;
const FONT: &str =
    "'Noto Serif CJK JP','Noto Sans CJK JP','IPAexMincho','IPAMincho','Hiragino Mincho ProN','Yu Mincho',serif";

fn cell_origin(square: Square) -> (i32, i32) {
    let index = square.index() as i32;
    (BOARD_X + (index % 9) * CELL_W, TOP + (index / 9) * CELL_H)
}

/// One hand as a column of kanji with counts, the side's mark (☗/☖) first; Black's column on the
/// right, ending at the bottom; White's on the left, from the top, turned round.
fn svg_hand(out: &mut String, pos: &Position, color: Color) {
    let hand = pos.hand(color);
    let kinds: Vec<PieceKind> = HAND_ORDER.iter().copied().filter(|&kind| hand.count(kind) > 0).collect();
    let mark = match color {
        Color::Black => '☗',
        Color::White => '☖',
    };
    let to_move = pos.side_to_move() == color;
    let mut items: Vec<(String, u8)> = vec![(mark.to_string(), 0)];
    items.extend(kinds.iter().map(|&kind| (kind.japanese_char().to_string(), hand.count(kind))));
    let n = items.len() as i32;
    let (x, first_y, turned) = match color {
        Color::Black => (WIDTH - HAND_W / 2, TOP + BOARD_H - n * HAND_ITEM, false),
        Color::White => (HAND_W / 2, TOP, true),
    };
    let _ = write!(out, r#"<g class="hand {}">"#, color_name(color));
    for (i, (name, count)) in items.iter().enumerate() {
        let cy = first_y + i as i32 * HAND_ITEM + HAND_ITEM / 2;
        let (size, weight) = if i == 0 { (26, if to_move { "bold" } else { "normal" }) } else { (26, "normal") };
        let turn = if turned { format!(r#" transform="rotate(180 {x} {cy})""#) } else { String::new() };
        let _ = write!(
            out,
            r#"<text x="{x}" y="{}" font-size="{size}" font-weight="{weight}" text-anchor="middle"{turn}>{name}</text>"#,
            cy + size * 7 / 20
        );
        if *count > 1 {
            let (cx, ty) = if turned { (x - 14, cy - 10) } else { (x + 14, cy + 18) };
            let _ = write!(out, r#"<text x="{cx}" y="{ty}" font-size="14" text-anchor="middle">{count}</text>"#);
        }
    }
    out.push_str("</g>");
}

/// The SVG picture (488 x 434 user units, scaled by `scale`), with the squares of `last` (the last
/// move) highlighted.
pub(crate) fn svg(pos: &Position, last: Option<Move>, scale: f64) -> String {
    let mut out = String::with_capacity(8 * 1024);
    let (w, h) = (f64::from(WIDTH) * scale, f64::from(HEIGHT) * scale);
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{w}" height="{h}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="{FONT}">"#
    );
    let _ = write!(out, r##"<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>"##);
    let _ = write!(
        out,
        r##"<rect x="{BOARD_X}" y="{TOP}" width="{BOARD_W}" height="{BOARD_H}" fill="#f2d18c" stroke="#222" stroke-width="2"/>"##
    );
    if let Some(mv) = last {
        let squares = [mv.from().map(|from| (from, "#f8e7a6")), Some((mv.to(), "#f0c14b"))];
        for (square, fill) in squares.into_iter().flatten() {
            let (x, y) = cell_origin(square);
            let _ =
                write!(out, r#"<rect class="last" x="{x}" y="{y}" width="{CELL_W}" height="{CELL_H}" fill="{fill}"/>"#);
        }
    }
    out.push_str(r##"<g stroke="#222" stroke-width="1">"##);
    for i in 1..9 {
        let x = BOARD_X + i * CELL_W;
        let y = TOP + i * CELL_H;
        let _ = write!(out, r#"<line x1="{x}" y1="{TOP}" x2="{x}" y2="{}"/>"#, TOP + BOARD_H);
        let _ = write!(out, r#"<line x1="{BOARD_X}" y1="{y}" x2="{}" y2="{y}"/>"#, BOARD_X + BOARD_W);
    }
    out.push_str("</g>");
    for (i, j) in [(3, 3), (3, 6), (6, 3), (6, 6)] {
        let _ = write!(out, r##"<circle cx="{}" cy="{}" r="3" fill="#222"/>"##, BOARD_X + i * CELL_W, TOP + j * CELL_H);
    }
    out.push_str(r##"<g font-size="16" fill="#222" text-anchor="middle">"##);
    for col in 0..9 {
        let _ = write!(out, r#"<text x="{}" y="{}">{}</text>"#, BOARD_X + col * CELL_W + CELL_W / 2, TOP - 8, 9 - col);
    }
    for (row, name) in RANK_NAMES.iter().enumerate() {
        let row = row as i32;
        let _ = write!(
            out,
            r#"<text x="{}" y="{}">{name}</text>"#,
            BOARD_X + BOARD_W + LABEL_W / 2 + 2,
            TOP + row * CELL_H + CELL_H / 2 + 6
        );
    }
    out.push_str("</g>");
    out.push_str(r#"<g class="pieces" font-size="30" text-anchor="middle">"#);
    for square in Square::ALL {
        let Some(piece) = pos.piece_at(square) else { continue };
        let (x, y) = cell_origin(square);
        let (cx, cy) = (x + CELL_W / 2, y + CELL_H / 2);
        let fill = if piece.kind().is_promoted() { "#c00000" } else { "#111111" };
        let turn = match piece.color() {
            Color::Black => String::new(),
            Color::White => format!(r#" transform="rotate(180 {cx} {cy})""#),
        };
        let _ = write!(
            out,
            r#"<text x="{cx}" y="{}" fill="{fill}"{turn}>{}</text>"#,
            cy + 10,
            piece.kind().japanese_char()
        );
    }
    out.push_str("</g>");
    svg_hand(&mut out, pos, Color::White);
    svg_hand(&mut out, pos, Color::Black);
    out.push_str("</svg>");
    out
}
