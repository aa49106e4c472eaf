//! `Position::generate_legal_move_codes` (src/position/movegen/codes.rs, the C API's generation
//! into a caller's array): for every filter, on random games from rich starts, the codes written are
//! the list's moves in the list's order, the count is the list's length, and a short array gets
//! exactly the first codes with the rest of it untouched.

mod common;
#[path = "common/playout.rs"]
mod playout;

use hayanagi::{MoveFilter, MoveList, Position};
use playout::{BIASES, RICH_STARTS, playout};

/// Written into arrays before a call, to see what the call wrote.
const CANARY: u16 = 0x1234;

fn check(pos: &Position) {
    for filter in MoveFilter::ALL {
        let listed: Vec<u16> = pos.legal_moves_of(filter).iter().map(|mv| mv.to_bits()).collect();
        let mut codes = [CANARY; MoveList::CAPACITY];
        let n = pos.generate_legal_move_codes(filter, &mut codes);
        assert_eq!(n, listed.len(), "{filter} count on {pos}");
        assert_eq!(&codes[..n], &listed[..], "{filter} codes on {pos}");
        assert!(codes[n..].iter().all(|&c| c == CANARY), "{filter}: wrote past the moves on {pos}");
        // Short arrays: the first codes, nothing past the array's end, the whole count.
        for short in [0, 1, n / 2, n.saturating_sub(1)] {
            let mut buf = [CANARY; MoveList::CAPACITY + 1];
            let got = pos.generate_legal_move_codes(filter, &mut buf[..short]);
            assert_eq!(got, n, "{filter} count into {short} on {pos}");
            let written = short.min(n);
            assert_eq!(&buf[..written], &listed[..written], "{filter} first codes into {short} on {pos}");
            assert!(buf[written..].iter().all(|&c| c == CANARY), "{filter}: wrote past {short} codes on {pos}");
        }
    }
}

#[test]
fn codes_are_the_list_for_every_filter() {
    let mut positions = 0;
    for (i, start) in
        RICH_STARTS.iter().chain(["lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"].iter()).enumerate()
    {
        let start: Position = start.parse().expect("a valid start");
        for (j, &bias) in BIASES.iter().enumerate() {
            playout(&start, (i * 8 + j) as u64 + 1, bias, 40, |pos| {
                check(pos);
                positions += 1;
            });
        }
    }
    assert!(positions > 500, "only {positions} positions");
}
