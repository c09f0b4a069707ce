import { describe, expect, it } from "vitest";
import { ComputeResultSchema } from "../../../src/tax/compute/schemas";
import { api, createKey, expectError, expectStatus } from "../helpers";

// The profile exactly as the seed's section 2 shows it.
const seedProfile = {
  age: 30,
  residentialStatus: "resident",
  houseProperties: [],
  salary: { grossSalary: 1_800_000, basicPlusDA: 900_000, hraReceived: 360_000, rentPaid: 300_000, isMetroCity: true, professionalTax: 2_400 },
  deductions: { section80C: 150_000, section80D_selfFamily: 25_000 },
  taxesPaid: 150_000,
};

function compute(key: string | null, body: unknown, init: RequestInit = {}) {
  return api("/api/v1/compute", key, { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body), ...init });
}

describe("POST /api/v1/compute", () => {
  it("computes the seed's profile under both regimes; the response parses with its schema", async () => {
    const { key } = await createKey({ scopes: [] });
    const body = await expectStatus(await compute(key, { profile: seedProfile, financialYear: "2025-26" }), 200);
    const result = ComputeResultSchema.parse(body.data);
    expect(result.financialYear).toBe("2025-26");
    expect(result.recommendedRegime).toMatch(/^(old|new)$/);
    const { old: oldRegime, new: newRegime } = result.regimes;
    const cheaper = Math.min(oldRegime.totalTax, newRegime.totalTax);
    expect(result.regimes[result.recommendedRegime].totalTax).toBe(cheaper);
    expect(result.disclaimer).toMatch(/not tax advice/i);
  });

  it("needs a valid key but no scope", async () => {
    await expectError(await compute(null, { profile: seedProfile }), 401, "unauthorized");
    await expectError(await compute("tax_abcdefgh_0123456789ABCDEFGHIJKLMNOPQRSTUV", { profile: seedProfile }), 401, "invalid_api_key");
  });

  it.each([
    ["a negative amount", { ...seedProfile, salary: { ...seedProfile.salary, grossSalary: -1 } }, "profile.salary.grossSalary"],
    ["a typo inside deductions", { ...seedProfile, deductions: { section80c: 150_000 } }, "profile.deductions.section80c"],
    ["an age over 130", { ...seedProfile, age: 131 }, "profile.age"],
    ["an unknown residential status", { ...seedProfile, residentialStatus: "citizen" }, "profile.residentialStatus"],
    ["a string amount", { ...seedProfile, taxesPaid: "150000" }, "profile.taxesPaid"],
  ])("refuses %s with 400 validation_error naming the field", async (_, profile, field) => {
    const { key } = await createKey({ scopes: [] });
    const message = await expectError(await compute(key, { profile }), 400, "validation_error");
    expect(message.startsWith(field)).toBe(true);
  });

  it("refuses an unknown financial year, malformed JSON, a non-JSON body and an oversized body", async () => {
    const { key } = await createKey({ scopes: [] });
    await expectError(await compute(key, { profile: seedProfile, financialYear: "2023-24" }), 400, "validation_error");
    await expectError(await compute(key, "{not json"), 400, "validation_error");
    await expectError(await compute(key, "profile=1", { headers: { "Content-Type": "application/x-www-form-urlencoded" } }), 415, "unsupported_media_type");
    await expectError(await compute(key, JSON.stringify({ profile: seedProfile, pad: "x".repeat(70_000) })), 413, "payload_too_large");
  });
});
