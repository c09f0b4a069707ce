// D1 binding limits, for the services' db/ code: no SQL here, only how to split a list of bound values.

/** D1 binds at most 100 parameters per statement; 90 leaves room for a statement's other parameters. */
const CHUNK = 90;

export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** `?, ?, ?` for an `IN (…)` list of `n` bound values. */
export const marks = (n: number) => Array.from({ length: n }, () => "?").join(", ");
