//! Puts the board's memory map where the cortex-m-rt linker script finds it: `memory-microbit.x` (the
//! micro:bit's nRF51822) for thumbv6m-none-eabi, `memory-nrf52840.x` (the nRF52840) otherwise; and sets
//! `cfg(board_microbit)` for the smaller checks that fit in its 16 KB of RAM.

fn main() {
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").unwrap());
    let microbit = std::env::var("TARGET").is_ok_and(|target| target.starts_with("thumbv6m"));
    let map: &[u8] = if microbit { include_bytes!("memory-microbit.x") } else { include_bytes!("memory-nrf52840.x") };
    std::fs::write(out.join("memory.x"), map).unwrap();
    println!("cargo::rustc-check-cfg=cfg(board_microbit)");
    if microbit {
        println!("cargo::rustc-cfg=board_microbit");
    }
    println!("cargo:rustc-link-search={}", out.display());
    println!("cargo:rerun-if-changed=memory-nrf52840.x");
    println!("cargo:rerun-if-changed=memory-microbit.x");
}
