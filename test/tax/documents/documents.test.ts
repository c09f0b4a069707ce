import { env } from "cloudflare:test";
import { fetchWorker } from "../../worker-under-test";
import { describe, expect, it } from "vitest";
import form16 from "../../fixtures/documents/form16-traces-layout-old-regime.txt?raw";
import ais from "../../fixtures/documents/ais-layout-fy2024-25.txt?raw";
import firstEmployer from "../../fixtures/documents/form16-first-employer-fy2024-25-new.txt?raw";
import secondEmployer from "../../fixtures/documents/form16-other-employer-fy2024-25-new.txt?raw";
import { ComputeAnswerSchema } from "../../../src/tax/compute/schemas";
import { DocumentParseResultSchema, MergedParseSchema, SingleParseSchema } from "../../../src/tax/documents/schemas";
import { dbSnapshot } from "../../reliability/kit";
import { api, createKey, expectError, expectStatus, TAX } from "../helpers";

function parse(key: string | null, body: string, contentType = "application/json", query = "") {
  return api(`/api/v1/documents/parse${query}`, key, { method: "POST", body, headers: { "Content-Type": contentType } });
}

function parseWithKey(key: string, body: string, idempotencyKey: string | undefined, contentType = "application/json", query = "") {
  return fetchWorker(`${TAX}/api/v1/documents/parse${query}`, {
    method: "POST",
    body,
    headers: {
      Authorization: `Bearer ${key}`,
      "Content-Type": contentType,
      ...(idempotencyKey === undefined ? {} : { "Idempotency-Key": idempotencyKey }),
    },
  });
}

describe("POST /api/v1/documents/parse", () => {
  it("parses a Form 16 sent as JSON, detecting its type, and returns a schema-valid result", async () => {
    const { key } = await createKey({ scopes: ["documents:parse"] });
    const body = await expectStatus(await parse(key, JSON.stringify({ text: form16 })), 200);
    const document = SingleParseSchema.parse(body.data);
    expect(document.documentType).toBe("form16");
    expect(document.typeSource).toBe("detected");
    expect(JSON.stringify(body)).not.toMatch(/[A-Z]{5}[0-9]{4}[A-Z]/);
  });

  it("parses an AIS sent as text/plain with ?type=ais&age=", async () => {
    const { key } = await createKey({ scopes: ["documents:parse"] });
    const body = await expectStatus(await parse(key, ais, "text/plain; charset=utf-8", "?type=ais&age=40"), 200);
    expect(body.data.documentType).toBe("ais");
    expect(body.data.typeSource).toBe("given");
    // The AIS names FY 2024-25 and its TDS-192 salary of 14,75,000.
    expect(body.data.computeRequest).toMatchObject({ financialYear: "2024-25", profile: { age: 40, salary: { grossSalary: 1_475_000 } } });
    expect(body.data.formCheck).toBeNull();
  });

  it("is deterministic: the same text gives the same output", async () => {
    const { key } = await createKey({ scopes: ["documents:parse"] });
    const first = await (await parse(key, JSON.stringify({ text: form16 }))).text();
    const second = await (await parse(key, JSON.stringify({ text: form16 }))).text();
    expect(second).toBe(first);
  });

  it("returns a compute request that /compute accepts unchanged and that reproduces the Form 16's own Part B", async () => {
    const { key } = await createKey({ scopes: ["documents:parse"] });
    const body = await expectStatus(await parse(key, JSON.stringify({ text: form16, age: 36 })), 200);
    const data = DocumentParseResultSchema.parse(body.data);
    if (!("computeRequest" in data) || data.computeRequest === null) throw new Error("no compute request");
    expect(data.computeRequest.financialYear).toBe("2024-25");
    expect(data.computeRequest.chosenRegime).toBe("old");
    expect(data.computeRequest.profile.age).toBe(36);
    const computed = await expectStatus(
      await api("/api/v1/compute", key, {
        method: "POST",
        body: JSON.stringify(data.computeRequest),
        headers: { "Content-Type": "application/json" },
      }),
      200,
    );
    const result = ComputeAnswerSchema.parse(computed.data);
    // Part B rows 12 and 13 of the fixture: total taxable income 8,44,500; tax 12,500 + 20 % of 3,44,500 = 81,400.
    expect([result.regimes.old.taxableIncome, result.regimes.old.slabTax]).toEqual([844_500, 81_400]);
    expect(result.chosenRegime).toBe("old");
  });

  it("checks the compute request against the form's own rows 12, 13 and 17, and says when it does not come to them", async () => {
    const { key } = await createKey({ scopes: ["documents:parse"] });
    const checked = async (text: string) =>
      SingleParseSchema.parse((await expectStatus(await parse(key, JSON.stringify({ text })), 200)).data).formCheck;
    // Part B of the fixture (old regime, FY 2024-25): row 12 8,44,500; row 13 12,500 + 20 % of 3,44,500 = 81,400;
    // row 16 cess 4 % of 81,400 = 3,256; row 17 81,400 + 3,256 = 84,656.
    const agreed = {
      regime: "old",
      taxableIncome: { form: 844_500, computed: 844_500 },
      taxOnTotalIncome: { form: 81_400, computed: 81_400 },
      taxPayable: { form: 84_656, computed: 84_656 },
      matches: true,
    };
    expect(await checked(form16)).toEqual(agreed);
    const row = (label: string, amount: string) => {
      const line = form16.split("\n").find((l) => l.includes(label) && l.trimEnd().endsWith(amount));
      expect(line, label).toBeDefined();
      return (to: string) => form16.replace(line!, line!.replace(amount, to));
    };
    const row12 = row("Total taxable income (9-11)", "844500.00");
    const row13 = row("Tax on total income", "81400.00");
    const row17 = row("Tax payable (13+15+16-14)", "84656.00");
    // A row 12 its other rows do not add up to: the request still comes to 8,44,500.
    expect(await checked(row12("854500.00"))).toEqual({ ...agreed, taxableIncome: { form: 854_500, computed: 844_500 }, matches: false });
    // A row 17 ₹10 off 13 + 15 + 16 − 14.
    expect(await checked(row17("84666.00"))).toEqual({ ...agreed, taxPayable: { form: 84_666, computed: 84_656 }, matches: false });
    // Printed before the rounding /compute does (s.288A: total income to ₹10; tax to the rupee), the rows agree:
    // 8,44,503 is 8,44,500 to the nearest ₹10, and ₹81,400.40 is ₹81,400 to the rupee.
    expect(await checked(row12("844503.00"))).toEqual({ ...agreed, taxableIncome: { form: 844_503, computed: 844_500 } });
    expect(await checked(row13("81400.40"))).toEqual({ ...agreed, taxOnTotalIncome: { form: 81_400.4, computed: 81_400 } });
    // A form that does not print row 17 is checked on rows 12 and 13 alone.
    const without17 = form16
      .split("\n")
      .filter((l) => !l.includes("Tax payable (13+15+16-14)"))
      .join("\n");
    expect(await checked(without17)).toEqual({ ...agreed, taxPayable: null });
  });

  it("merges documents of one person and year into one compute request", async () => {
    const { key } = await createKey({ scopes: ["documents:parse"] });
    const body = await expectStatus(
      await parse(key, JSON.stringify({ documents: [{ text: firstEmployer }, { type: "form16", text: secondEmployer }] })),
      200,
    );
    const data = MergedParseSchema.parse(body.data);
    expect(data.documents).toHaveLength(2);
    expect(data.conflicts).toEqual([]);
    expect(data.computeRequest?.profile.salary?.grossSalary).toBe(1_350_000);
    // Two employers' forms each state only their own salary's tax: there is no one form to check the request against.
    expect(data.formCheck).toBeNull();
  });

  it("/compute refuses the assessment year passed as the financial year", async () => {
    const { key } = await createKey({ scopes: ["documents:parse"] });
    const body = await expectStatus(await parse(key, JSON.stringify({ text: form16 })), 200);
    const request = { ...body.data.computeRequest, financialYear: body.data.computeRequest.assessmentYear };
    const message = await expectError(
      await api("/api/v1/compute", key, { method: "POST", body: JSON.stringify(request), headers: { "Content-Type": "application/json" } }),
      400,
      "validation_error",
    );
    expect(message).toMatch(/^financialYear: 2025-26 does not match assessmentYear 2025-26/);
  });

  // An assessment year is one: its second part the year after its first. 2026-99 and 2026-26 name no year, so they
  // cannot stand for 2026-27 (which is what the first four digits alone would read).
  it.each([["2026-99"], ["2026-26"]])("/compute refuses assessmentYear %s, which is no year", async (assessmentYear) => {
    const { key } = await createKey({ scopes: ["documents:parse"] });
    const request = { financialYear: "2025-26", assessmentYear, profile: { age: 30, residentialStatus: "resident" } };
    const message = await expectError(
      await api("/api/v1/compute", key, { method: "POST", body: JSON.stringify(request), headers: { "Content-Type": "application/json" } }),
      400,
      "validation_error",
    );
    expect(message).toBe("assessmentYear: must be a year such as 2026-27, its second part the year after its first");
  });

  it("names the document that could not be read", async () => {
    const { key } = await createKey({ scopes: ["documents:parse"] });
    const response = await parse(key, JSON.stringify({ documents: [{ text: form16 }, { text: "Grandmother's recipe: 2 cups of rice" }] }));
    const message = await expectError(response, 422, "unrecognised_document");
    expect(message).toMatch(/^documents\[1\]: the text reads as neither/);
  });

  it("requires the documents:parse scope", async () => {
    const { key } = await createKey({ scopes: ["profiles:read"] });
    await expectError(await parse(key, JSON.stringify({ text: form16 })), 403, "forbidden");
  });

  it.each([
    ["empty text", JSON.stringify({ text: "   " }), "application/json", 400, "validation_error"],
    ["NUL bytes", JSON.stringify({ text: `Form 16\u0000\u0001binary` }), "application/json", 400, "validation_error"],
    ["an unknown type", JSON.stringify({ type: "itr", text: form16 }), "application/json", 400, "validation_error"],
    ["both text and documents", JSON.stringify({ text: form16, documents: [{ text: form16 }] }), "application/json", 400, "validation_error"],
    ["neither text nor documents", JSON.stringify({ age: 30 }), "application/json", 400, "validation_error"],
    [
      "six documents",
      JSON.stringify({ documents: Array.from({ length: 6 }, () => ({ text: form16 })) }),
      "application/json",
      400,
      "validation_error",
    ],
    [
      "an empty document among several",
      JSON.stringify({ documents: [{ text: form16 }, { text: "  " }] }),
      "application/json",
      400,
      "validation_error",
    ],
    [
      "a text that is neither document",
      JSON.stringify({ text: "Grandmother's recipe: 2 cups of rice" }),
      "application/json",
      422,
      "unrecognised_document",
    ],
    [
      "a Form 16 with no line item",
      JSON.stringify({ type: "form16", text: "FORM NO. 16\nPART B\nNothing else here" }),
      "application/json",
      422,
      "no_items_found",
    ],
    [
      "the AIS download still encrypted",
      JSON.stringify({ type: "ais", text: "U2FsdGVkX1+".padEnd(400, "A") }),
      "application/json",
      422,
      "encrypted_ais_json",
    ],
    ["JSON that is not the AIS utility's", JSON.stringify({ type: "ais", text: '{"hello": "world"}' }), "application/json", 422, "unsupported_json"],
    ["a PDF content type", "%PDF-1.7", "application/pdf", 415, "unsupported_media_type"],
  ])("refuses %s", async (_, body, contentType, status, code) => {
    const { key } = await createKey({ scopes: ["documents:parse"] });
    await expectError(await parse(key, body, contentType), status, code);
  });

  it.each([
    ["?type=ais", "type"],
    ["?age=40", "age"],
  ])("refuses %s beside a JSON body, where it would be ignored, naming the field", async (query, field) => {
    const { key } = await createKey({ scopes: ["documents:parse"] });
    const message = await expectError(await parse(key, JSON.stringify({ text: form16 }), "application/json", query), 400, "validation_error");
    expect(message).toBe(`${field}: give it in the JSON body; ?${field}= is for a text/plain body`);
  });

  // The text/plain form's body is the text: it is named `text` in its refusals, word for word as the JSON form's.
  it("names the text of a text/plain body as the JSON form does: empty, blanks, binary", async () => {
    const { key } = await createKey({ scopes: ["documents:parse"] });
    const plain = (body: BodyInit) =>
      fetchWorker(`${TAX}/api/v1/documents/parse?type=form16`, {
        method: "POST",
        body,
        headers: { Authorization: `Bearer ${key}`, "Content-Type": "text/plain" },
      });
    expect(await expectError(await parse(key, JSON.stringify({ text: "" })), 400, "validation_error")).toBe("text: must not be empty");
    expect(await expectError(await plain(""), 400, "validation_error")).toBe("text: must not be empty");
    expect(await expectError(await plain("   "), 400, "validation_error")).toBe("text: is empty");
    expect(await expectError(await plain(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0xff, 0xfe, 0x00, 0x81])), 400, "validation_error")).toBe(
      "text: is not valid UTF-8 text (a binary file?)",
    );
  });

  it("names a document's field as every other message of the operation does, documents[1].text", async () => {
    const { key } = await createKey({ scopes: ["documents:parse"] });
    const send = (second: string) => parse(key, JSON.stringify({ documents: [{ text: form16 }, { text: second }] }));
    expect(await expectError(await send(""), 400, "validation_error")).toMatch(/^documents\[1\]\.text: /);
    expect(await expectError(await send("   "), 400, "validation_error")).toBe("documents[1].text: is empty");
    expect(await expectError(await send("PDF\u0000"), 400, "validation_error")).toMatch(/^documents\[1\]\.text: contains NUL bytes/);
    expect(await expectError(await send("Grandmother's recipe"), 422, "unrecognised_document")).toMatch(/^documents\[1\]: /);
  });

  it("refuses invalid UTF-8 with 400 and a body over 1 MB with 413", async () => {
    const { key } = await createKey({ scopes: ["documents:parse"] });
    const invalid = await api("/api/v1/documents/parse", key, {
      method: "POST",
      body: new Uint8Array([0x46, 0x6f, 0xff, 0xfe]),
      headers: { "Content-Type": "text/plain" },
    });
    await expectError(invalid, 400, "validation_error");
    await expectError(await parse(key, "x".repeat(1_048_577), "text/plain"), 413, "payload_too_large");
  });
});

describe("POST /api/v1/documents/parse stores nothing, and ignores an Idempotency-Key", () => {
  it("leaves every table unchanged (the Idempotency-Key records included), with and without the header", async () => {
    const { key } = await createKey({ scopes: ["documents:parse"] });
    const before = await dbSnapshot(env.DB);
    const idempotencyKey = crypto.randomUUID();
    await expectStatus(await parseWithKey(key, JSON.stringify({ text: form16 }), undefined), 200);
    await expectStatus(await parseWithKey(key, JSON.stringify({ text: form16 }), idempotencyKey), 200);
    await expectStatus(await parseWithKey(key, ais, idempotencyKey, "text/plain", "?type=ais"), 200);
    // A refusal after the key check (422: no document found) keeps nothing either.
    await expectError(await parseWithKey(key, JSON.stringify({ text: "Grandmother's recipe" }), idempotencyKey), 422, "unrecognised_document");
    const after = await dbSnapshot(env.DB);
    expect(after.idempotency_keys).toEqual(before.idempotency_keys);
    expect(after).toEqual(before);
  });

  it("parses every request afresh: the same key with another body is another parse, not a 409, 422 or replay", async () => {
    const { key } = await createKey({ scopes: ["documents:parse"] });
    const idempotencyKey = crypto.randomUUID();
    const first = await parseWithKey(key, JSON.stringify({ text: form16 }), idempotencyKey);
    const firstBody = await expectStatus(first, 200);
    const second = await parseWithKey(key, JSON.stringify({ text: ais }), idempotencyKey);
    const secondBody = await expectStatus(second, 200);
    expect([firstBody.data.documentType, secondBody.data.documentType]).toEqual(["form16", "ais"]);
    // The same body again is parsed again too: no stored answer is replayed.
    const third = await parseWithKey(key, JSON.stringify({ text: form16 }), idempotencyKey);
    expect(await expectStatus(third, 200)).toEqual(firstBody);
    for (const response of [first, second, third]) expect(response.headers.get("Idempotent-Replayed")).toBeNull();
  });

  it("accepts any Idempotency-Key, even one the idempotent operations refuse as malformed", async () => {
    const { key } = await createKey({ scopes: ["documents:parse"] });
    const body = await expectStatus(await parseWithKey(key, JSON.stringify({ text: form16 }), "has space"), 200);
    expect(body.data.documentType).toBe("form16");
  });
});
