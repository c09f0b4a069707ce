// Key lifecycle of the inventory service: D1 is the registry (lists, audit, recovery), each key's Durable
// Object holds its live state. Every write goes to the Durable Object first, then D1: a revocation bites
// before it is recorded, a key whose D1 write fails was never shown, so it is unreachable, and the Durable
// Object decides which of two racing rotations or regenerations of a key wins before either writes D1.
import type { Actor } from "../../platform/auth/admin";
import { newId } from "../../platform/ids";
import { changeKeyLifecycle, inheritKeyUsage, keySnapshot, type PolicySource, putKeyState, settleKeyPolicy } from "../../platform/keys/client";
import { issueApiKey } from "../../platform/keys/format";
import type { KeyPolicy, KeyState, LifecycleChange, UsageCounts } from "../../platform/keys/guard";
import { dailyIssuanceCap, dailyIssuanceReached } from "../../platform/keys/issuance";
import { INVENTORY_KEY_TAG, keyGrants, PLAN_REQUESTS_PER_MINUTE, PLANS_WITH_API } from "./api-key-auth";
import type { InventoryDb } from "../db/client";
import { auditRow, findOrg, insertAudit, type OrgRow } from "../orgs/queries";
import { findKey, insertKeyUnderCap, recordRegeneration, recordRevocation, recordRotation, type ApiKeyRow, type RotationRecord } from "./queries";
import type { InventoryEnv } from "../env";
import { inventoryError } from "../http/errors";

const HOUR_MS = 3_600_000;

export type KeyAccess = ApiKeyRow["access"];
export type KeyLifecycleState = "active" | "superseded" | "expired" | "revoked";

/** The instant the key stops working: its own expiry or, once rotated, the end of the grace if sooner. */
export function effectiveExpiry(row: ApiKeyRow): number | null {
  if (row.graceEndsAt === null) return row.expiresAt;
  return row.expiresAt === null ? row.graceEndsAt : Math.min(row.expiresAt, row.graceEndsAt);
}

/** The code every request of the key is refused with before any limit applies, if any (seed section 7). */
export function keyDenial(org: Pick<OrgRow, "plan" | "subscriptionStatus"> | null): string | null {
  if (!org) return "key_not_bound";
  if (!PLANS_WITH_API.has(org.plan)) return "plan_required";
  if (org.subscriptionStatus === "lapsed") return "subscription_lapsed";
  return null;
}

/** What the organisation's plan and subscription decide for each of its keys. */
export function keyPolicy(org: OrgRow | null): KeyPolicy {
  return {
    denial: keyDenial(org),
    limits: { perMinute: org ? PLAN_REQUESTS_PER_MINUTE[org.plan] : 0, perDay: null },
    lapse: null,
    attributes: { plan: org?.plan ?? null },
  };
}

/** The live state a key's guard holds, built from its D1 row and its organisation (null: a legacy key). */
export function keyState(row: ApiKeyRow, org: OrgRow | null): KeyState {
  const policy = keyPolicy(org);
  return {
    keyId: row.id,
    ownerId: org?.id ?? "",
    status: row.revokedAt === null ? "active" : "revoked",
    expiresAt: effectiveExpiry(row),
    grants: keyGrants(row),
    ...policy,
    attributes: { ...policy.attributes, access: row.access, superseded: row.supersededAt !== null },
  };
}

/** The organisation as its keys' policy source: read from D1, compared by what keyPolicy reads. */
export function orgPolicySource(db: InventoryDb, orgId: string): PolicySource<OrgRow> {
  return {
    read: () => findOrg(db, orgId),
    same: (a, b) => a.plan === b.plan && a.subscriptionStatus === b.subscriptionStatus,
    policy: keyPolicy,
  };
}

export function lifecycleState(row: ApiKeyRow, nowMs: number): KeyLifecycleState {
  if (row.revokedAt !== null) return "revoked";
  const expiry = effectiveExpiry(row);
  if (expiry !== null && nowMs >= expiry) return "expired";
  return row.supersededAt !== null ? "superseded" : "active";
}

export interface IssuedKey {
  row: ApiKeyRow;
  key: string;
}

/**
 * Active keys (unrevoked, unexpired, not replaced) an organisation may hold; a rotation's replacement takes its old
 * key's place. As many rotated keys may be in their grace at once.
 */
export const MAX_ACTIVE_KEYS_PER_ORG = 100;

/**
 * Keys an organisation may be issued per calendar day in India, creations, rotations and regenerations together,
 * whatever its plan (every plan holds the same 100 active keys): twice its active keys, room to replace every key
 * twice in a day. A replacement carries on its old key's counts, but a new key starts afresh, so without this bound
 * revoking and creating keys would multiply the per-key limit without end. The operator is not capped.
 */
export const MAX_KEYS_ISSUED_PER_DAY = 200;

/** The keys `actor` may have issued to an organisation today (null: the operator, never capped). */
export function issuanceCap(actor: Actor): number | null {
  return dailyIssuanceCap(actor, MAX_KEYS_ISSUED_PER_DAY);
}

function issuanceCapReached(nowMs: number): never {
  throw dailyIssuanceReached(
    `This organization has been issued ${MAX_KEYS_ISSUED_PER_DAY} keys today (creations, rotations and regenerations, by the day in India), the most allowed a day; try again after midnight IST`,
    nowMs,
  );
}

export async function createKey(
  env: InventoryEnv,
  db: InventoryDb,
  org: OrgRow,
  input: { name?: string | undefined; access: KeyAccess; scopes?: string[] | undefined; expiresAt: number | null },
  actor: string,
  issuedPerDay: number | null,
  nowMs: number,
): Promise<IssuedKey> {
  const issued = await issueApiKey(INVENTORY_KEY_TAG);
  const row: ApiKeyRow = {
    id: newId("key", nowMs),
    orgId: org.id,
    name: input.name ?? null,
    prefix: issued.prefix,
    keyHash: issued.hash,
    access: input.access,
    scopes: [...new Set(input.scopes ?? [])],
    createdAt: nowMs,
    expiresAt: input.expiresAt,
    revokedAt: null,
    revokeReason: null,
    supersededAt: null,
    graceEndsAt: null,
    replacesKeyId: null,
    replacedByKeyId: null,
  };
  await putKeyState(env.KEY_GUARD, row.keyHash, keyState(row, org));
  const audit = auditRow(org.id, "key.created", row.id, actor, null, nowMs);
  const inserted = await insertKeyUnderCap(db, row, audit, MAX_ACTIVE_KEYS_PER_ORG, issuedPerDay, nowMs);
  if (inserted !== "inserted") {
    // Never recorded, never handed out: end its live state too.
    await putKeyState(env.KEY_GUARD, row.keyHash, keyState({ ...row, revokedAt: nowMs }, org));
    if (inserted === "issuance_cap") issuanceCapReached(nowMs);
    throw inventoryError(
      "key_limit_reached",
      `This organization already has ${MAX_ACTIVE_KEYS_PER_ORG} active keys, the most allowed; revoke one or rotate it instead`,
    );
  }
  // A plan change that listed the keys before this row existed has missed this key: catch up with it.
  await settleKeyPolicy(env.KEY_GUARD, [row.keyHash], orgPolicySource(db, org.id), org);
  return { row, key: issued.key };
}

/** The replacement of a rotated or regenerated key: same organisation, name, access, scopes and expiry. */
async function replacementFor(old: ApiKeyRow, nowMs: number): Promise<IssuedKey> {
  const issued = await issueApiKey(INVENTORY_KEY_TAG);
  return {
    key: issued.key,
    row: {
      ...old,
      id: newId("key", nowMs),
      prefix: issued.prefix,
      keyHash: issued.hash,
      createdAt: nowMs,
      revokedAt: null,
      revokeReason: null,
      supersededAt: null,
      graceEndsAt: null,
      replacesKeyId: old.id,
      replacedByKeyId: null,
    },
  };
}

function assertReplaceable(old: ApiKeyRow, nowMs: number): void {
  if (old.replacedByKeyId !== null) throw inventoryError("conflict", "This key has already been replaced");
  if (lifecycleState(old, nowMs) !== "active") throw inventoryError("conflict", "Only an active key can be replaced");
}

function changedByAnotherRequest(): never {
  throw inventoryError("conflict", "This key was changed by another request");
}

/**
 * The revision of the old key's live state to replace it from. Its guard may be ahead of the row read: a
 * rotation already accepted there, not yet recorded, makes this one lose now, before it writes anything.
 */
async function replaceableRevision(env: InventoryEnv, old: ApiKeyRow): Promise<number> {
  const { state } = await keySnapshot(env.KEY_GUARD, old.keyHash);
  if (!state || state.attributes.superseded === true) return changedByAnotherRequest();
  return state.revision ?? 0;
}

/**
 * The first step of rotation and regeneration: changes the old key in its guard (`ending`) from the revision read,
 * so of racing replacements of one key only one goes on. Answers the old key's counters at that instant, for the
 * replacement to start from, and how to undo the change (`restoring`, unless something changed the key since) for
 * a replacement D1 then refuses.
 */
async function endOld(env: InventoryEnv, old: ApiKeyRow, ending: LifecycleChange, restoring: LifecycleChange) {
  const ended = await changeKeyLifecycle(env.KEY_GUARD, old.keyHash, ending, await replaceableRevision(env, old));
  const revision = ended.revision;
  if (revision === null) return changedByAnotherRequest();
  return { usage: ended.usage, restoreOld: () => changeKeyLifecycle(env.KEY_GUARD, old.keyHash, restoring, revision) };
}

/** The replacement's live state, started from the old key's counters: replacing a key resets none of its limits. */
async function startReplacement(env: InventoryEnv, org: OrgRow, replacement: ApiKeyRow, usage: UsageCounts): Promise<void> {
  await putKeyState(env.KEY_GUARD, replacement.keyHash, keyState(replacement, org));
  await inheritKeyUsage(env.KEY_GUARD, replacement.keyHash, usage);
}

/** The grace as asked, and as it is when the key's own expiry cuts it short. */
function rotationReason(replacementId: string, graceHours: number, graceEndsAt: number, expiresAt: number | null): string {
  const asked = `replaced by ${replacementId}; grace ${graceHours} h`;
  return expiresAt !== null && expiresAt < graceEndsAt ? `${asked}, cut to the key's expiry at ${new Date(expiresAt).toISOString()}` : asked;
}

/**
 * Rotation: the old key keeps working until the grace ends (never past its own expiry), marked superseded. Refused
 * (key_limit_reached) while the organisation already has as many keys in their grace as it may hold active keys,
 * and (rate_limited) once `issuedPerDay` keys were issued to it today. The replacement starts from the old key's
 * counts of the current minute; what the old key serves in its grace counts on the old key alone.
 */
export async function rotateKey(
  env: InventoryEnv,
  db: InventoryDb,
  org: OrgRow,
  old: ApiKeyRow,
  graceHours: number,
  actor: string,
  issuedPerDay: number | null,
  nowMs: number,
) {
  assertReplaceable(old, nowMs);
  const { row: replacement, key } = await replacementFor(old, nowMs);
  const graceEndsAt = nowMs + graceHours * HOUR_MS;
  const superseded: ApiKeyRow = { ...old, supersededAt: nowMs, graceEndsAt, replacedByKeyId: replacement.id };
  // Not recorded: the old key gets its life back, so a retry can rotate it.
  const { usage, restoreOld } = await endOld(
    env,
    old,
    { expiresAt: effectiveExpiry(superseded), attributes: { superseded: true } },
    { expiresAt: effectiveExpiry(old), attributes: { superseded: false } },
  );
  let recorded: RotationRecord;
  try {
    await startReplacement(env, org, replacement, usage);
    recorded = await recordRotation(
      db.$client,
      { id: old.id, supersededAt: nowMs, graceEndsAt },
      replacement,
      auditRow(org.id, "key.rotated", old.id, actor, rotationReason(replacement.id, graceHours, graceEndsAt, old.expiresAt), nowMs),
      MAX_ACTIVE_KEYS_PER_ORG,
      issuedPerDay,
    );
  } catch (error) {
    await restoreOld().catch(() => null);
    throw error;
  }
  if (recorded === "issuance_cap" || recorded === "grace_cap") await restoreOld();
  if (recorded === "issuance_cap") issuanceCapReached(nowMs);
  if (recorded === "grace_cap") {
    throw inventoryError(
      "key_limit_reached",
      `This organization already has ${MAX_ACTIVE_KEYS_PER_ORG} rotated keys still in their grace, the most allowed; revoke one, wait for a grace to end, or regenerate the key instead`,
    );
  }
  // Only a revocation, accepted by the guard before it reached D1, can have come between: the key is dead anyway.
  if (recorded === "lost") return changedByAnotherRequest();
  await settleKeyPolicy(env.KEY_GUARD, [replacement.keyHash], orgPolicySource(db, org.id), org);
  return { replacement, key, oldValidUntil: effectiveExpiry(superseded)! };
}

/**
 * Regeneration, for a key that may have leaked: the old key stops at once and a replacement is issued, starting
 * from the old key's counts of the current minute. The old key's life ends first, which a refusal at the daily cap
 * (`issuedPerDay`) gives back; once recorded, the old key is revoked for good. If recording it fails, the old key
 * stays dead and a retry regenerates it (its row is still active).
 */
export async function regenerateKey(
  env: InventoryEnv,
  db: InventoryDb,
  org: OrgRow,
  old: ApiKeyRow,
  actor: string,
  issuedPerDay: number | null,
  nowMs: number,
) {
  assertReplaceable(old, nowMs);
  const { row: replacement, key } = await replacementFor(old, nowMs);
  const { usage, restoreOld } = await endOld(env, old, { expiresAt: nowMs }, { expiresAt: effectiveExpiry(old) });
  await startReplacement(env, org, replacement, usage);
  const recorded = await recordRegeneration(
    db.$client,
    { id: old.id, revokedAt: nowMs },
    { ...replacement },
    auditRow(org.id, "key.regenerated", old.id, actor, `replaced by ${replacement.id}`, nowMs),
    issuedPerDay,
  );
  if (recorded === "issuance_cap") {
    await restoreOld();
    issuanceCapReached(nowMs);
  }
  // A revocation got recorded first: the old key is revoked as that request asked, and the replacement never shown.
  if (recorded === "lost") return changedByAnotherRequest();
  // Revoked now, its own expiry back in place: its refusals name the expiry it had, as a revoked key's do.
  await changeKeyLifecycle(env.KEY_GUARD, old.keyHash, { status: "revoked", expiresAt: effectiveExpiry(old) });
  await settleKeyPolicy(env.KEY_GUARD, [replacement.keyHash], orgPolicySource(db, org.id), org);
  return { replacement, key };
}

/** Revocation: the key fails on its next request. Repeating it is harmless and keeps the first reason. */
export async function revokeKey(
  env: InventoryEnv,
  db: InventoryDb,
  org: OrgRow | null,
  row: ApiKeyRow,
  reason: string | null,
  actor: string,
  nowMs: number,
) {
  if (row.revokedAt !== null) return { revokedAt: row.revokedAt, reason: row.revokeReason };
  await putKeyState(env.KEY_GUARD, row.keyHash, keyState({ ...row, revokedAt: nowMs }, org));
  const audit = org ? auditRow(org.id, "key.revoked", row.id, actor, reason, nowMs) : null;
  if (await recordRevocation(db.$client, row.id, nowMs, reason, audit)) return { revokedAt: nowMs, reason };
  const current = await findKey(db, row.id, null);
  return { revokedAt: current?.revokedAt ?? nowMs, reason: current?.revokeReason ?? null };
}

/**
 * Rebuilds a key's guard state from D1: recovery after a failed write, and how a legacy key (no
 * organisation) gets its key_not_bound state. Audited when the key has an organisation.
 */
export async function syncKey(env: InventoryEnv, db: InventoryDb, row: ApiKeyRow, actor: string, nowMs: number): Promise<KeyState> {
  const org = row.orgId === null ? null : ((await findOrg(db, row.orgId)) ?? null);
  const state = keyState(row, org);
  await putKeyState(env.KEY_GUARD, row.keyHash, state);
  if (org) await insertAudit(db, auditRow(org.id, "key.synced", row.id, actor, null, nowMs));
  return state;
}

export async function lastUsedAt(env: InventoryEnv, row: ApiKeyRow): Promise<number | null> {
  return (await keySnapshot(env.KEY_GUARD, row.keyHash)).lastUsedAt;
}
