import { describe, expect, it } from "vitest";
import form16 from "../../fixtures/documents/form16-traces-layout-old-regime.txt?raw";
import ais from "../../fixtures/documents/ais-layout-fy2024-25.txt?raw";
import { ParsedDocumentSchema } from "../../../src/tax/documents/schemas";
import { api, createKey, expectError, expectStatus } from "../helpers";

function parse(key: string | null, body: string, contentType = "application/json", query = "") {
  return api(`/api/v1/documents/parse${query}`, key, { method: "POST", body, headers: { "Content-Type": contentType } });
}

describe("POST /api/v1/documents/parse", () => {
  it("parses a Form 16 sent as JSON, detecting its type, and returns a schema-valid result", async () => {
    const { key } = await createKey({ scopes: ["documents:parse"] });
    const body = await expectStatus(await parse(key, JSON.stringify({ text: form16 })), 200);
    const document = ParsedDocumentSchema.parse(body.data);
    expect(document.documentType).toBe("form16");
    expect(document.typeSource).toBe("detected");
    expect(JSON.stringify(body)).not.toMatch(/[A-Z]{5}[0-9]{4}[A-Z]/);
  });

  it("parses an AIS sent as text/plain with ?type=ais", async () => {
    const { key } = await createKey({ scopes: ["documents:parse"] });
    const body = await expectStatus(await parse(key, ais, "text/plain; charset=utf-8", "?type=ais"), 200);
    expect(body.data.documentType).toBe("ais");
    expect(body.data.typeSource).toBe("given");
  });

  it("is deterministic: the same text gives the same output", async () => {
    const { key } = await createKey({ scopes: ["documents:parse"] });
    const first = await (await parse(key, JSON.stringify({ text: form16 }))).text();
    const second = await (await parse(key, JSON.stringify({ text: form16 }))).text();
    expect(second).toBe(first);
  });

  it("requires the documents:parse scope", async () => {
    const { key } = await createKey({ scopes: ["profiles:read"] });
    await expectError(await parse(key, JSON.stringify({ text: form16 })), 403, "forbidden");
  });

  it.each([
    ["empty text", JSON.stringify({ text: "   " }), "application/json", 400, "validation_error"],
    ["NUL bytes", JSON.stringify({ text: `Form 16\u0000\u0001binary` }), "application/json", 400, "validation_error"],
    ["an unknown type", JSON.stringify({ type: "itr", text: form16 }), "application/json", 400, "validation_error"],
    ["a text that is neither document", JSON.stringify({ text: "Grandmother's recipe: 2 cups of rice" }), "application/json", 422, "unprocessable_document"],
    ["a PDF content type", "%PDF-1.7", "application/pdf", 415, "unsupported_media_type"],
  ])("refuses %s", async (_, body, contentType, status, code) => {
    const { key } = await createKey({ scopes: ["documents:parse"] });
    await expectError(await parse(key, body, contentType), status, code);
  });

  it("refuses invalid UTF-8 with 400 and a body over 1 MB with 413", async () => {
    const { key } = await createKey({ scopes: ["documents:parse"] });
    const invalid = await api("/api/v1/documents/parse", key, { method: "POST", body: new Uint8Array([0x46, 0x6f, 0xff, 0xfe]), headers: { "Content-Type": "text/plain" } });
    await expectError(invalid, 400, "validation_error");
    await expectError(await parse(key, "x".repeat(1_048_577), "text/plain"), 413, "payload_too_large");
  });
});
