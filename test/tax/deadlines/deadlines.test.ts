import { describe, expect, it } from "vitest";
import { DeadlinesResponseSchema } from "../../../src/tax/deadlines/schemas";
import { admin, api, createKey, expectError, expectStatus } from "../helpers";

describe("GET /api/v1/deadlines", () => {
  it("lists due dates on or after `from`, ascending, limited", async () => {
    const { key } = await createKey({ scopes: ["deadlines:read"] });
    const body = DeadlinesResponseSchema.parse(await expectStatus(await api("/api/v1/deadlines?from=2026-07-01&limit=5", key), 200));
    expect(body.data).toHaveLength(5);
    expect(body.data.every((d) => d.date >= "2026-07-01")).toBe(true);
    expect(body.data.map((d) => d.date)).toEqual([...body.data.map((d) => d.date)].sort());
  });

  it("defaults to today in IST and 10 records", async () => {
    const { key } = await createKey({ scopes: ["deadlines:read"] });
    const body = DeadlinesResponseSchema.parse(await expectStatus(await api("/api/v1/deadlines", key), 200));
    const todayIst = new Date(Date.now() + 19_800_000).toISOString().slice(0, 10);
    expect(body.data.length).toBeLessThanOrEqual(10);
    expect(body.data.every((d) => d.date >= todayIst)).toBe(true);
  });

  // Three records are due on 15 June 2026: pages of two end between them and go on from the next cursor.
  it("pages by nextCursor through records due on the same day, and ends with null", async () => {
    const { key } = await createKey({ scopes: ["deadlines:read"] });
    const page = async (query: string) => DeadlinesResponseSchema.parse(await expectStatus(await api(`/api/v1/deadlines?${query}`, key), 200));
    const whole = await page("from=2026-06-15&limit=4");
    const first = await page("from=2026-06-15&limit=2");
    expect(first.data).toEqual(whole.data.slice(0, 2));
    expect(first.nextCursor).not.toBeNull();
    const second = await page(`cursor=${encodeURIComponent(first.nextCursor!)}&limit=2`);
    expect(second.data).toEqual(whole.data.slice(2, 4));
    const last = await page("from=2032-03-31&limit=2");
    expect(last.data.map((d) => d.date)).toEqual(["2032-03-31"]);
    expect(last.nextCursor).toBeNull();
  });

  it.each([
    ["from=2026-02-30"],
    ["from=2026-2-3"],
    ["from=yesterday"],
    ["limit=0"],
    ["limit=101"],
    ["limit=1.5"],
    ["cursor=2026-06-15"],
    ["cursor=2026-06-15.2&from=2026-06-15"],
  ])("refuses %s", async (query) => {
    const { key } = await createKey({ scopes: ["deadlines:read"] });
    await expectError(await api(`/api/v1/deadlines?${query}`, key), 400, "validation_error");
  });

  it("answers a repeated query alike while checking and counting the key on every request", async () => {
    const key = await createKey({ scopes: ["deadlines:read"] });
    const query = "/api/v1/deadlines?from=2026-04-01&limit=4";
    const first = await api(query, key.key);
    const second = await api(query, key.key);
    expect(second.headers.get("Content-Type")).toBe("application/json");
    const [firstText, secondText] = [await first.text(), await second.text()];
    expect(secondText).toBe(firstText);
    expect(DeadlinesResponseSchema.parse(JSON.parse(secondText)).data).toHaveLength(4);
    // Each request spends one unit of the minute's allowance, cached answer or not (a new minute starts full).
    const sameMinute = second.headers.get("X-RateLimit-Reset") === first.headers.get("X-RateLimit-Reset");
    const expectedRemaining = sameMinute
      ? Number(first.headers.get("X-RateLimit-Remaining")) - 1
      : Number(second.headers.get("X-RateLimit-Limit")) - 1;
    expect(Number(second.headers.get("X-RateLimit-Remaining"))).toBe(expectedRemaining);
    // Another limit on the same day is its own answer: the first three of the four.
    const three = DeadlinesResponseSchema.parse(await expectStatus(await api("/api/v1/deadlines?from=2026-04-01&limit=3", key.key), 200));
    expect(three.data).toEqual(DeadlinesResponseSchema.parse(JSON.parse(firstText)).data.slice(0, 3));
    // Revocation is instant for a query answered before.
    await expectStatus(await admin("POST", `/admin/api/keys/${key.id}/revoke`), 200);
    await expectError(await api(query, key.key), 401, "invalid_api_key");
    // A key without the scope is refused the cached answer too.
    const other = await createKey({ scopes: [] });
    await expectError(await api(query, other.key), 403, "forbidden");
  });
});
