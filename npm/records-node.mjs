// hayanagi/records for Node: everything records.mjs exports, with a loadRecords() and an
// initRecordsSync() that also read the module from disk (no argument: records.wasm beside this file;
// a path; a file: URL). build.sh writes records-node.cjs, the CommonJS entry point, from this file.

import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";

import { initRecordsSync as initModuleSync, loadRecords as loadModule } from "./records.mjs";

export * from "./records.mjs";

const WASM = new URL("./records.wasm", import.meta.url);

/** Loads the records module (see records.d.ts). */
export async function loadRecords(source = WASM) {
  source = await source;
  if (typeof source === "string") {
    source = /^(file|https?|data|blob):/i.test(source) ? new URL(source) : await readFile(source);
  }
  if (source instanceof URL && source.protocol === "file:") source = await readFile(source);
  return loadModule(source);
}

/** Loads the records module synchronously: from disk (no argument, a path, a file: URL), bytes or a
 *  compiled module. */
export function initRecordsSync(source = WASM) {
  if (typeof source === "string" && !/^[a-z]+:/i.test(source)) source = readFileSync(source);
  else if (typeof source === "string") source = new URL(source);
  if (source instanceof URL) {
    if (source.protocol !== "file:") throw new TypeError(`hayanagi/records: initRecordsSync() reads files only, not ${source.href}: use loadRecords()`);
    source = readFileSync(source);
  }
  return initModuleSync(source);
}
