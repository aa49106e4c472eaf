// hayanagi for Node: everything hayanagi.mjs exports, with a load() and an initSync() that also read
// the module from disk, and a loadExtended() and an initExtendedSync() that do the same for the
// extended module. With no argument they read hayanagi.wasm (extended.wasm) beside this file; a string is a path
// (relative to the working directory) unless it starts with file:, http:, https:, data: or blob:; a
// file: URL is read from disk; anything else goes to hayanagi.mjs's load or initSync (bytes, Response,
// http(s) URL, Module). build.sh writes node.cjs, the CommonJS entry point, from this file.

import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";

import {
  initExtendedSync as initExtendedModuleSync,
  initSync as initModuleSync,
  loadExtended as loadExtendedModule,
  load as loadModule,
} from "./hayanagi.mjs";

export * from "./hayanagi.mjs";

const WASM = new URL("./hayanagi.wasm", import.meta.url);
const EXTENDED_WASM = new URL("./extended.wasm", import.meta.url);

/** What a path or file: URL names, read from disk; any other source as it is. */
async function read(source) {
  source = await source;
  if (typeof source === "string") {
    source = /^(file|https?|data|blob):/i.test(source) ? new URL(source) : await readFile(source);
  }
  if (source instanceof URL && source.protocol === "file:") source = await readFile(source);
  return source;
}

/** As read(), synchronously: `what` names the caller, `instead` the asynchronous one. */
function readSync(source, what, instead) {
  if (typeof source === "string" && !/^[a-z]+:/i.test(source)) source = readFileSync(source);
  else if (typeof source === "string") source = new URL(source);
  if (source instanceof URL) {
    if (source.protocol !== "file:") throw new TypeError(`hayanagi: ${what} reads files only, not ${source.href}: use ${instead}`);
    source = readFileSync(source);
  }
  return source;
}

/** Loads the WebAssembly module (see hayanagi.d.ts). */
export async function load(source = WASM) {
  return loadModule(await read(source));
}

/** Loads the WebAssembly module synchronously: from disk (no argument, a path, a file: URL), bytes or a
 *  compiled module. */
export function initSync(source = WASM) {
  return initModuleSync(readSync(source, "initSync()", "load()"));
}

/** Loads the extended module (see hayanagi.d.ts). */
export async function loadExtended(source = EXTENDED_WASM) {
  return loadExtendedModule(await read(source));
}

/** Loads the extended module synchronously: from disk (no argument, a path, a file: URL), bytes or a
 *  compiled module. */
export function initExtendedSync(source = EXTENDED_WASM) {
  return initExtendedModuleSync(readSync(source, "initExtendedSync()", "loadExtended()"));
}
