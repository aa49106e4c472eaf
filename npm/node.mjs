// hayanagi for Node: everything hayanagi.mjs exports, with a load() that also reads the module from
// disk. With no argument it reads hayanagi.wasm beside this file; a string is a path (relative to the
// working directory) unless it starts with file:, http:, https:, data: or blob:; a file: URL is read
// from disk; anything else goes to hayanagi.mjs's load (bytes, Response, http(s) URL, Module).

import { readFile } from "node:fs/promises";

import { load as loadModule } from "./hayanagi.mjs";

export * from "./hayanagi.mjs";

/** Loads the WebAssembly module (see hayanagi.d.ts). */
export async function load(source = new URL("./hayanagi.wasm", import.meta.url)) {
  source = await source;
  if (typeof source === "string") {
    source = /^(file|https?|data|blob):/i.test(source) ? new URL(source) : await readFile(source);
  }
  if (source instanceof URL && source.protocol === "file:") source = await readFile(source);
  return loadModule(source);
}
