// A few assertions that run in Node and in browsers alike (node:assert is Node's only), for cases.mjs.

export class AssertionError extends Error {}

const show = (value) =>
  typeof value === "bigint" ? `${value}n` : typeof value === "string" ? JSON.stringify(value) : String(value);

export function ok(value, message = "expected a true value") {
  if (!value) throw new AssertionError(message);
}

export function equal(actual, expected, message = "") {
  if (!Object.is(actual, expected)) {
    throw new AssertionError(`${message ? `${message}: ` : ""}expected ${show(expected)}, got ${show(actual)}`);
  }
}

/** Structural equality of plain data (arrays, typed arrays, plain objects, primitives). */
export function deepEqual(actual, expected, message = "") {
  const a = JSON.stringify(actual, replacer);
  const e = JSON.stringify(expected, replacer);
  if (a !== e) throw new AssertionError(`${message ? `${message}: ` : ""}expected ${e}, got ${a}`);
}

function replacer(_key, value) {
  if (typeof value === "bigint") return `${value}n`;
  if (ArrayBuffer.isView(value)) return [value.constructor.name, ...value];
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, value[k]]));
  }
  return value;
}

/** Calls `fn`, which must throw an instance of `type`; returns the error for more checks. */
export function throws(fn, type, message = "") {
  try {
    fn();
  } catch (error) {
    if (!(error instanceof type)) {
      throw new AssertionError(`${message ? `${message}: ` : ""}expected a ${type.name}, got ${error?.name}: ${error?.message}`);
    }
    return error;
  }
  throw new AssertionError(`${message ? `${message}: ` : ""}expected a ${type.name}, nothing was thrown`);
}
