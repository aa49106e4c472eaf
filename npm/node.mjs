// hayanagi for Node: everything hayanagi.mjs exports, with a load() and an initSync() that also read
// the module from disk. With no argument they read hayanagi.wasm beside this file; a string is a path
// (relative to the working directory) unless it starts with file:, http:, https:, data: or blob:; a
// file: URL is read from disk; anything else goes to hayanagi.mjs's load or initSync (bytes, Response,
// http(s) URL, Module). build.sh writes node.cjs, the CommonJS entry point, from this file.

import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";

import { initSync as initModuleSync, load as loadModule } from "./hayanagi.mjs";

export * from "./hayanagi.mjs";

const WASM = new URL("./hayanagi.wasm", import.meta.url);

/** Loads the WebAssembly module (see hayanagi.d.ts). */
export async function load(source = WASM) {
  source = await source;
  if (typeof source === "string") {
    source = /^(file|https?|data|blob):/i.test(source) ? new URL(source) : await readFile(source);
  }
  if (source instanceof URL && source.protocol === "file:") source = await readFile(source);
  return loadModule(source);
}

/** Loads the WebAssembly module synchronously: from disk (no argument, a path, a file: URL), bytes or a
 *  compiled module. */
export function initSync(source = WASM) {
  if (typeof source === "string" && !/^[a-z]+:/i.test(source)) source = readFileSync(source);
  else if (typeof source === "string") source = new URL(source);
  if (source instanceof URL) {
    if (source.protocol !== "file:") throw new TypeError(`hayanagi: initSync() reads files only, not ${source.href}: use load()`);
    source = readFileSync(source);
  }
  return initModuleSync(source);
}
