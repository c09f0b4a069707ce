// Opaque keyset cursors: base64url(JSON) plus a truncated HMAC, so a client cannot forge or edit one
// (a tampered cursor is a 400, never a query on someone's made-up position). Signed with the current value of the
// service's secret; during its rotation a cursor signed under the previous value still pages.
import { fromBase64Url, hmacSha256Hex, openingOrder, type SecretRing, timingSafeEqual, toBase64Url } from "../crypto";
import { boundedMemo } from "../pure/bounded-memo";

const encoder = new TextEncoder();
const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

function decodePayload(payload: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(payload)) return null;
  try {
    return strictUtf8.decode(fromBase64Url(payload));
  } catch {
    return null;
  }
}

const macOf = async (secret: string, payload: string) => (await hmacSha256Hex(secret, `cursor.${payload}`)).slice(0, 32);

/**
 * The signatures of the cursors this isolate issued lately: a list read again from its start (a client polling its
 * first page) issues the same next cursor each time. Only issuing reads it, so how fast a cursor is checked never
 * tells whether it was issued here.
 */
const issuedMac = boundedMemo(
  1_000,
  (secret: string, payload: string) => `${secret}\n${payload}`,
  (secret: string, payload: string) => macOf(secret, payload),
);

export async function encodeCursor(secrets: SecretRing, position: unknown): Promise<string> {
  const payload = toBase64Url(encoder.encode(JSON.stringify(position)));
  return `${payload}.${await issuedMac(secrets.current, payload)}`;
}

/** The position inside a cursor this service issued, or null for anything else. */
export async function decodeCursor(secrets: SecretRing, cursor: string): Promise<unknown> {
  if (cursor.length > 512) return null;
  const [payload, mac, ...rest] = cursor.split(".");
  if (payload === undefined || mac === undefined || rest.length > 0) return null;
  const expected = await Promise.all(openingOrder(secrets).map((secret) => macOf(secret, payload)));
  if (!expected.some((signed) => timingSafeEqual(mac, signed))) return null;
  const json = decodePayload(payload);
  if (json === null) return null;
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}

/**
 * A cursor continues the list of the filters it was given with: the message for the first filter the request now
 * sends differently (null when all match), naming the filter, for the service's own 400.
 */
export function filterMismatch(bound: Readonly<Record<string, string | null>>, sent: Readonly<Record<string, string | null>>): string | null {
  for (const [name, value] of Object.entries(sent)) {
    const given = bound[name] ?? null;
    if (given === value) continue;
    const was = given === null ? "was not sent with the request that gave this cursor" : `was ${given} in the request that gave this cursor`;
    return `${name}: ${was}; send the same filters with cursor, or start again without it to change them`;
  }
  return null;
}
