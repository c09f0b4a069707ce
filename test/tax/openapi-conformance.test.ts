// The committed OpenAPI document (docs/openapi/tax.json) against the Worker's real answers: a client generated from
// it, or a validator of responses, must accept every answer the service sends.
import { describe, expect, it } from "vitest";
import taxDocument from "../../docs/openapi/tax.json?raw";
import form16 from "../fixtures/documents/form16-traces-layout-old-regime.txt?raw";
import ais from "../fixtures/documents/ais-layout-fy2024-25.txt?raw";
import form16Fy202425 from "../fixtures/documents/form16-cells-fy2024-25-old.txt?raw";
import form16Fy202526 from "../fixtures/documents/form16-reflowed-fy2025-26-old.txt?raw";
import { documentedAnswers } from "../openapi-conformance";
import { api, createKey } from "./helpers";

const expectDocumented = documentedAnswers(JSON.parse(taxDocument));

const computeRequest = {
  financialYear: "2025-26",
  profile: {
    age: 34,
    residentialStatus: "resident",
    salary: { grossSalary: 1_800_000, basicPlusDA: 900_000, hraReceived: 360_000, rentPaid: 300_000, isMetroCity: true, professionalTax: 2_500 },
    deductions: { section80C: 150_000, section80D_selfFamily: 25_000 },
    taxesPaid: 150_000,
  },
};

function post(path: string, key: string, body: unknown) {
  return api(path, key, { method: "POST", body: JSON.stringify(body) });
}

function parseText(key: string, text: string, type: "form16" | "ais") {
  return api(`/api/v1/documents/parse?type=${type}`, key, { method: "POST", body: text, headers: { "Content-Type": "text/plain" } });
}

describe("the Worker's answers validate against docs/openapi/tax.json", () => {
  it("POST /compute: the totals by default, and each regime's deductions and slabs with ?detail=full", async () => {
    const { key } = await createKey();
    const totals = await expectDocumented(await post("/api/v1/compute", key, computeRequest), "post /api/v1/compute", 200);
    expect(totals.data.regimes.old).not.toHaveProperty("deductions");
    expect(totals.data.regimes.new).not.toHaveProperty("slabs");
    const full = await expectDocumented(await post("/api/v1/compute?detail=full", key, computeRequest), "post /api/v1/compute", 200);
    expect(full.data.regimes.old.deductions.length).toBeGreaterThan(0);
    expect(full.data.regimes.new.slabs.length).toBeGreaterThan(0);
  });

  it("POST /documents/parse: a Form 16's text and an AIS's text, each with its compute request", async () => {
    const { key } = await createKey({ scopes: ["documents:parse"] });
    const form = await expectDocumented(await parseText(key, form16, "form16"), "post /api/v1/documents/parse", 200);
    expect(form.data).toMatchObject({ documentType: "form16", computeRequest: { financialYear: "2024-25" } });
    const statement = await expectDocumented(await parseText(key, ais, "ais"), "post /api/v1/documents/parse", 200);
    expect(statement.data).toMatchObject({ documentType: "ais", computeRequest: { financialYear: "2024-25" } });
  });

  it("POST /documents/parse: two Form 16s of different years, merged into no compute request (null)", async () => {
    const { key } = await createKey({ scopes: ["documents:parse"] });
    const body = { documents: [{ text: form16Fy202425 }, { text: form16Fy202526 }] };
    const merged = await expectDocumented(await post("/api/v1/documents/parse", key, body), "post /api/v1/documents/parse", 200);
    expect(merged.data.documents).toHaveLength(2);
    expect(merged.data.computeRequest).toBeNull();
    expect(merged.data.conflicts.map((conflict: { field: string }) => conflict.field)).toEqual(["financialYear"]);
  });

  it("GET /deadlines", async () => {
    const { key } = await createKey({ scopes: ["deadlines:read"] });
    const body = await expectDocumented(await api("/api/v1/deadlines?from=2026-07-01&limit=3", key), "get /api/v1/deadlines", 200);
    expect(body.data).toHaveLength(3);
  });

  it("POST /profiles (created), GET /profiles and GET /profiles/{id}", async () => {
    const { key } = await createKey({ scopes: ["profiles:read", "profiles:write"] });
    const created = await expectDocumented(
      await post("/api/v1/profiles", key, { label: "Salary FY 2025-26", ...computeRequest }),
      "post /api/v1/profiles",
      201,
    );
    const listed = await expectDocumented(await api("/api/v1/profiles?limit=5", key), "get /api/v1/profiles", 200);
    expect(listed.data.map((profile: { id: string }) => profile.id)).toEqual([created.data.id]);
    const stored = await expectDocumented(await api(`/api/v1/profiles/${created.data.id}`, key), "get /api/v1/profiles/{id}", 200);
    expect(stored.data.profile.salary.grossSalary).toBe(1_800_000);
  });

  it("a refused request: 400 validation_error in the error envelope", async () => {
    const { key } = await createKey();
    const invalid = { ...computeRequest, profile: { ...computeRequest.profile, salary: { grossSalary: -1 } } };
    const refused = await expectDocumented(await post("/api/v1/compute", key, invalid), "post /api/v1/compute", 400);
    expect(refused.error.code).toBe("validation_error");
  });
});
