//! Whole arrays split over threads: contiguous runs of records, one run per thread, each writing
//! its own part of the output.

use std::thread;

/// The number of threads to use for `n` records when `threads` were asked for (0: one per core).
pub fn threads_for(n: usize, threads: usize) -> usize {
    let threads = if threads == 0 { thread::available_parallelism().map_or(1, |n| n.get()) } else { threads };
    // Below a few thousand records a thread costs more than it saves.
    threads.min(n.div_ceil(2048)).max(1)
}

/// Runs `work(first_index, input_run, output_run)` over runs of `input` (records of `in_size` bytes)
/// and the matching runs of `output` (`out_size` items per record), on up to `threads` threads.
/// Returns the error of the lowest-numbered failing run (each run stops at its first error).
pub fn rows<I: Sync, O: Send, E: Send>(
    input: &[I],
    in_size: usize,
    output: &mut [O],
    out_size: usize,
    threads: usize,
    work: impl Fn(usize, &[I], &mut [O]) -> Result<(), E> + Sync,
) -> Result<(), E> {
    let n = input.len() / in_size.max(1);
    let threads = threads_for(n, threads);
    if threads <= 1 {
        return work(0, input, output);
    }
    let per = n.div_ceil(threads);
    let results: Vec<Result<(), E>> = thread::scope(|scope| {
        let handles: Vec<_> = input
            .chunks(per * in_size)
            .zip(output.chunks_mut((per * out_size).max(1)))
            .enumerate()
            .map(|(run, (input, output))| {
                let work = &work;
                scope.spawn(move || work(run * per, input, output))
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect()
    });
    results.into_iter().collect()
}

/// Runs `work(first_index, input_run)` over runs of `input` on up to `threads` threads and
/// returns the runs' results in order.
pub fn map_runs<I: Sync, T: Send>(
    input: &[I],
    in_size: usize,
    threads: usize,
    work: impl Fn(usize, &[I]) -> T + Sync,
) -> Vec<T> {
    let n = input.len() / in_size.max(1);
    let threads = threads_for(n, threads);
    if threads <= 1 {
        return vec![work(0, input)];
    }
    let per = n.div_ceil(threads);
    thread::scope(|scope| {
        let handles: Vec<_> = input
            .chunks(per * in_size)
            .enumerate()
            .map(|(run, input)| {
                let work = &work;
                scope.spawn(move || work(run * per, input))
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect()
    })
}
