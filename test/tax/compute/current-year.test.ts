// The year of a request without `financialYear`: the financial year of today in India, refused once that year's rules
// are not in the engine (FY 2024-25, 2025-26 and tax year 2026-27 are). India is UTC+05:30 all year, so 1 April 00:00
// IST is 31 March 18:30 UTC.
//
// The instants, worked by hand: from 1970-01-01 to 2027-01-01 are 57 years, 14 of them leap (1972 to 2024), so
// 57 × 365 + 14 = 20,819 days; 31 March 2027 is 31 + 28 + 30 = 89 days later, day 20,908, and its midnight UTC is
// 20,908 × 86,400 s = 1,806,451,200 s. 18:29 UTC adds 66,540 s and 18:30 UTC 66,600 s.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../src/platform/http/errors";
import { currentYearOrFail } from "../../../src/tax/compute/current-year";
import { api, createKey, expectError, expectStatus } from "../helpers";

/** 31 March 2027 23:59 IST (18:29 UTC): the last minute of tax year 2026-27. */
const LAST_MINUTE_OF_2026_27 = 1_806_517_740_000;
/** 1 April 2027 00:00 IST (31 March 18:30 UTC): the first instant of FY 2027-28, whose rules the service does not have. */
const FIRST_INSTANT_OF_2027_28 = 1_806_517_800_000;

const REFUSAL =
  "financialYear: not given, and the rules of the current financial year (2027-28) are not available yet; give financialYear as one of 2024-25, 2025-26, 2026-27";

function refusalAt(nowMs: number): unknown {
  try {
    currentYearOrFail(nowMs);
  } catch (error) {
    return error;
  }
  throw new Error(`currentYearOrFail(${nowMs}) answered a year`);
}

describe("currentYearOrFail", () => {
  it("is tax year 2026-27 up to 31 March 2027 23:59:59.999 IST", () => {
    expect(currentYearOrFail(LAST_MINUTE_OF_2026_27)).toBe("2026-27");
    expect(currentYearOrFail(FIRST_INSTANT_OF_2027_28 - 1)).toBe("2026-27");
  });

  it("refuses from 1 April 2027 00:00 IST, naming the year it lacks and the years financialYear can take", () => {
    const refusal = refusalAt(FIRST_INSTANT_OF_2027_28);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ code: "validation_error", message: REFUSAL });
  });
});

describe("requests without financialYear across 1 April 2027 (IST)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const profile = { age: 30, residentialStatus: "resident", houseProperties: [], deductions: {}, taxesPaid: 0 };
  const compute = (key: string, body: Record<string, unknown>) => api("/api/v1/compute", key, { method: "POST", body: JSON.stringify(body) });
  const save = (key: string, body: Record<string, unknown>) => api("/api/v1/profiles", key, { method: "POST", body: JSON.stringify(body) });

  it("POST /api/v1/compute computes tax year 2026-27 until then, and afterwards is a 400 in the envelope, until the year is given", async () => {
    // A key that outlives the clock moved forward.
    const { key } = await createKey({ expiresInDays: 365 });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(LAST_MINUTE_OF_2026_27);
    const computed = await expectStatus(await compute(key, { profile }), 200);
    expect(computed.data.financialYear).toBe("2026-27");

    vi.setSystemTime(FIRST_INSTANT_OF_2027_28);
    const refused = await compute(key, { profile });
    const requestId = refused.headers.get("X-Request-Id");
    const body = await expectStatus(refused, 400);
    expect(body).toEqual({ error: { code: "validation_error", message: REFUSAL }, requestId });
    const given = await expectStatus(await compute(key, { profile, financialYear: "2026-27" }), 200);
    expect(given.data.financialYear).toBe("2026-27");
  });

  it("POST /api/v1/profiles saves nothing without the year from then, and saves it with the year given", async () => {
    const { key } = await createKey({ expiresInDays: 365 });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(FIRST_INSTANT_OF_2027_28);
    expect(await expectError(await save(key, { label: "salary", profile }), 400, "validation_error")).toBe(REFUSAL);
    expect((await expectStatus(await api("/api/v1/profiles", key), 200)).data).toEqual([]);
    const saved = await expectStatus(await save(key, { label: "salary", profile, financialYear: "2026-27" }), 201);
    expect(saved.data.summary.financialYear).toBe("2026-27");
  });
});
