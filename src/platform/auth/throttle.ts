// Throttles for the web pages and the management API: one Durable Object per bucket (an account's email hash,
// an account or organisation, a client network), counting attempts in a fixed window that opens at the first
// attempt. Every attempt is counted *before* the password or session is checked, in the object's single
// thread, so parallel requests cannot overshoot the limit; a correct password clears its account's sign-in
// bucket (never the address's). An alarm deletes the bucket when its window ends, so idle buckets leave
// nothing behind.
import { DurableObject } from "cloudflare:workers";
import { sha256Hex } from "../crypto";
import { addressNetwork } from "../keys/budget";

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

/** Per account: 5 attempts per 15 minutes; per client address: 30 (an office behind one NAT signs in too). */
export const SIGN_IN_RULES = {
  account: { limit: 5, windowMs: 15 * 60_000 },
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
export function checkManagementCall(
  namespace: DurableObjectNamespace<SignInThrottle>,
  call: { ownerId?: string | undefined; address: string | null; nowMs: number },
  rules: { account: ThrottleRule; address: ThrottleRule } = MANAGEMENT_RULES,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const buckets = [
    ...(call.address === null ? [] : [{ name: `manage-address:${addressNetwork(call.address)}`, rule: rules.address }]),
    ...(call.ownerId === undefined ? [] : [{ name: `manage-account:${call.ownerId}`, rule: rules.account }]),
  ];
  return countIn(namespace, buckets, call.nowMs);
}

/** Cloudflare sets CF-Connecting-IP at its edge (a client cannot forge it); local runs may lack it. */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}

export interface SignInCheck {
  allowed: boolean;
  retryAfterSeconds: number;
  /** Clears the account's bucket after a correct password. */
  succeeded(): Promise<void>;
}

/**
 * Counts one sign-in (or sign-up) attempt against the address and, when an email is given, the account.
 * The email is hashed so bucket names never carry it.
 */
export async function checkSignIn(
  namespace: DurableObjectNamespace<SignInThrottle>,
  attempt: { email?: string; address: string; nowMs: number },
  rules: { account: ThrottleRule; address: ThrottleRule } = SIGN_IN_RULES,
): Promise<SignInCheck> {
  const accountName = attempt.email === undefined ? null : `account:${await sha256Hex(attempt.email.toLowerCase())}`;
  const verdict = await countIn(
    namespace,
    [
      { name: `address:${addressNetwork(attempt.address)}`, rule: rules.address },
      ...(accountName ? [{ name: accountName, rule: rules.account }] : []),
    ],
    attempt.nowMs,
  );
  return {
    ...verdict,
    succeeded: async () => {
      if (accountName) await bucket(namespace, accountName).clear();
    },
  };
}
