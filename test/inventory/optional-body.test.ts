// Key revocation documents its body (a reason) as optional: it may be left out with or without a JSON
// Content-Type.
import { env } from "cloudflare:test";
import { fetchWorker } from "../worker-under-test";
import { describe, expect, it } from "vitest";
import { INVENTORY, createKey, createOrg, expectError, expectStatus } from "./helpers";
import { customer, lot, orgWithKey, sale } from "./stock-fixtures";

describe("optional request bodies", () => {
  // HTTP clients send a body-less POST either with no body at all or as zero bytes (Content-Length: 0).
  it.each([
    ["no Content-Type and no body", {}, undefined],
    ["a JSON Content-Type and no body", { "Content-Type": "application/json" }, undefined],
    ["no Content-Type and zero bytes", {}, new Uint8Array(0)],
    ["a JSON Content-Type and zero bytes", { "Content-Type": "application/json" }, new Uint8Array(0)],
  ])("key revocation with %s is 200", async (_, headers, body) => {
    const { id } = await createKey(await createOrg());
    const response = await fetchWorker(`${INVENTORY}/admin/api/keys/${id}/revoke`, {
      method: "POST",
      headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}`, ...headers },
      body,
    });
    await expectStatus(response, 200);
  });
});

// An operation that takes no body (regenerating a key here) refuses one as any body is refused: over its limit 413,
// not JSON 415, malformed or holding fields 400; and then does nothing. No body, or `{}`, goes ahead.
describe("operations that take no body", () => {
  const regenerate = (id: string, headers: Record<string, string>, body?: string) =>
    fetchWorker(`${INVENTORY}/admin/api/keys/${id}/regenerate`, {
      method: "POST",
      headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}`, ...headers },
      body,
    });
  const keysOf = async (orgId: string) =>
    (await env.DB.prepare("SELECT COUNT(*) AS n FROM api_keys WHERE org_id = ?").bind(orgId).first<{ n: number }>())!.n;

  it.each([
    ["a body over 1 KB", { "Content-Type": "application/json" }, JSON.stringify({ pad: "x".repeat(2_000) }), 413, "payload_too_large"],
    ["a CSV body", { "Content-Type": "text/csv" }, "a,b\n1,2", 415, "unsupported_media_type"],
    ["malformed JSON", { "Content-Type": "application/json" }, "{", 400, "bad_request"],
    ["a JSON body with a field", { "Content-Type": "application/json" }, '{"grace_hours":24}', 400, "bad_request"],
  ])("with %s is refused, and no key is issued", async (_name, headers, body, status, code) => {
    const orgId = await createOrg();
    const { id } = await createKey(orgId);
    const before = await keysOf(orgId);
    await expectError(await regenerate(id, headers, body), status, code);
    expect(await keysOf(orgId)).toBe(before);
  });

  it("with {} goes ahead", async () => {
    const orgId = await createOrg();
    const { id } = await createKey(orgId);
    await expectStatus(await regenerate(id, { "Content-Type": "application/json" }, "{}"), 201);
  });
});

// Cancelling or dispatching a sale takes no body either: a reason or a dispatch time sent with it would be dropped
// unread, so a body with fields is refused and the sale stays as it was.
describe("cancelling and dispatching a sale take no body", () => {
  it.each([
    ["cancel", { reason: "customer returned the goods" }],
    ["dispatch", { dispatched_at: "2026-01-01T10:00:00+05:30" }],
  ])("%s with a body holding a field is 400, and the sale stays confirmed", async (action, body) => {
    const { orgId } = await orgWithKey();
    const sold = await sale(orgId, (await customer(orgId)).id, [{ lot_id: (await lot(orgId)).id, kg: "10" }]);
    const response = await fetchWorker(`${INVENTORY}/admin/api/sales/${sold.id}/${action}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(await expectError(response, 400, "bad_request")).toBe("body: this operation takes none; send no body (or {})");
    const row = await env.DB.prepare("SELECT status, dispatched_at FROM sales WHERE id = ?")
      .bind(sold.id)
      .first<{ status: string; dispatched_at: number | null }>();
    expect(row).toEqual({ status: "confirmed", dispatched_at: null });
  });
});
