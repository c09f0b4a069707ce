// Throttles for the web pages and the management API: one Durable Object per bucket (an account's email hash,
// a known browser's device id, an account or organisation, a client network), counting attempts in a fixed window
// that opens at the first attempt. Every attempt is counted *before* the password or session is checked, in the
// object's single thread, so parallel requests cannot overshoot the limit; a correct password clears the sign-in
// bucket it was counted in (never the address's). An alarm deletes the bucket when its window ends, so idle
// buckets leave nothing behind.
import { DurableObject } from "cloudflare:workers";
import type { Context } from "hono";
import { sha256Hex } from "../crypto";
import { addressNetwork } from "../keys/budget";
import { type DeviceCookie, knownDevice, rememberDevice } from "./device-cookie";

export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

export interface ThrottleVerdict {
  allowed: boolean;
  /** Attempts counted in the current window, this one included. */
  count: number;
  retryAfterSeconds: number;
}

interface Window {
  startedAt: number;
  count: number;
}

export class SignInThrottle extends DurableObject<object> {
  private window: Window | null = null;

  constructor(ctx: DurableObjectState, env: object) {
    super(ctx, env);
    void ctx.blockConcurrencyWhile(async () => {
      this.window = (await ctx.storage.get<Window>("window")) ?? null;
    });
  }

  /** Counts one attempt; refused attempts are counted too, so hammering a locked bucket never reopens it early. */
  async hit(nowMs: number, rule: ThrottleRule): Promise<ThrottleVerdict> {
    let window = this.window;
    if (!window || nowMs >= window.startedAt + rule.windowMs) {
      window = { startedAt: nowMs, count: 0 };
      await this.ctx.storage.setAlarm(nowMs + rule.windowMs);
    }
    window = { ...window, count: window.count + 1 };
    this.window = window;
    await this.ctx.storage.put("window", window);
    const retryAfterSeconds = Math.max(1, Math.ceil((window.startedAt + rule.windowMs - nowMs) / 1000));
    return { allowed: window.count <= rule.limit, count: window.count, retryAfterSeconds };
  }

  async clear(): Promise<void> {
    this.window = null;
    await this.ctx.storage.deleteAll();
  }

  override async alarm(): Promise<void> {
    await this.clear();
  }
}

/**
 * Per account from browsers it has not signed in from: 5 attempts per 15 minutes; per browser it has signed in
 * from (its device cookie): 5 of its own; per client address: 30 (an office behind one NAT signs in too).
 */
export const SIGN_IN_RULES = {
  account: { limit: 5, windowMs: 15 * 60_000 },
  device: { limit: 5, windowMs: 15 * 60_000 },
  address: { limit: 30, windowMs: 15 * 60_000 },
} as const satisfies Record<string, ThrottleRule>;

/**
 * The management API (`/admin/api/*`) per signed-in account or organisation, and per client network for every
 * call that is not the operator's: generous for the web pages (a page view is a few calls), tight enough that
 * a stolen session or a token guesser cannot hammer the service. The operator's token is not counted.
 */
export const MANAGEMENT_RULES = {
  account: { limit: 300, windowMs: 60_000 },
  address: { limit: 600, windowMs: 60_000 },
} as const satisfies Record<string, ThrottleRule>;

function bucket(namespace: DurableObjectNamespace<SignInThrottle>, name: string) {
  return namespace.get(namespace.idFromName(name));
}

/** Counts one attempt in every bucket given; refused when any of them is over its limit. */
async function countIn(
  namespace: DurableObjectNamespace<SignInThrottle>,
  buckets: ReadonlyArray<{ name: string; rule: ThrottleRule }>,
  nowMs: number,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const verdicts = await Promise.all(buckets.map(({ name, rule }) => bucket(namespace, name).hit(nowMs, rule)));
  const refusals = verdicts.filter((v) => !v.allowed);
  return { allowed: refusals.length === 0, retryAfterSeconds: Math.max(0, ...refusals.map((v) => v.retryAfterSeconds)) };
}

/**
 * Counts one management call against the caller's client network (IPv4 address, IPv6 /64) when the edge
 * named one, and against the signed-in owner when there is one.
 */
export async function checkManagementCall(
  namespace: DurableObjectNamespace<SignInThrottle>,
  call: { ownerId?: string | undefined; address: string | null; nowMs: number },
  rules: { account: ThrottleRule; address: ThrottleRule } = MANAGEMENT_RULES,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const address =
    call.address === null
      ? { allowed: true, retryAfterSeconds: 0 }
      : await countIn(namespace, [{ name: `manage-address:${addressNetwork(call.address)}`, rule: rules.address }], call.nowMs);
  // As for sign-in: a call the network's limit refuses does not spend the owner's allowance.
  if (call.ownerId === undefined || !address.allowed) return address;
  return countIn(namespace, [{ name: `manage-account:${call.ownerId}`, rule: rules.account }], call.nowMs);
}

/**
 * Counts one attempt at an action in the bucket `name` (one per owner and action), refused past the rule's limit in
 * its window; for actions whose refusals would tell the caller something, so they are counted whatever the outcome.
 */
export function checkAttempt(
  namespace: DurableObjectNamespace<SignInThrottle>,
  name: string,
  rule: ThrottleRule,
  nowMs: number,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  return countIn(namespace, [{ name, rule }], nowMs);
}

/** Cloudflare sets CF-Connecting-IP at its edge (a client cannot forge it); local runs may lack it. */
function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}

/** What a form refused by the sign-in throttle shows (its answer carries `Retry-After` in seconds as well). */
export function tooManyAttempts(retryAfterSeconds: number): string {
  return `Too many attempts. Try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`;
}

export interface SignInCheck {
  allowed: boolean;
  retryAfterSeconds: number;
  /** After a correct password: clears the bucket the attempt was counted in; for a sign-in, renews the device cookie. */
  succeeded(): Promise<void>;
}

/**
 * Counts one sign-in (or sign-up) attempt against the client's address and, when an email is given and the address
 * allows it, against the browser's own bucket if its device cookie was issued for that email, or else the account's
 * bucket shared by every other browser: someone guessing from elsewhere locks the account for new browsers only.
 * Bucket names carry a hash of the email or the device id, never the email.
 */
export async function checkSignIn(
  c: Context,
  throttle: DurableObjectNamespace<SignInThrottle>,
  attempt: { nowMs: number; email?: undefined } | { nowMs: number; email: string; device: DeviceCookie },
  rules: { account: ThrottleRule; device: ThrottleRule; address: ThrottleRule } = SIGN_IN_RULES,
): Promise<SignInCheck> {
  const address = await countIn(throttle, [{ name: `address:${addressNetwork(clientAddress(c.req.raw))}`, rule: rules.address }], attempt.nowMs);
  // An attempt the address limit refuses is not counted against the account: a client past its limit can lock no
  // more accounts.
  const own = attempt.email === undefined || !address.allowed ? null : await signInBucket(c, attempt.email, attempt.device, attempt.nowMs, rules);
  const verdict = own === null ? address : await countIn(throttle, [own], attempt.nowMs);
  return {
    ...verdict,
    succeeded: async () => {
      if (own) await bucket(throttle, own.name).clear();
      if (attempt.email !== undefined) await rememberDevice(c, attempt.device, attempt.email, attempt.nowMs);
    },
  };
}

/** The browser's own bucket when its device cookie was issued for `email`; otherwise the account's shared one. */
async function signInBucket(
  c: Context,
  email: string,
  device: DeviceCookie,
  nowMs: number,
  rules: { account: ThrottleRule; device: ThrottleRule },
): Promise<{ name: string; rule: ThrottleRule }> {
  const deviceId = await knownDevice(c, device, email, nowMs);
  if (deviceId !== null) return { name: `device:${deviceId}`, rule: rules.device };
  return { name: `account:${await sha256Hex(email.toLowerCase())}`, rule: rules.account };
}
