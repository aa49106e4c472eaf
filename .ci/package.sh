#!/usr/bin/env bash
# Proves the published package from the outside: `cargo package` the library, unpack the .crate, and
# build a fresh crate outside the repository that depends on the unpacked package by path — for the
# host (run: perft 3 of the start position must be 25,470, else it exits 1), and as a no_std library
# for thumbv6m-none-eabi and wasm32-unknown-unknown. Also `cargo publish --dry-run` (reads the
# crates.io index, uploads nothing). Prints the .crate's size and file count. Called by .ci/run.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
export CARGO_TERM_COLOR=never
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# One target dir for both builds of the library, so the tables are generated once per profile.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}"

timeout 600 cargo publish --dry-run -p hayanagi --allow-dirty
# The dry run verifies the package but need not leave the .crate behind: write it (already verified).
timeout 600 cargo package -p hayanagi --allow-dirty --no-verify
crate=$(ls "$CARGO_TARGET_DIR"/package/hayanagi-*.crate | sort -V | tail -1)
files=$(tar -tzf "$crate" | grep -vc '/$')
echo "package: $(basename "$crate"): $(stat -c %s "$crate") bytes, $files files"
tar -xzf "$crate" -C "$work"
unpacked=$(ls -d "$work"/hayanagi-*/)
# Nothing but what a user builds, and the rule book the docs cite (docs/RULES.md), which must be there.
if tar -tzf "$crate" | grep -Ev '^hayanagi-[^/]+/(src/.*\.rs|gen/lib\.rs|build\.rs|README\.md|docs/RULES\.md|LICENSE-(MIT|APACHE)|Cargo\.toml(\.orig)?|Cargo\.lock|\.cargo_vcs_info\.json)?$'; then
  echo ".ci/package.sh: the package holds files a user does not build (above)" >&2
  exit 1
fi
# Checked on the unpacked files: `tar | grep -q` would fail under pipefail when grep stops reading early.
if [ ! -f "$unpacked/docs/RULES.md" ]; then
  echo ".ci/package.sh: the package lacks docs/RULES.md, which its docs cite" >&2
  exit 1
fi

user="$work/user"
mkdir -p "$user/src"
cat > "$user/Cargo.toml" <<TOML
[package]
name = "hayanagi-user"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
hayanagi = { path = "$unpacked" }

[lib]
path = "src/lib.rs"

[[bin]]
name = "hayanagi-user"
path = "src/main.rs"

[workspace]
TOML
cat > "$user/src/lib.rs" <<'RUST'
//! A no_std user of the published package.
#![no_std]

/// Perft of the start position.
pub fn start_perft(depth: u32) -> u64 {
    hayanagi::Position::startpos().perft(depth, true)
}
RUST
cat > "$user/src/main.rs" <<'RUST'
fn main() {
    let nodes = hayanagi_user::start_perft(3);
    println!("perft 3 startpos: {nodes}");
    let mut pos: hayanagi::Position = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1".parse().unwrap();
    let undo = pos.play("7g7f".parse().unwrap()).unwrap();
    assert!(pos.undo(undo).is_ok());
    std::process::exit(if nodes == 25_470 { 0 } else { 1 });
}
RUST
(cd "$user" && cargo run --release --quiet)
(cd "$user" && cargo build --release --lib --target thumbv6m-none-eabi)
(cd "$user" && cargo build --release --lib --target wasm32-unknown-unknown)
echo "package: built and ran outside the repository (host), built for thumbv6m-none-eabi and wasm32-unknown-unknown"
