// What an answer to an identified key says about its limits. The X-RateLimit-* triple, the IETF `RateLimit`
// header and `Retry-After` all describe the same window, the one that binds, so a client backing off by any
// of them waits exactly as long as it must: no retrying every minute while a day quota is spent.
import type { Usage, WindowUsage } from "./guard";

/** Answers to a key that dies within this time carry `X-Service-Key-Expires-Soon`. */
export const EXPIRY_WARNING_MS = 7 * 86_400_000;

interface NamedWindow {
  name: "minute" | "day";
  seconds: number;
  usage: WindowUsage;
}

/**
 * The window that binds: on a 429 the exhausted window that frees last; otherwise the one with the fewer
 * requests left (on a tie the longer one, which frees later).
 */
export function bindingWindow(usage: Usage, limited: boolean): NamedWindow {
  const windows: NamedWindow[] = [{ name: "minute", seconds: 60, usage: usage.minute }];
  if (usage.day) windows.push({ name: "day", seconds: 86_400, usage: usage.day });
  const candidates = limited ? windows.filter((w) => w.usage.remaining === 0) : windows;
  return (candidates.length > 0 ? candidates : windows).reduce((best, w) =>
    w.usage.remaining < best.usage.remaining || (w.usage.remaining === best.usage.remaining && w.usage.resetAt > best.usage.resetAt) ? w : best,
  );
}

/** The rate-limit headers of one answer; `limited` answers (429) add a `Retry-After` equal to the reset. */
export function rateLimitHeaders(usage: Usage, nowMs: number, limited: boolean): Record<string, string> {
  const binding = bindingWindow(usage, limited);
  const secondsToReset = Math.max(limited ? 1 : 0, binding.usage.resetAt - Math.floor(nowMs / 1000));
  const policies = [{ name: "minute", seconds: 60, usage: usage.minute }, ...(usage.day ? [{ name: "day", seconds: 86_400, usage: usage.day }] : [])];
  const headers: Record<string, string> = {
    "X-RateLimit-Limit": String(binding.usage.limit),
    "X-RateLimit-Remaining": String(binding.usage.remaining),
    "X-RateLimit-Reset": String(binding.usage.resetAt),
    // draft-ietf-httpapi-ratelimit-headers: every policy, then the state of the one that binds.
    "RateLimit-Policy": policies.map((p) => `"${p.name}";q=${p.usage.limit};w=${p.seconds}`).join(", "),
    RateLimit: `"${binding.name}";r=${binding.usage.remaining};t=${secondsToReset}`,
  };
  if (limited) headers["Retry-After"] = String(secondsToReset);
  return headers;
}

/** `X-Service-Key-Expires-Soon: <ISO time>` on answers to a key that expires within seven days. */
export function expiryWarning(expiresAt: number | null, nowMs: number): Record<string, string> {
  if (expiresAt === null || expiresAt - nowMs > EXPIRY_WARNING_MS) return {};
  return { "X-Service-Key-Expires-Soon": new Date(expiresAt).toISOString() };
}

/** How keyed answers describe limits and expiry, for each service's OpenAPI security scheme. */
export const KEY_HEADERS_DESCRIPTION =
  "Every answer to an identified key carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (unix seconds) " +
  "for the window that binds (the one with fewer requests left, or the one that caused a 429), the IETF draft headers " +
  "`RateLimit-Policy` (every window) and `RateLimit` (the binding one), and on a 429 for the key's own limit `Retry-After`, " +
  "equal to `X-RateLimit-Reset` minus now. A 429 from a limit of its own (an endpoint's test sends and re-sends, the keys issued " +
  "in a day, unknown keys from one network) carries its own `Retry-After`, the seconds until that limit frees. " +
  "A key expiring within 7 days adds `X-Service-Key-Expires-Soon: <ISO 8601 expiry>`. A 401 carries `WWW-Authenticate: Bearer`.";
