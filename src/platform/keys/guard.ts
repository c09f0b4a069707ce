// A Durable Object per API key, named from the key's SHA-256. It holds the key's live state (status, expiry,
// grants, service denials, limits) and its rate-limit counters, so authenticating and counting a request is
// one round trip to one object, with no D1 query. D1 stays the registry for lists, audit and recovery;
// management writes update both. Single-threaded execution makes the counters exact under concurrency.
import { DurableObject } from "cloudflare:workers";
import { istDayNumber, istDayStartMs } from "../pure/ist";

export interface KeyLimits {
  perMinute: number;
  /** Per calendar day in India (IST midnight to midnight); null when the plan has no daily quota. */
  perDay: number | null;
}

export interface KeyState {
  keyId: string;
  ownerId: string;
  status: "active" | "revoked";
  /** Unix ms after which the key is dead; null = never. Rotation lowers it to the end of the overlap. */
  expiresAt: number | null;
  /** What the key may do (scopes, access). */
  grants: string[];
  /** A service code refusing every request before any limit applies (plan_required, key_not_bound, …). */
  denial: string | null;
  limits: KeyLimits;
  /** Service data echoed back on every request (plan, superseded flag, owner's key metadata). */
  attributes: Record<string, string | number | boolean | null>;
  /**
   * A change the key makes by itself at a known time (a paid period ending): from `atMs` on, these limits
   * and attributes apply, on the first request after, with no management write needed. Absent: none.
   */
  lapse?: KeyLapse | null;
  /**
   * Counts lifecycle writes (put, changeLifecycle), never policy ones: what a replacement compares and sets, so
   * of two racing rotations or regenerations of one key only the first is accepted. Absent on states stored
   * before it existed: 0.
   */
  revision?: number;
}

/** The part of a key's state its owner's plan, subscription or billing decides; a policy change touches nothing else. */
export interface KeyPolicy {
  denial: KeyState["denial"];
  limits: KeyLimits;
  lapse: KeyLapse | null;
  /** Merged into the key's attributes (plan): attributes of its lifecycle or its own (superseded, access) stay. */
  attributes: KeyState["attributes"];
}

/** The part of a key's state rotation, regeneration and revocation change. */
export interface LifecycleChange {
  status?: "revoked";
  expiresAt?: number | null;
  /** Merged into the key's attributes (superseded). */
  attributes?: KeyState["attributes"];
}

export interface KeyLapse {
  atMs: number;
  limits: KeyLimits;
  attributes: KeyState["attributes"];
}

export interface Requirement {
  /** The grants that satisfy the requirement: a key holding any one of them passes. */
  anyOf: readonly string[];
  /** The service code returned when the key holds none of them. */
  code: string;
}

export interface WindowUsage {
  limit: number;
  remaining: number;
  /** Unix seconds when the window resets. */
  resetAt: number;
}

export interface Usage {
  minute: WindowUsage;
  day: WindowUsage | null;
}

/** What a request learns about its key: small, because it crosses the RPC boundary on every request. */
export type KeyIdentity = Pick<KeyState, "keyId" | "ownerId" | "expiresAt" | "attributes">;

export type Verdict =
  | { outcome: "unknown" }
  | { outcome: "revoked"; state: KeyIdentity }
  | { outcome: "expired"; state: KeyIdentity }
  /** `usage` reports the current windows without counting: a denial is refused before any limit applies. */
  | { outcome: "denied"; code: string; state: KeyIdentity; usage: Usage }
  | { outcome: "limited"; state: KeyIdentity; usage: Usage; retryAfterSeconds: number }
  | { outcome: "allowed"; state: KeyIdentity; usage: Usage };

export interface KeySnapshot {
  state: KeyState | null;
  lastUsedAt: number | null;
}

const MINUTE_MS = 60_000;

/** One window's count: the window (minute number, or IST day number) and the requests allowed in it. */
export interface Counter {
  window: number;
  count: number;
}

/** A key's counters as its guard holds them. A window already past counts for nothing when a request comes. */
export interface UsageCounts {
  minute: Counter;
  day: Counter;
}

/** What a lifecycle change answers: the new revision (null: refused), and the key's counters at that instant. */
export interface LifecycleOutcome {
  revision: number | null;
  /** What a replacement starts from, so replacing a key never gives it fresh limits. */
  usage: UsageCounts;
}

/** Storage layout: the key's state (written by management) and its usage (written per request) apart. */
const STATE_KEY = "state";
const USAGE_KEY = "usage";
/** [minute window, minute count, day window, day count, last used at] */
type StoredUsage = [number, number, number, number, number | null];

interface Stored {
  state: KeyState | null;
  minute: Counter;
  day: Counter;
  lastUsedAt: number | null;
}

export class KeyGuard extends DurableObject<object> {
  private stored: Stored;

  constructor(ctx: DurableObjectState, env: object) {
    super(ctx, env);
    // The synchronous SQLite KV reads: the object is ready before its first call, with no gate to hold.
    const usage = ctx.storage.kv.get<StoredUsage>(USAGE_KEY);
    this.stored = {
      state: ctx.storage.kv.get<KeyState>(STATE_KEY) ?? null,
      minute: { window: usage?.[0] ?? -1, count: usage?.[1] ?? 0 },
      day: { window: usage?.[2] ?? -1, count: usage?.[3] ?? 0 },
      lastUsedAt: usage?.[4] ?? null,
    };
  }

  /** Authenticates and counts one request. Nothing is written for unknown keys, so garbage leaves no trace. */
  authorize(nowMs: number, required: Requirement[]): Verdict {
    const state = stateAt(this.stored.state, nowMs);
    if (!state) return { outcome: "unknown" };
    // Fail closed: only an explicitly active key with a numeric (or no) expiry and a list of grants passes.
    const identity = identityOf(state);
    if (state.status !== "active") return { outcome: "revoked", state: identity };
    if (state.expiresAt !== null && !(nowMs < state.expiresAt)) return { outcome: "expired", state: identity };
    if (!Array.isArray(state.grants)) throw new Error("key guard: stored grants are not a list");

    const minuteWindow = Math.floor(nowMs / MINUTE_MS);
    const dayWindow = istDayNumber(nowMs);
    const minute = this.stored.minute.window === minuteWindow ? { ...this.stored.minute } : { window: minuteWindow, count: 0 };
    const day = this.stored.day.window === dayWindow ? { ...this.stored.day } : { window: dayWindow, count: 0 };
    const minuteReset = (minuteWindow + 1) * MINUTE_MS;
    const dayReset = istDayStartMs(dayWindow + 1);
    const { perMinute, perDay } = state.limits;

    const denial = state.denial ?? required.find((requirement) => !requirement.anyOf.some((grant) => state.grants.includes(grant)))?.code;
    if (denial)
      return { outcome: "denied", code: denial, state: identity, usage: usage(minute.count, day.count, state.limits, minuteReset, dayReset) };

    const minuteFull = minute.count >= perMinute;
    const dayFull = perDay !== null && day.count >= perDay;
    if (minuteFull || dayFull) {
      const blockedUntil = Math.max(minuteFull ? minuteReset : 0, dayFull ? dayReset : 0);
      return {
        outcome: "limited",
        state: identity,
        usage: usage(minute.count, day.count, state.limits, minuteReset, dayReset),
        retryAfterSeconds: Math.max(1, Math.ceil((blockedUntil - nowMs) / 1000)),
      };
    }

    minute.count += 1;
    day.count += 1;
    // Only the counters are written per request: a small tuple, not the key's whole state.
    this.writeUsage(minute, day, nowMs);
    return { outcome: "allowed", state: identity, usage: usage(minute.count, day.count, state.limits, minuteReset, dayReset) };
  }

  /** Creates or replaces the key's state (management writes). Counters survive, so a plan change never resets usage. */
  async put(state: KeyState): Promise<void> {
    // Revocation is final: a write that raced it (a rotation built from a row read before the revocation)
    // must not bring the key back to life.
    if (this.stored.state?.status === "revoked" && state.status !== "revoked") state = { ...state, status: "revoked" };
    await this.write({ ...state, revision: revisionOf(this.stored.state) + 1 });
  }

  /**
   * Changes the key's lifecycle only while its revision is still `expectedRevision` (any revision when omitted):
   * the one place that orders rotate, regenerate and revoke of a key, so a replacement that lost the race is
   * refused before anything is written. A revoked key accepts nothing but revocation. Answers the new revision,
   * or null when refused (or when the key has no state), and in either case the key's counters as they stand at
   * this instant: every request the key served before the change is in them, and once a change that ends the key
   * has landed it serves no more, so a replacement started from them loses no request.
   */
  async changeLifecycle(change: LifecycleChange, expectedRevision?: number): Promise<LifecycleOutcome> {
    const current = this.stored.state;
    const usage = { minute: { ...this.stored.minute }, day: { ...this.stored.day } };
    if (!current) return { revision: null, usage };
    if (expectedRevision !== undefined && revisionOf(current) !== expectedRevision) return { revision: null, usage };
    if (current.status === "revoked" && change.status !== "revoked") return { revision: null, usage };
    const revision = revisionOf(current) + 1;
    await this.write({
      ...current,
      status: change.status ?? current.status,
      expiresAt: change.expiresAt === undefined ? current.expiresAt : change.expiresAt,
      attributes: { ...current.attributes, ...change.attributes },
      revision,
    });
    return { revision, usage };
  }

  /**
   * Starts a replacement from the counters of the key it replaces (what `changeLifecycle` answered for it), so a
   * rotation or regeneration never resets the limits. Each window keeps the later of the two, and of the same
   * window the higher count: inheriting never lowers a count, and a window already past carries nothing.
   */
  inheritUsage(inherited: UsageCounts): void {
    this.writeUsage(laterCounter(this.stored.minute, inherited.minute), laterCounter(this.stored.day, inherited.day), this.stored.lastUsedAt);
  }

  /** Applies the owner's current policy and leaves the lifecycle alone, so a policy built from a stale row cannot undo a rotation. */
  async applyPolicy(policy: KeyPolicy): Promise<void> {
    const current = this.stored.state;
    if (!current) return;
    await this.write({
      ...current,
      denial: policy.denial,
      limits: policy.limits,
      lapse: policy.lapse,
      attributes: { ...current.attributes, ...policy.attributes },
    });
  }

  /**
   * Replaces the key's grants and nothing else (lifecycle, revision and policy stay): for a state written before
   * its service gave grants a new meaning, such as a scope added that a key without scopes must hold. Returns
   * whether they changed.
   */
  async replaceGrants(grants: string[]): Promise<boolean> {
    const current = this.stored.state;
    if (!current || (current.grants.length === grants.length && current.grants.every((grant, i) => grant === grants[i]))) return false;
    await this.write({ ...current, grants });
    return true;
  }

  private async write(state: KeyState): Promise<void> {
    this.stored = { ...this.stored, state };
    await this.ctx.storage.put(STATE_KEY, state);
  }

  private writeUsage(minute: Counter, day: Counter, lastUsedAt: number | null): void {
    this.stored = { ...this.stored, minute, day, lastUsedAt };
    // The synchronous SQLite KV write: no promise per request; the output gate still holds the reply until
    // the write is durable.
    this.ctx.storage.kv.put(USAGE_KEY, [minute.window, minute.count, day.window, day.count, lastUsedAt] satisfies StoredUsage);
  }

  snapshot(): KeySnapshot {
    return { state: this.stored.state, lastUsedAt: this.stored.lastUsedAt };
  }
}

function laterCounter(own: Counter, inherited: Counter): Counter {
  if (inherited.window !== own.window) return inherited.window > own.window ? { ...inherited } : own;
  return inherited.count > own.count ? { ...inherited } : own;
}

function revisionOf(state: KeyState | null): number {
  return state?.revision ?? 0;
}

/** The state in force at `nowMs`: the stored one, or what it lapses to once its lapse time has come. */
export function stateAt(state: KeyState | null, nowMs: number): KeyState | null {
  if (!state?.lapse || nowMs < state.lapse.atMs) return state;
  return { ...state, limits: state.lapse.limits, attributes: { ...state.attributes, ...state.lapse.attributes }, lapse: null };
}

function identityOf(state: KeyState): KeyIdentity {
  return { keyId: state.keyId, ownerId: state.ownerId, expiresAt: state.expiresAt, attributes: state.attributes };
}

function usage(minuteCount: number, dayCount: number, limits: KeyLimits, minuteReset: number, dayReset: number): Usage {
  return {
    minute: { limit: limits.perMinute, remaining: Math.max(0, limits.perMinute - minuteCount), resetAt: Math.ceil(minuteReset / 1000) },
    day:
      limits.perDay === null ? null : { limit: limits.perDay, remaining: Math.max(0, limits.perDay - dayCount), resetAt: Math.ceil(dayReset / 1000) },
  };
}
