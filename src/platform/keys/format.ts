// API key format shared by both services: `<tag>_<prefix>_<secret>`.
// The prefix (8 chars) is public and shown in lists; the secret (32 base62 chars, about 190 bits) is not.
// Only SHA-256 of the whole key is stored. Parsing is a fixed-shape check, so garbage costs no I/O.
import { BASE36_LOWER, randomString, sha256Hex } from "../crypto";

const PREFIX_LENGTH = 8;
const SECRET_LENGTH = 32;
const PREFIX_ALPHABET = /^[0-9a-z]{8}$/;
const SECRET_ALPHABET = /^[0-9A-Za-z]{32}$/;

export interface ParsedKey {
  key: string;
  prefix: string;
}

export function parseApiKey(tag: string, candidate: string): ParsedKey | null {
  const expectedLength = tag.length + 2 + PREFIX_LENGTH + SECRET_LENGTH;
  if (candidate.length !== expectedLength || !candidate.startsWith(`${tag}_`)) return null;
  const prefix = candidate.slice(tag.length + 1, tag.length + 1 + PREFIX_LENGTH);
  if (candidate[tag.length + 1 + PREFIX_LENGTH] !== "_") return null;
  const secret = candidate.slice(tag.length + 2 + PREFIX_LENGTH);
  if (!PREFIX_ALPHABET.test(prefix) || !SECRET_ALPHABET.test(secret)) return null;
  return { key: candidate, prefix };
}

/** Reads `Authorization: Bearer <key>`; null when the header is missing or not of the bearer key form. */
export function bearerKey(tag: string, authorization: string | undefined): ParsedKey | null {
  if (!authorization || authorization.length > 200) return null;
  const match = /^Bearer +(\S+)$/i.exec(authorization);
  return match ? parseApiKey(tag, match[1]!) : null;
}

export interface IssuedKey {
  key: string;
  prefix: string;
  hash: string;
}

export async function issueApiKey(tag: string): Promise<IssuedKey> {
  const prefix = randomString(PREFIX_LENGTH, BASE36_LOWER);
  const key = `${tag}_${prefix}_${randomString(SECRET_LENGTH)}`;
  return { key, prefix, hash: await hashApiKey(key) };
}

export function hashApiKey(key: string): Promise<string> {
  return sha256Hex(key);
}
