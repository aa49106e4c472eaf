//! Arbitrary bytes as a JKF record (JSON Kifu Format): the reader never panics, and what it accepts
//! writes back and reads again to the same game, variations included (`hayanagi_fuzz::records::check`).

#![no_main]

use hayanagi_records::Format;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| hayanagi_fuzz::records::check(data, Format::Jkf));
