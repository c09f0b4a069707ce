import { describe, expect, it } from "vitest";
import type { Usage } from "../../src/platform/keys/guard";
import { expiryWarning, rateLimitHeaders } from "../../src/platform/keys/rate-limit-headers";

// 2026-03-10 12:00:20 UTC: the minute window ends at 12:01:00 (40 s away); the IST day (UTC+05:30) ends at
// 2026-03-10 18:30:00 UTC, 6 h 29 min 40 s = 23,380 s away.
const now = Date.parse("2026-03-10T12:00:20Z");
const minuteReset = Date.parse("2026-03-10T12:01:00Z") / 1000;
const dayReset = Date.parse("2026-03-10T18:30:00Z") / 1000;

function usage(minuteRemaining: number, dayRemaining: number | null): Usage {
  return {
    minute: { limit: 30, remaining: minuteRemaining, resetAt: minuteReset },
    day: dayRemaining === null ? null : { limit: 500, remaining: dayRemaining, resetAt: dayReset },
  };
}

describe("rate-limit headers describe the window that binds", () => {
  it("the minute window while it has fewer requests left", () => {
    expect(rateLimitHeaders(usage(29, 499), now, false)).toEqual({
      "X-RateLimit-Limit": "30",
      "X-RateLimit-Remaining": "29",
      "X-RateLimit-Reset": String(minuteReset),
      "RateLimit-Policy": '"minute";q=30;w=60, "day";q=500;w=86400',
      RateLimit: '"minute";r=29;t=40',
    });
  });

  it("the day window once it has fewer left than the minute", () => {
    const headers = rateLimitHeaders(usage(29, 9), now, false);
    expect(headers["X-RateLimit-Limit"]).toBe("500");
    expect(headers["X-RateLimit-Remaining"]).toBe("9");
    expect(headers["X-RateLimit-Reset"]).toBe(String(dayReset));
    expect(headers.RateLimit).toBe('"day";r=9;t=23380');
    expect(headers["Retry-After"]).toBeUndefined();
  });

  it("a 429 from the spent day quota: the day window, Retry-After equal to its reset", () => {
    const headers = rateLimitHeaders(usage(30, 0), now, true);
    expect(headers["X-RateLimit-Limit"]).toBe("500");
    expect(headers["X-RateLimit-Remaining"]).toBe("0");
    expect(headers["X-RateLimit-Reset"]).toBe(String(dayReset));
    expect(headers["Retry-After"]).toBe("23380");
    expect(headers.RateLimit).toBe('"day";r=0;t=23380');
  });

  it("a 429 from the minute: the minute window, Retry-After 40 s", () => {
    const headers = rateLimitHeaders(usage(0, 300), now, true);
    expect(headers["X-RateLimit-Limit"]).toBe("30");
    expect(headers["X-RateLimit-Reset"]).toBe(String(minuteReset));
    expect(headers["Retry-After"]).toBe("40");
  });

  it("both windows spent: the day, which frees last", () => {
    const headers = rateLimitHeaders(usage(0, 0), now, true);
    expect(headers["X-RateLimit-Reset"]).toBe(String(dayReset));
    expect(headers["Retry-After"]).toBe("23380");
  });

  it("a plan without a day quota names only the minute policy", () => {
    const headers = rateLimitHeaders(usage(0, null), now, true);
    expect(headers["RateLimit-Policy"]).toBe('"minute";q=30;w=60');
    expect(headers.RateLimit).toBe('"minute";r=0;t=40');
    expect(headers["Retry-After"]).toBe("40");
  });

  it("Retry-After is at least 1 s on the last instant of a window", () => {
    const headers = rateLimitHeaders(usage(0, null), minuteReset * 1000 - 1, true);
    expect(headers["Retry-After"]).toBe("1");
  });
});

describe("the key-expiry warning", () => {
  const day = 86_400_000;
  it.each([
    ["no expiry", null, {}],
    ["8 days away", now + 8 * day, {}],
    ["exactly 7 days away", now + 7 * day, { "X-Service-Key-Expires-Soon": "2026-03-17T12:00:20.000Z" }],
    ["1 hour away", now + 3_600_000, { "X-Service-Key-Expires-Soon": "2026-03-10T13:00:20.000Z" }],
  ])("%s", (_, expiresAt, expected) => {
    expect(expiryWarning(expiresAt, now)).toEqual(expected);
  });
});
