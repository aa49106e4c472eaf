//! Packed binary formats of the training-data ecosystems: 32-byte positions (HCP of Apery and cshogi,
//! PackedSfen of YaneuraOu), their 16-bit move codes, and the fixed-size records built on them (hcpe,
//! PSV), read and written through caller buffers without allocation.

pub(crate) mod codes;
pub(crate) mod move16;
pub(crate) mod position;
pub(crate) mod records;
