//! Engine evaluations that GUIs and servers write into move comments, read into a score and a
//! line: Floodgate's and 電竜戦's CSA `'** 30 -3334FU +2726FU` (`'*` too), ShogiGUI's KIF
//! `**解析 0 ○ 候補1 ... 評価値 30 読み筋 ▲７六歩(77) △３四歩(33)`, and ShogiHome's `#評価値=30`
//! with `#読み筋=▲７六歩△３四歩`.

use crate::RecordMove;

/// A score as the comment writes it: centipawns, or mate in a number of plies (`詰`, `#`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// An evaluation in centipawns (the writer's point of view: Floodgate's and ShogiGUI's are
    /// Black's).
    Centipawns(i32),
    /// Mate in this many plies (negative: the other side mates).
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
        let plies = integer(mate).unwrap_or(0);
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
        // ShogiHome's two lines, gathered.
        let (mut home_score, mut home_line) = (None, Vec::new());
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
            // ShogiGUI (KIF): `*解析 0 ○ 候補1 ... 評価値 30 読み筋 ▲７六歩(77) ...` (one `*` is
            // the KIF comment mark).
            if comment.starts_with("*解析") || comment.starts_with("解析") {
                let value = comment.split_once("評価値").map(|(_, r)| r.trim_start());
                let value = value.map(|r| r.split_once("読み筋").map_or(r, |(v, _)| v));
                if let Some(score) = value.and_then(score) {
                    let line = comment.split_once("読み筋").map_or(Vec::new(), |(_, r)| japanese_line(r));
                    return Some(Evaluation { score, line });
                }
            }
            // ShogiHome (KIF): `#評価値=30` and `#読み筋=▲７六歩△３四歩` on lines of their own.
            if let Some(value) = comment.strip_prefix("#評価値=").and_then(score) {
                home_score = Some(value);
            } else if let Some(line) = comment.strip_prefix("#読み筋=") {
                home_line = japanese_line(line);
            }
        }
        home_score.map(|score| Evaluation { score, line: home_line })
    }
}
