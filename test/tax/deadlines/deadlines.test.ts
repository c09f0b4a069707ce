import { describe, expect, it } from "vitest";
import { DeadlinesResponseSchema } from "../../../src/tax/deadlines/schemas";
import { api, createKey, expectError, expectStatus } from "../helpers";

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

  it.each([["from=2026-02-30"], ["from=2026-2-3"], ["from=yesterday"], ["limit=0"], ["limit=101"], ["limit=1.5"]])("refuses %s", async (query) => {
    const { key } = await createKey({ scopes: ["deadlines:read"] });
    await expectError(await api(`/api/v1/deadlines?${query}`, key), 400, "validation_error");
  });
});
