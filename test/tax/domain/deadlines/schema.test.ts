import { describe, expect, it } from "vitest";
import { listDeadlines } from "../../../../src/tax/domain/deadlines";
import { DeadlinesQuerySchema, DeadlinesResponseSchema } from "../../../../src/tax/deadlines/schemas";

describe("DeadlinesQuerySchema", () => {
  it("defaults limit to 10 and leaves from to the handler (today in IST)", () => {
    expect(DeadlinesQuerySchema.parse({})).toEqual({ limit: 10 });
  });

  it("takes a cursor of the calendar in place of from, read as the position it names", () => {
    expect(DeadlinesQuerySchema.parse({ cursor: "2026-06-15.2", limit: "2" })).toEqual({ cursor: { from: "2026-06-15", skip: 2 }, limit: 2 });
  });

  it("coerces query-string values", () => {
    expect(DeadlinesQuerySchema.parse({ from: "2026-07-01", limit: "5" })).toEqual({ from: "2026-07-01", limit: 5 });
  });

  it.each([
    [{ from: "2026-02-30" }, "from"],
    [{ from: "2026-7-1" }, "from"],
    [{ limit: "0" }, "limit"],
    [{ limit: "101" }, "limit"],
    [{ limit: "2.5" }, "limit"],
    [{ limit: "ten" }, "limit"],
    [{ cursor: "2026-06-15" }, "cursor"],
    [{ cursor: "2026-06-15.2", from: "2026-06-15" }, "from"],
  ])("rejects %j naming %s", (query, field) => {
    const result = DeadlinesQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });
});

describe("DeadlinesResponseSchema", () => {
  it("accepts every record the calendar produces", () => {
    const data = listDeadlines({ from: "0000-01-01", limit: 10_000 }).deadlines;
    expect(DeadlinesResponseSchema.parse({ data, nextCursor: null })).toEqual({ data, nextCursor: null });
  });
});
