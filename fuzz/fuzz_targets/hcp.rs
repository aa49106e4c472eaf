//! Arbitrary bytes as a packed position (Hcp; the first 32 bytes) and 16-bit move codes for it (the rest):
//! see `hayanagi_fuzz::packed::check_packed_position`.

#![no_main]

use hayanagi::PackedFormat;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| hayanagi_fuzz::packed::check_packed_position(PackedFormat::Hcp, data));
