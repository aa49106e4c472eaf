//! Training data in whole arrays: the record formats of the numpy dtypes, dlshogi's features and
//! move labels, validation, conversion and deduplication, split over threads. Plain Rust over byte
//! slices, without Python: `bind` makes the Python functions of them.

pub mod batch;
pub mod bind;
pub mod features;
pub mod labels;
pub mod parallel;
pub mod records;
pub mod stream;

#[cfg(test)]
mod tests;
