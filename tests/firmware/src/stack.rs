//! Peak stack use: the free part of the stack is painted with a pattern, the code runs, and the
//! deepest word no longer holding the pattern is the high-water mark.

use core::ptr;

unsafe extern "C" {
    // From cortex-m-rt's link.x: the stack grows down from `_stack_start` (the end of RAM) to
    // `_stack_end` (the end of the statics).
    static _stack_start: u32;
    static _stack_end: u32;
}

const PAINT: u32 = 0xcccc_cccc;

/// The stack region: (lowest address, top address).
fn region() -> (usize, usize) {
    (&raw const _stack_end as usize, &raw const _stack_start as usize)
}

/// Bytes from the top of RAM down to the end of the statics.
pub fn size() -> usize {
    let (bottom, top) = region();
    top - bottom
}

/// Paints every word below the current stack pointer. Nothing there is live: the ARM ABI has no
/// red zone and no interrupt is enabled.
pub fn paint() {
    let (bottom, _) = region();
    let sp = cortex_m::register::msp::read() as usize;
    let mut addr = bottom;
    while addr + 4 <= sp {
        // SAFETY: `addr` is word-aligned, in RAM, between the statics and the stack pointer.
        unsafe { ptr::write_volatile(addr as *mut u32, PAINT) };
        addr += 4;
    }
}

/// The deepest the stack has reached since the last `paint`, in bytes from the top of RAM (so it
/// includes the frames of `main` and of the runtime).
pub fn peak() -> usize {
    let (bottom, top) = region();
    let mut addr = bottom;
    // SAFETY: every address read is word-aligned and inside the stack region.
    while addr < top && unsafe { ptr::read_volatile(addr as *const u32) } == PAINT {
        addr += 4;
    }
    top - addr
}

/// The stack one call takes: how far below the caller's stack pointer it reached, its result's slot
/// included.
pub fn cost<R>(f: impl FnOnce() -> R) -> usize {
    let (_, top) = region();
    let depth = top - cortex_m::register::msp::read() as usize;
    paint();
    call(f);
    peak().saturating_sub(depth)
}

// Not inlined, so that everything the call needs lives below the stack pointer `cost` read.
#[inline(never)]
fn call<R>(f: impl FnOnce() -> R) {
    core::hint::black_box(f());
}
