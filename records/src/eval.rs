//! Engine evaluations that GUIs and servers write into move comments, read into a score and a
//! line: Floodgate's and 電竜戦's CSA `'** 30 -3334FU +2726FU` (`'*` too), ShogiGUI's KIF
//! `**解析 0 ○ 候補1 ... 評価値 30 読み筋 ▲７六歩(77) △３四歩(33)` (its analysis) and
//! `**対局 深さ 2 ノード数 960 評価値 30 読み筋 ▲７六歩(77)` (its games), and ShogiHome's
//! `#評価値=30` with `#読み筋=▲７六歩△３四歩` (its analysis; `*評価値=` and `*読み筋=` for the
//! engine that played, `#詰み=先手勝ち:15手` / `*詰み=後手勝ち:3手` for a mate).

use crate::RecordMove;

/// A score as the comment writes it: centipawns, or mate in a number of plies (`詰`, `#`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// An evaluation in centipawns (the writer's point of view: Floodgate's and ShogiGUI's are
    /// Black's).
    Centipawns(i32),
    /// Mate in this many plies, from the same point of view (negative: the other side mates; 0: the
    /// comment gives no length).
    Mate(i32),
}

/// An engine evaluation read from a move's comments: the score and the line (読み筋) as the
/// comment writes its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evaluation {
    /// The score.
    pub score: Score,
    /// The expected line, one move text each (`-3334FU`, `△３四歩(33)`), possibly empty.
    pub line: Vec<String>,
}

fn integer(text: &str) -> Option<i32> {
    let text = text.trim();
    let text = text.strip_prefix('+').unwrap_or(text);
    text.parse().ok()
}

/// `詰 5`, `+詰5`, `-詰 3`, `#5`, or a number.
fn score(text: &str) -> Option<Score> {
    let text = text.trim();
    let (negative, rest) = match text.strip_prefix('-') {
        Some(r) => (true, r.trim_start()),
        None => (false, text.strip_prefix('+').unwrap_or(text).trim_start()),
    };
    if let Some(mate) = rest.strip_prefix('詰').or_else(|| rest.strip_prefix('#')) {
        // `詰` alone: a mate of unknown length; anything but a number after it is no score.
        let plies = if mate.trim().is_empty() { 0 } else { integer(mate)? };
        return Some(Score::Mate(if negative { -plies } else { plies }));
    }
    integer(text).map(Score::Centipawns)
}

/// KIF-style moves run together or with spaces (`▲７六歩△３四歩`, `▲７六歩(77) △３四歩(33)`).
fn japanese_line(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for word in text.split([' ', '\u{3000}']).filter(|w| !w.is_empty()) {
        let mut current = String::new();
        for c in word.chars() {
            if matches!(c, '▲' | '△' | '☗' | '☖') && !current.is_empty() {
                out.push(std::mem::take(&mut current));
            }
            current.push(c);
        }
        if !current.is_empty() {
            out.push(current);
        }
    }
    out
}

impl RecordMove {
    /// The engine evaluation in this move's comments, if one is written in a common form.
    ///
    /// ```
    /// use hayanagi_records::{Record, Score};
    /// let record = Record::read_str("V2.2\nPI\n+\n+7776FU\nT3\n'** 30 -3334FU +2726FU\n", None)?;
    /// let eval = record.moves[0].evaluation().unwrap();
    /// assert_eq!((eval.score, eval.line.as_slice()), (Score::Centipawns(30), ["-3334FU".to_string(), "+2726FU".to_string()].as_slice()));
    /// # Ok::<(), hayanagi_records::ReadError>(())
    /// ```
    #[must_use]
    pub fn evaluation(&self) -> Option<Evaluation> {
        // ShogiHome's lines, gathered per mark: `*` (the engine that played) and `#` (analysis);
        // the mark whose score comes first wins.
        let mut home: [(Option<Score>, Vec<String>); 2] = [(None, Vec::new()), (None, Vec::new())];
        let mut first_home = None;
        for comment in &self.comments {
            // Floodgate / 電竜戦 (CSA): `* 30 -3334FU ...` or `** 30 ...` (the `'` is gone).
            if let Some(rest) = comment.strip_prefix("**").or_else(|| comment.strip_prefix('*'))
                && !rest.starts_with("解析")
            {
                let mut words = rest.split_whitespace();
                if let Some(score) = words.next().and_then(score) {
                    return Some(Evaluation { score, line: words.map(str::to_string).collect() });
                }
            }
            // ShogiGUI (KIF): `*解析 0 ○ 候補1 ... 評価値 30 読み筋 ▲７六歩(77) ...` when analysing,
            // `*対局 深さ 2 ... 評価値 30 読み筋 ...` in its games (one `*` is the KIF comment mark).
            let gui = comment.strip_prefix('*').unwrap_or(comment);
            if gui.starts_with("解析") || gui.starts_with("対局") {
                let value = comment.split_once("評価値").map(|(_, r)| r.trim_start());
                let value = value.map(|r| r.split_once("読み筋").map_or(r, |(v, _)| v));
                if let Some(score) = value.and_then(score) {
                    let line = comment.split_once("読み筋").map_or(Vec::new(), |(_, r)| japanese_line(r));
                    return Some(Evaluation { score, line });
                }
            }
            // ShogiHome (KIF): `#評価値=30`, `#読み筋=▲７六歩△３四歩`, `#詰み=先手勝ち:15手` on lines
            // of their own, `#` or `*`.
            let Some(mark) = comment.chars().next().and_then(|c| ['*', '#'].iter().position(|&m| m == c)) else {
                continue;
            };
            let rest = &comment[1..];
            let found = if let Some(value) = rest.strip_prefix("評価値=") {
                score(value)
            } else if let Some(value) = rest.strip_prefix("詰み=") {
                home_mate(value)
            } else {
                if let Some(line) = rest.strip_prefix("読み筋=") {
                    home[mark].1 = japanese_line(line);
                }
                None
            };
            if let Some(found) = found {
                // A mate line and a score line: the mate says more.
                if !matches!(home[mark].0, Some(Score::Mate(_))) {
                    home[mark].0 = Some(found);
                }
                first_home.get_or_insert(mark);
            }
        }
        let mark = first_home?;
        let (score, line) = std::mem::take(&mut home[mark]);
        score.map(|score| Evaluation { score, line })
    }
}

/// ShogiHome's `先手勝ち:15手` / `後手勝ち:3手` (Black's point of view; no length: 0).
fn home_mate(text: &str) -> Option<Score> {
    let (winner, plies) = text.split_once(':').unwrap_or((text, ""));
    let plies = plies.strip_suffix('手').and_then(integer).unwrap_or(0);
    match winner {
        "先手勝ち" => Some(Score::Mate(plies)),
        "後手勝ち" => Some(Score::Mate(-plies)),
        _ => None,
    }
}
