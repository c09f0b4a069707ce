// Prefixed, time-sortable ids (`prof_01j…`): 10 Crockford base32 characters of milliseconds, then 16 random
// ones (80 bits). Lexical order equals creation order, so ids double as a stable sort key.

const CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz";

function encodeTime(ms: number): string {
  let out = "";
  let value = ms;
  for (let i = 0; i < 10; i++) {
    out = CROCKFORD[value % 32] + out;
    value = Math.floor(value / 32);
  }
  return out;
}

export function newId(prefix: string, nowMs: number = Date.now()): string {
  const random = crypto.getRandomValues(new Uint8Array(16));
  let tail = "";
  for (const byte of random) tail += CROCKFORD[byte % 32];
  return `${prefix}_${encodeTime(nowMs)}${tail}`;
}
