//! The calling thread's CPU time.
//!
//! On these shared 2-core machines wall time counts the time the thread waits for a core; thread CPU time does
//! not, so it varies far less with the load other people put on the machine. (It still grows a little under load:
//! shared caches are colder.)

use std::time::Duration;

/// CPU time consumed by the calling thread so far (`clock_gettime(CLOCK_THREAD_CPUTIME_ID)`).
pub fn thread_cpu_time() -> Duration {
    let mut now = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `now` is a valid, writable timespec that outlives the call, which only writes into it.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    assert_eq!(status, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    let seconds = u64::try_from(now.tv_sec).expect("CPU time is never negative");
    let nanos = u32::try_from(now.tv_nsec).expect("tv_nsec is below one second");
    Duration::new(seconds, nanos)
}
