//! Arbitrary bytes as a stream of training records (hcpe, PSV): the first byte chooses hcpe (even) or PSV (odd) and
//! the chunk size for the chunked reader (1 to 64); the rest is the stream. See
//! `hayanagi_fuzz::packed::check_records`.

#![no_main]

use hayanagi::{Hcpe, Psv};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, stream)) = data.split_first() else { return };
    let chunk = (first >> 1) as usize % 64 + 1;
    if first & 1 == 0 {
        hayanagi_fuzz::packed::check_records::<Hcpe>(stream, chunk);
    } else {
        hayanagi_fuzz::packed::check_records::<Psv>(stream, chunk);
    }
});
