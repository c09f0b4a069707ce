// Sign-in throttle for the web pages: one Durable Object per bucket (an account's email hash, a client
// address), counting attempts in a fixed window that opens at the first attempt. Every attempt is counted
// *before* the password is checked, in the object's single thread, so parallel guesses cannot overshoot
// the limit; a correct password clears its account's bucket (never the address's). An alarm deletes the
// bucket when its window ends, so idle buckets leave nothing behind.
import { DurableObject } from "cloudflare:workers";
import { sha256Hex } from "../crypto";

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

function bucket(namespace: DurableObjectNamespace<SignInThrottle>, name: string) {
  return namespace.get(namespace.idFromName(name));
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
  const accountBucket = attempt.email === undefined ? null : bucket(namespace, `account:${await sha256Hex(attempt.email.toLowerCase())}`);
  const [byAddress, byAccount] = await Promise.all([
    bucket(namespace, `address:${attempt.address}`).hit(attempt.nowMs, rules.address),
    accountBucket ? accountBucket.hit(attempt.nowMs, rules.account) : Promise.resolve(null),
  ]);
  const refusals = [byAddress, byAccount].filter((v): v is ThrottleVerdict => v !== null && !v.allowed);
  return {
    allowed: refusals.length === 0,
    retryAfterSeconds: Math.max(0, ...refusals.map((v) => v.retryAfterSeconds)),
    succeeded: async () => {
      if (accountBucket) await accountBucket.clear();
    },
  };
}
