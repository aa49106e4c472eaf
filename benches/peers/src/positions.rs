//! The named benchmark positions and the perft counts docs/RULES.md R114 gives for them.

/// A position the command line can name instead of spelling out its SFEN.
pub struct NamedPosition {
    pub name: &'static str,
    pub sfen: &'static str,
    /// `(depth, nodes)` from docs/RULES.md R114; every engine's count is checked against these.
    pub known: &'static [(u32, u64)],
}

pub const NAMED: &[NamedPosition] = &[
    NamedPosition {
        name: "startpos",
        sfen: "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        known: &[(1, 30), (2, 900), (3, 25_470), (4, 719_731), (5, 19_861_490), (6, 547_581_517)],
    },
    NamedPosition {
        name: "matsuri",
        sfen: "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        known: &[(1, 207), (2, 28_684), (3, 4_809_015), (4, 516_925_165)],
    },
    NamedPosition {
        // The position with the most legal moves known: 593.
        name: "maxmoves",
        sfen: "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
        known: &[(1, 593)],
    },
];

/// The position to measure: a name from [`NAMED`], or an SFEN (with or without a leading `sfen `).
pub struct Target {
    pub label: String,
    pub sfen: String,
    pub known: &'static [(u32, u64)],
}

impl Target {
    pub fn resolve(arg: &str) -> Target {
        let arg = arg.trim();
        match NAMED.iter().find(|p| p.name == arg) {
            Some(p) => Target { label: p.name.to_string(), sfen: p.sfen.to_string(), known: p.known },
            None => {
                let sfen = arg.strip_prefix("sfen ").unwrap_or(arg).trim().to_string();
                Target { label: format!("`{sfen}`"), sfen, known: &[] }
            }
        }
    }

    /// The count docs/RULES.md R114 gives at `depth`, if it gives one.
    pub fn known_nodes(&self, depth: u32) -> Option<u64> {
        self.known.iter().find(|&&(d, _)| d == depth).map(|&(_, nodes)| nodes)
    }
}
