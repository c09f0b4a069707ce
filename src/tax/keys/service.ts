// Key lifecycle of the tax service: D1 is the registry, each key's Durable Object holds its live state.
// New keys and revocations reach the Durable Object first (an unshown key is unreachable; a revocation bites
// before it is recorded); a rotation records D1 before it shortens the old key, so a failed write never
// leaves a client with no working key.
import type { Actor } from "../../platform/auth/admin";
import { newId } from "../../platform/ids";
import { issueApiKey } from "../../platform/keys/format";
import type { KeyPolicy, KeyState } from "../../platform/keys/guard";
import { changeKeyLifecycle, inheritKeyUsage, keySnapshot, type PolicySource, putKeyState, settleKeyPolicy } from "../../platform/keys/client";
import { dailyIssuanceCap, dailyIssuanceReached } from "../../platform/keys/issuance";
import { KEY_CAPS, KEYS_ISSUED_PER_DAY, PLAN_LIMITS } from "../accounts/plan";
import { TAX_KEY_TAG } from "./api-key-auth";
import type { TaxDb } from "../db/client";
import { taxError } from "../hono";
import { insertKeyUnderCap, listWorkingKeys, recordRevocation, recordRotation, type ApiKeyRow } from "./queries";
import { findAccountById, type AccountRow } from "../accounts/queries";
import { paidPeriodEnd, planAt } from "../accounts/plan";
import type { TaxEnv } from "../env";
import type { TaxScope } from "./scopes";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

type PlanOf = Pick<AccountRow, "paidUntil">;

/** What the account's billing decides for each key; inside a paid period, the period's end, when free limits return. */
export function keyPolicy(account: PlanOf, nowMs: number): KeyPolicy {
  const plan = planAt(account, nowMs);
  const periodEnd = paidPeriodEnd(account, nowMs);
  return {
    denial: null,
    limits: PLAN_LIMITS[plan],
    attributes: { plan },
    lapse: periodEnd === null ? null : { atMs: periodEnd, limits: PLAN_LIMITS.free, attributes: { plan: "free" } },
  };
}

/** The key's live state: its own lifecycle and its account's policy. */
export function keyState(row: ApiKeyRow, account: PlanOf, nowMs: number): KeyState {
  return {
    keyId: row.id,
    ownerId: row.accountId,
    status: row.revokedAt === null ? "active" : "revoked",
    expiresAt: row.expiresAt,
    grants: row.scopes,
    ...keyPolicy(account, nowMs),
  };
}

/** The account as its keys' policy source: read from D1, compared by the paid period keyPolicy reads. */
function accountPolicySource(db: TaxDb, accountId: string, nowMs: number): PolicySource<PlanOf> {
  return {
    read: () => findAccountById(db, accountId),
    same: (a, b) => a.paidUntil === b.paidUntil,
    policy: (account) => keyPolicy(account, nowMs),
  };
}

export type KeyLifecycleState = "active" | "expired" | "revoked";

export function lifecycleState(row: ApiKeyRow, nowMs: number): KeyLifecycleState {
  if (row.revokedAt !== null) return "revoked";
  return nowMs >= row.expiresAt ? "expired" : "active";
}

export interface CreatedKey {
  row: ApiKeyRow;
  key: string;
}

function issuanceCapReached(perDay: number, nowMs: number): never {
  throw dailyIssuanceReached(
    `This account has been issued ${perDay} keys today (creations and rotations, by the day in India), the most its plan allows a day; try again after midnight IST`,
    nowMs,
  );
}

export async function createKey(
  env: TaxEnv,
  db: TaxDb,
  actor: Actor,
  account: AccountRow,
  input: { name?: string | undefined; scopes: TaxScope[]; expiresInDays: number },
  nowMs: number,
): Promise<CreatedKey> {
  const issued = await issueApiKey(TAX_KEY_TAG);
  const row: ApiKeyRow = {
    id: newId("key", nowMs),
    accountId: account.id,
    name: input.name ?? null,
    prefix: issued.prefix,
    keyHash: issued.hash,
    scopes: [...new Set(input.scopes)],
    createdAt: nowMs,
    expiresAt: nowMs + input.expiresInDays * DAY_MS,
    revokedAt: null,
    replacesKeyId: null,
    replacedByKeyId: null,
  };
  await putKeyState(env.KEY_GUARD, row.keyHash, keyState(row, account, nowMs));
  const plan = planAt(account, nowMs);
  const cap = KEY_CAPS[plan];
  const perDay = KEYS_ISSUED_PER_DAY[plan];
  const inserted = await insertKeyUnderCap(db, row, cap, dailyIssuanceCap(actor, perDay), nowMs);
  if (inserted !== "inserted") {
    // Never recorded, never handed out: end its live state too.
    await putKeyState(env.KEY_GUARD, row.keyHash, keyState({ ...row, revokedAt: nowMs }, account, nowMs));
    if (inserted === "issuance_cap") issuanceCapReached(perDay, nowMs);
    throw taxError("key_limit_reached", `This account already has ${cap} active keys, the most its plan allows; revoke one or rotate it instead`);
  }
  // A billing change that listed the keys before this row existed has missed this key: catch up with it.
  await settleKeyPolicy(env.KEY_GUARD, [row.keyHash], accountPolicySource(db, account.id, nowMs), account);
  return { row, key: issued.key };
}

/**
 * Issues a replacement with the same scopes and a fresh lifetime as long as the old key's, and lets the old
 * key work for `overlapHours` more (never past its own expiry). Overlap 0 ends the old key now. An overlap is
 * refused (key_limit_reached) while the plan's cap of rotated keys are still working in theirs. The replacement
 * starts from the old key's counters of the current minute and IST day, so a rotation resets no limit.
 */
export async function rotateKey(env: TaxEnv, db: TaxDb, actor: Actor, account: AccountRow, old: ApiKeyRow, overlapHours: number, nowMs: number) {
  const issued = await issueApiKey(TAX_KEY_TAG);
  const lifetime = old.expiresAt - old.createdAt;
  const replacement: ApiKeyRow = {
    ...old,
    id: newId("key", nowMs),
    prefix: issued.prefix,
    keyHash: issued.hash,
    createdAt: nowMs,
    expiresAt: nowMs + lifetime,
    revokedAt: null,
    replacesKeyId: old.id,
    replacedByKeyId: null,
  };
  const oldValidUntil = Math.min(old.expiresAt, nowMs + overlapHours * HOUR_MS);
  // The replacement's state first (harmless until its key is handed out), then D1, then the old key's shorter
  // life: a failed D1 write leaves the old key exactly as it was instead of ending it with no replacement.
  await putKeyState(env.KEY_GUARD, replacement.keyHash, keyState(replacement, account, nowMs));
  const plan = planAt(account, nowMs);
  const cap = KEY_CAPS[plan];
  const perDay = KEYS_ISSUED_PER_DAY[plan];
  const recorded = await recordRotation(db, old.id, oldValidUntil, replacement, nowMs, cap, dailyIssuanceCap(actor, perDay));
  if (recorded !== "recorded") {
    // Refused, or another rotation or a revocation got there first: the replacement is never handed out, so end it.
    await putKeyState(env.KEY_GUARD, replacement.keyHash, keyState({ ...replacement, revokedAt: nowMs }, account, nowMs));
    if (recorded === "issuance_cap") issuanceCapReached(perDay, nowMs);
    if (recorded === "overlap_cap") {
      throw taxError(
        "key_limit_reached",
        `This account already has ${cap} rotated keys still working in their overlap, the most its plan allows; revoke one, wait for an overlap to end, or rotate with overlapHours 0`,
      );
    }
    throw taxError("conflict", "This key was rotated or revoked by another request");
  }
  // The old key's lifecycle only: its policy may have changed since `account` was read. Its counters at that
  // instant hold every request it served until then (and, without an overlap, it serves no more), so the
  // replacement, not handed out yet, goes on from them; a revocation that got there first ends the old key
  // all the same, and its counters carry over too.
  const { usage } = await changeKeyLifecycle(env.KEY_GUARD, old.keyHash, { expiresAt: oldValidUntil });
  await inheritKeyUsage(env.KEY_GUARD, replacement.keyHash, usage);
  await settleKeyPolicy(env.KEY_GUARD, [replacement.keyHash], accountPolicySource(db, account.id, nowMs), account);
  return { replacement, key: issued.key, oldValidUntil };
}

export async function revokeKey(env: TaxEnv, db: TaxDb, account: AccountRow, row: ApiKeyRow, nowMs: number): Promise<number> {
  const revokedAt = row.revokedAt ?? nowMs;
  await putKeyState(env.KEY_GUARD, row.keyHash, keyState({ ...row, revokedAt }, account, nowMs));
  // Of revocations sent at once, the first recorded stands, and each answers with it.
  return row.revokedAt ?? (await recordRevocation(db, row.id, revokedAt));
}

/**
 * Brings every working key of the account to its plan (and its period's end), so a billing change reaches the
 * keys at once; a period that simply runs out needs no push, each key lapses by itself. Revoked and expired keys
 * never answer again, so they are left alone: an account's old keys do not lengthen every billing event. Called
 * after the account row is written: a key created meanwhile is either listed here or reads the new row itself.
 * Only the policy part of each key's state is written, so a rotation or revocation recorded meanwhile stands.
 */
export async function syncAccountKeys(env: TaxEnv, db: TaxDb, accountId: string, nowMs: number): Promise<void> {
  const rows = await listWorkingKeys(db, accountId, nowMs);
  await settleKeyPolicy(
    env.KEY_GUARD,
    rows.map((row) => row.keyHash),
    accountPolicySource(db, accountId, nowMs),
    null,
  );
}

export async function lastUsedAt(env: TaxEnv, row: ApiKeyRow): Promise<number | null> {
  return (await keySnapshot(env.KEY_GUARD, row.keyHash)).lastUsedAt;
}
