// Writes a WebAssembly module without its custom sections (names, producers, target features): what
// `wasm-opt --strip-debug --strip-producers` does to our modules, without binaryen (npm/build.sh).
// Only the sections are dropped; every other byte is copied as it is, and the result must compile.
//   node tools/strip.mjs IN.wasm OUT.wasm
import { readFileSync, writeFileSync } from "node:fs";

const [input, output] = process.argv.slice(2);
const bytes = readFileSync(input);
if (bytes.readUInt32LE(0) !== 0x6d736100) throw new Error(`${input}: not a WebAssembly module`);
const kept = [bytes.subarray(0, 8)];
let at = 8;
while (at < bytes.length) {
  const start = at;
  const id = bytes[at++];
  let size = 0;
  for (let shift = 0; ; shift += 7) {
    const byte = bytes[at++];
    size += (byte & 127) * 2 ** shift;
    if (byte < 128) break;
  }
  at += size;
  if (at > bytes.length) throw new Error(`${input}: a section runs past the end`);
  if (id !== 0) kept.push(bytes.subarray(start, at));
}
const stripped = Buffer.concat(kept);
new WebAssembly.Module(stripped); // throws if it does not compile
writeFileSync(output, stripped);
