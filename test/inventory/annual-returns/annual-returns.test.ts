// The day an organisation furnished a financial year's annual GST return (GSTR-9), and what it changes: under CGST
// s.34(2) a credit note reduces GST only when declared no later than 30 November after the end of the invoice's
// financial year or the date the annual return for that year is furnished, whichever is earlier. The financial year
// runs from 1 April to 31 March. Every date and figure below is worked by hand in its comment.
import { env } from "cloudflare:test";
import { fetchWorker } from "../../worker-under-test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AnnualReturnSchema } from "../../../src/inventory/annual-returns/schemas";
import { CreditNoteSchema } from "../../../src/inventory/ledger/schemas";
import { createCreditNote } from "../../../src/inventory/ledger/receipt-queries";
import { SaleSchema } from "../../../src/inventory/sales/schemas";
import { writesAfter } from "../../d1-race";
import { dbSnapshot } from "../../reliability/kit";
import { admin, asSession, createOrg, expectError, expectStatus, INVENTORY, signIn } from "../helpers";
import { customer, holdClockAt, ist, lot, post, sale } from "../stock-fixtures";

const record = (orgId: string, year: string, body: unknown) => admin("PUT", `/admin/api/orgs/${orgId}/annual-returns/${year}`, body);
const list = (orgId: string) => admin("GET", `/admin/api/orgs/${orgId}/annual-returns`);
const remove = (orgId: string, year: string) => admin("DELETE", `/admin/api/orgs/${orgId}/annual-returns/${year}`);

async function auditOf(orgId: string) {
  return (await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/audit`), 200)).data as Array<{
    action: string;
    actor: string;
    reason: string;
  }>;
}

async function annualReturnRows(orgId: string) {
  return (await env.DB.prepare("SELECT financial_year, filed_on, created_at FROM annual_returns WHERE org_id = ?").bind(orgId).all()).results;
}

afterEach(() => vi.useRealTimers());

describe("PUT /admin/api/orgs/{id}/annual-returns/{financialYear}", () => {
  // Today is 27 November 2026 in India. FY 2024-25 ended on 31 March 2025; its return furnished on 15 October 2025,
  // before 30 November 2025, ends the credit-note limit that day.
  beforeEach(() => holdClockAt(ist("2026-11-27")));

  it("records the filing day once, audited: 201, then listed, with the day credit notes stop adjusting GST", async () => {
    const orgId = await createOrg();
    const created = await expectStatus(await record(orgId, "2024-25", { filed_on: "2025-10-15" }), 201);
    expect(AnnualReturnSchema.parse(created.data)).toEqual({
      financial_year: "2024-25",
      filed_on: "2025-10-15",
      credit_notes_adjust_gst_until: "2025-10-15",
      created_at: new Date(ist("2026-11-27")).toISOString(),
    });
    expect((await expectStatus(await list(orgId), 200)).data).toEqual([created.data]);
    const audit = await auditOf(orgId);
    expect(audit.filter((entry) => entry.action === "annual_return.recorded")).toEqual([
      expect.objectContaining({ action: "annual_return.recorded", actor: "operator", reason: "2024-25 furnished on 2025-10-15" }),
    ]);
  });

  // Furnished on 31 December 2025, its due date, after 30 November 2025: the limit stays 30 November 2025.
  it("a return furnished after 30 November leaves 30 November as the limit", async () => {
    const orgId = await createOrg();
    const created = await expectStatus(await record(orgId, "2024-25", { filed_on: "2025-12-31" }), 201);
    expect(created.data).toMatchObject({ filed_on: "2025-12-31", credit_notes_adjust_gst_until: "2025-11-30" });
  });

  it("the same date again is 200 and changes nothing: no second row, no second audit entry", async () => {
    const orgId = await createOrg();
    const first = await expectStatus(await record(orgId, "2024-25", { filed_on: "2025-10-15" }), 201);
    const before = await dbSnapshot(env.DB);
    holdClockAt(ist("2026-11-27", "15:00"));
    const again = await expectStatus(await record(orgId, "2024-25", { filed_on: "2025-10-15" }), 200);
    expect(again.data).toEqual(first.data);
    expect(await dbSnapshot(env.DB)).toEqual(before);
    expect((await auditOf(orgId)).filter((entry) => entry.action === "annual_return.recorded")).toHaveLength(1);
  });

  it("another date for a year already recorded is 409 annual_return_already_recorded, and the first date stands", async () => {
    const orgId = await createOrg();
    await expectStatus(await record(orgId, "2024-25", { filed_on: "2025-10-15" }), 201);
    const before = await dbSnapshot(env.DB);
    const message = await expectError(await record(orgId, "2024-25", { filed_on: "2025-10-20" }), 409, "annual_return_already_recorded");
    expect(message).toBe("The annual return for 2024-25 is already recorded as furnished on 2025-10-15; a recorded filing date is never changed");
    expect(await dbSnapshot(env.DB)).toEqual(before);
    expect((await expectStatus(await list(orgId), 200)).data).toEqual([
      expect.objectContaining({ financial_year: "2024-25", filed_on: "2025-10-15" }),
    ]);
  });

  describe.each([
    // The two halves must be consecutive years, written YYYY-YY.
    ["2024-26", { filed_on: "2025-10-15" }, "financialYear: must be two consecutive years: 2024 is followed by 2024-25"],
    ["2024-24", { filed_on: "2025-10-15" }, "financialYear: must be two consecutive years: 2024 is followed by 2024-25"],
    ["2024-2025", { filed_on: "2025-10-15" }, 'financialYear: must be a financial year written like "2024-25"'],
    ["24-25", { filed_on: "2025-10-15" }, 'financialYear: must be a financial year written like "2024-25"'],
    ["FY2024-25", { filed_on: "2025-10-15" }, 'financialYear: must be a financial year written like "2024-25"'],
    // GST began on 1 July 2017.
    [
      "2016-17",
      { filed_on: "2017-10-15" },
      "financialYear: 2016-17 is before GST, which began on 1 July 2017: the first annual return is for 2017-18",
    ],
    // Malformed and impossible dates (2025 is not a leap year).
    ["2024-25", { filed_on: "15-10-2025" }, "filed_on: must be a date in YYYY-MM-DD format"],
    ["2024-25", { filed_on: "2025-10-15T10:00:00Z" }, "filed_on: must be a date in YYYY-MM-DD format"],
    ["2024-25", { filed_on: "2025-02-29" }, "filed_on: is not a real calendar date"],
    ["2024-25", { filed_on: "2025-13-01" }, "filed_on: is not a real calendar date"],
    ["2024-25", {}, "filed_on: is required"],
    ["2024-25", { filed_on: "2025-10-15", financial_year: "2024-25" }, "financial_year: unknown field"],
    // 31 March 2025 ends FY 2024-25: the return is for a finished year.
    [
      "2024-25",
      { filed_on: "2025-03-31" },
      "filed_on: 2025-03-31 is not after 31 March 2025, when financial year 2024-25 ends: an annual return is furnished for a finished year",
    ],
    [
      "2024-25",
      { filed_on: "2024-12-01" },
      "filed_on: 2024-12-01 is not after 31 March 2025, when financial year 2024-25 ends: an annual return is furnished for a finished year",
    ],
    // Today is 27 November 2026 (IST): the 28th is tomorrow.
    ["2025-26", { filed_on: "2026-11-28" }, "filed_on: 2026-11-28 is after today (2026-11-27, IST)"],
    // FY 2026-27 has not ended.
    [
      "2026-27",
      { filed_on: "2026-11-27" },
      "filed_on: 2026-11-27 is not after 31 March 2027, when financial year 2026-27 ends: an annual return is furnished for a finished year",
    ],
  ])("financial year %s with %j", (year, body, expected) => {
    it("is 400 bad_request naming the field, and records nothing", async () => {
      const orgId = await createOrg();
      const before = await dbSnapshot(env.DB);
      expect(await expectError(await record(orgId, year, body), 400, "bad_request")).toBe(expected);
      expect(await dbSnapshot(env.DB)).toEqual(before);
    });
  });

  it("after today is judged by the IST day: at 00:00 IST on 28 November (18:30 UTC on the 27th) the 28th is today", async () => {
    const orgId = await createOrg();
    holdClockAt(ist("2026-11-27", "23:59"));
    await expectError(await record(orgId, "2025-26", { filed_on: "2026-11-28" }), 400, "bad_request");
    holdClockAt(ist("2026-11-28", "00:00"));
    await expectStatus(await record(orgId, "2025-26", { filed_on: "2026-11-28" }), 201);
  });
});

describe("who may record and read annual returns", () => {
  beforeEach(() => holdClockAt(ist("2026-11-27")));

  const put = (orgId: string, headers: Record<string, string>) =>
    fetchWorker(`${INVENTORY}/admin/api/orgs/${orgId}/annual-returns/2024-25`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify({ filed_on: "2025-10-15" }),
    });

  it("the organisation's admin, with the session's CSRF token: 201, audited under their email", async () => {
    const orgId = await createOrg();
    const session = await signIn(orgId);
    await expectStatus(await asSession(session, "PUT", `/admin/api/orgs/${orgId}/annual-returns/2024-25`, { filed_on: "2025-10-15" }), 201);
    const listed = await expectStatus(await asSession(session, "GET", `/admin/api/orgs/${orgId}/annual-returns`), 200);
    expect(listed.data).toEqual([expect.objectContaining({ financial_year: "2024-25", filed_on: "2025-10-15" })]);
    expect((await auditOf(orgId)).find((entry) => entry.action === "annual_return.recorded")).toMatchObject({ actor: session.email });
  });

  it("refused without a token (401), with a wrong one (401), and a session without its CSRF token (403): nothing recorded", async () => {
    const orgId = await createOrg();
    const session = await signIn(orgId);
    const before = await dbSnapshot(env.DB);
    await expectError(await put(orgId, {}), 401, "unauthorized");
    await expectError(await put(orgId, { Authorization: "Bearer not-the-admin-token" }), 401, "unauthorized");
    await expectError(await put(orgId, { Cookie: session.cookie }), 403, "forbidden");
    await expectError(await put(orgId, { Cookie: session.cookie, "X-CSRF-Token": "not-the-token" }), 403, "forbidden");
    expect(await dbSnapshot(env.DB)).toEqual(before);
  });

  it("another organisation's id is 404 for a session, like an id that does not exist, and its years stay unread and unchanged", async () => {
    const ours = await createOrg();
    const theirs = await createOrg();
    await expectStatus(await record(theirs, "2024-25", { filed_on: "2025-10-15" }), 201);
    const session = await signIn(ours);
    const before = await dbSnapshot(env.DB);
    const write = await asSession(session, "PUT", `/admin/api/orgs/${theirs}/annual-returns/2023-24`, { filed_on: "2024-10-15" });
    const unknown = await asSession(session, "PUT", `/admin/api/orgs/org_unknown/annual-returns/2023-24`, { filed_on: "2024-10-15" });
    expect([write.status, await write.json()]).toEqual([unknown.status, await unknown.json()]);
    expect(unknown.status).toBe(404);
    const read = await asSession(session, "GET", `/admin/api/orgs/${theirs}/annual-returns`);
    const text = await read.text();
    expect(read.status, text).toBe(404);
    expect(text).not.toContain("2025-10-15");
    expect(await dbSnapshot(env.DB)).toEqual(before);
    expect(await annualReturnRows(ours)).toEqual([]);
  });

  it("the operator on an organisation that does not exist: 404", async () => {
    await expectError(await record("org_unknown", "2024-25", { filed_on: "2025-10-15" }), 404, "not_found");
    await expectError(await list("org_unknown"), 404, "not_found");
  });
});

describe("GET /admin/api/orgs/{id}/annual-returns", () => {
  beforeEach(() => holdClockAt(ist("2026-11-27")));

  it("lists the organisation's recorded years, the newest year first, and none of another organisation's", async () => {
    const orgId = await createOrg();
    const other = await createOrg();
    // Recorded out of order: 2023-24, 2025-26, 2024-25.
    await expectStatus(await record(orgId, "2023-24", { filed_on: "2024-12-20" }), 201);
    await expectStatus(await record(orgId, "2025-26", { filed_on: "2026-11-20" }), 201);
    await expectStatus(await record(orgId, "2024-25", { filed_on: "2025-10-15" }), 201);
    await expectStatus(await record(other, "2022-23", { filed_on: "2023-11-01" }), 201);
    const listed = AnnualReturnSchema.array().parse((await expectStatus(await list(orgId), 200)).data);
    // 2023-24: furnished 20 December 2024, after 30 November 2024, so 30 November stays the limit. 2025-26: 20 November
    // 2026 is before 30 November 2026. 2024-25: 15 October 2025 is before 30 November 2025.
    expect(listed.map((r) => [r.financial_year, r.filed_on, r.credit_notes_adjust_gst_until])).toEqual([
      ["2025-26", "2026-11-20", "2026-11-20"],
      ["2024-25", "2025-10-15", "2025-10-15"],
      ["2023-24", "2024-12-20", "2024-11-30"],
    ]);
  });

  it("an organisation with none recorded lists none; a query parameter is 400", async () => {
    const orgId = await createOrg();
    expect(await expectStatus(await list(orgId), 200)).toEqual({ data: [] });
    expect(await expectError(await admin("GET", `/admin/api/orgs/${orgId}/annual-returns?limit=5`), 400, "bad_request")).toBe("limit: unknown field");
  });
});

describe("DELETE /admin/api/orgs/{id}/annual-returns/{financialYear}", () => {
  // Today is 27 November 2026 in India; FY 2024-25's return recorded as furnished on 15 October 2025 (before 30
  // November 2025, so it ends the credit-note limit that day).
  beforeEach(() => holdClockAt(ist("2026-11-27")));

  it("the operator removes the recorded day: 200 with the record removed, no longer listed, audited with the year and the day", async () => {
    const orgId = await createOrg();
    const recorded = await expectStatus(await record(orgId, "2024-25", { filed_on: "2025-10-15" }), 201);
    await expectStatus(await record(orgId, "2023-24", { filed_on: "2024-12-20" }), 201);
    holdClockAt(ist("2026-11-27", "15:00"));
    const removed = await expectStatus(await remove(orgId, "2024-25"), 200);
    expect(AnnualReturnSchema.parse(removed.data)).toEqual(recorded.data);
    expect(removed.data).toEqual({
      financial_year: "2024-25",
      filed_on: "2025-10-15",
      credit_notes_adjust_gst_until: "2025-10-15",
      created_at: new Date(ist("2026-11-27")).toISOString(),
    });
    // The other year stays.
    expect((await expectStatus(await list(orgId), 200)).data).toEqual([
      expect.objectContaining({ financial_year: "2023-24", filed_on: "2024-12-20" }),
    ]);
    const audit = await auditOf(orgId);
    expect(audit.filter((entry) => entry.action === "annual_return.removed")).toEqual([
      expect.objectContaining({
        actor: "operator",
        reason: "2024-25 recorded as furnished on 2025-10-15",
        at: new Date(ist("2026-11-27", "15:00")).toISOString(),
      }),
    ]);
    // The first recording stays in the log beside its removal.
    expect(
      audit
        .filter((entry) => entry.action === "annual_return.recorded")
        .map((entry) => entry.reason)
        .sort(),
    ).toEqual(["2023-24 furnished on 2024-12-20", "2024-25 furnished on 2025-10-15"]);
  });

  it("after the removal the organisation records the right day with PUT: 201, listed and audited", async () => {
    const orgId = await createOrg();
    const session = await signIn(orgId);
    const path = `/admin/api/orgs/${orgId}/annual-returns/2024-25`;
    await expectStatus(await asSession(session, "PUT", path, { filed_on: "2025-10-15" }), 201);
    await expectStatus(await remove(orgId, "2024-25"), 200);
    // 20 October 2025, also before 30 November 2025: the limit becomes that day.
    const right = await expectStatus(await asSession(session, "PUT", path, { filed_on: "2025-10-20" }), 201);
    expect(right.data).toMatchObject({ financial_year: "2024-25", filed_on: "2025-10-20", credit_notes_adjust_gst_until: "2025-10-20" });
    expect((await expectStatus(await list(orgId), 200)).data).toEqual([right.data]);
    // Newest first: the right day, its removal by the operator, the wrong day.
    const entries = (await auditOf(orgId)).filter((entry) => entry.action.startsWith("annual_return."));
    expect(entries.map((entry) => [entry.action, entry.actor, entry.reason])).toEqual([
      ["annual_return.recorded", session.email, "2024-25 furnished on 2025-10-20"],
      ["annual_return.removed", "operator", "2024-25 recorded as furnished on 2025-10-15"],
      ["annual_return.recorded", session.email, "2024-25 furnished on 2025-10-15"],
    ]);
  });

  it("a year with no day recorded is 404 not_found, and so is a second removal: nothing changes", async () => {
    const orgId = await createOrg();
    await expectStatus(await record(orgId, "2024-25", { filed_on: "2025-10-15" }), 201);
    const before = await dbSnapshot(env.DB);
    expect(await expectError(await remove(orgId, "2023-24"), 404, "not_found")).toBe("No annual return is recorded for 2023-24");
    expect(await dbSnapshot(env.DB)).toEqual(before);
    await expectStatus(await remove(orgId, "2024-25"), 200);
    const after = await dbSnapshot(env.DB);
    expect(await expectError(await remove(orgId, "2024-25"), 404, "not_found")).toBe("No annual return is recorded for 2024-25");
    expect(await dbSnapshot(env.DB)).toEqual(after);
    expect((await auditOf(orgId)).filter((entry) => entry.action === "annual_return.removed")).toHaveLength(1);
  });

  it("two removals sent at once: one removes it (200), the other finds nothing (404), one audit entry", async () => {
    const orgId = await createOrg();
    await expectStatus(await record(orgId, "2024-25", { filed_on: "2025-10-15" }), 201);
    const answers = await Promise.all([remove(orgId, "2024-25"), remove(orgId, "2024-25")]);
    const statuses = await Promise.all(answers.map(async (answer) => [answer.status, (await answer.json<{ code?: string }>()).code ?? null]));
    expect(statuses.sort()).toEqual([
      [200, null],
      [404, "not_found"],
    ]);
    expect(await annualReturnRows(orgId)).toEqual([]);
    expect((await auditOf(orgId)).filter((entry) => entry.action === "annual_return.removed")).toHaveLength(1);
  });

  it("the operator naming another organisation's id removes nothing of the organisation that recorded the year: 404", async () => {
    const ours = await createOrg();
    const theirs = await createOrg();
    await expectStatus(await record(theirs, "2024-25", { filed_on: "2025-10-15" }), 201);
    const rows = await annualReturnRows(theirs);
    const before = await dbSnapshot(env.DB);
    await expectError(await remove(ours, "2024-25"), 404, "not_found");
    expect(await expectError(await remove("org_unknown", "2024-25"), 404, "not_found")).toBe("No such organisation");
    expect(await dbSnapshot(env.DB)).toEqual(before);
    expect(await annualReturnRows(theirs)).toEqual(rows);
    expect(rows).toHaveLength(1);
  });

  describe.each([
    ["2024-26", "financialYear: must be two consecutive years: 2024 is followed by 2024-25"],
    ["24-25", 'financialYear: must be a financial year written like "2024-25"'],
    ["2016-17", "financialYear: 2016-17 is before GST, which began on 1 July 2017: the first annual return is for 2017-18"],
  ])("financial year %s", (year, expected) => {
    it("is the 400 bad_request of PUT, naming it, and removes nothing", async () => {
      const orgId = await createOrg();
      await expectStatus(await record(orgId, "2024-25", { filed_on: "2025-10-15" }), 201);
      const before = await dbSnapshot(env.DB);
      expect(await expectError(await remove(orgId, year), 400, "bad_request")).toBe(expected);
      expect(await dbSnapshot(env.DB)).toEqual(before);
    });
  });
});

describe("who may remove a recorded day", () => {
  beforeEach(() => holdClockAt(ist("2026-11-27")));

  const del = (orgId: string, headers: Record<string, string>) =>
    fetchWorker(`${INVENTORY}/admin/api/orgs/${orgId}/annual-returns/2024-25`, { method: "DELETE", headers });

  it("the organisation's own admin, with the session's CSRF token: 403 forbidden, as for a plan change, and the day stands", async () => {
    const orgId = await createOrg();
    const session = await signIn(orgId);
    await expectStatus(await record(orgId, "2024-25", { filed_on: "2025-10-15" }), 201);
    const before = await dbSnapshot(env.DB);
    const path = `/admin/api/orgs/${orgId}/annual-returns/2024-25`;
    const removal = await expectError(await asSession(session, "DELETE", path), 403, "forbidden");
    expect(removal).toBe(await expectError(await asSession(session, "PATCH", `/admin/api/orgs/${orgId}`, { plan: "scale" }), 403, "forbidden"));
    expect(await dbSnapshot(env.DB)).toEqual(before);
    expect((await expectStatus(await asSession(session, "GET", `/admin/api/orgs/${orgId}/annual-returns`), 200)).data).toEqual([
      expect.objectContaining({ financial_year: "2024-25", filed_on: "2025-10-15" }),
    ]);
  });

  it("refused without a token (401), with a wrong one (401), a session without its CSRF token (403), and a session naming another organisation (403): nothing removed", async () => {
    const ours = await createOrg();
    const theirs = await createOrg();
    await expectStatus(await record(ours, "2024-25", { filed_on: "2025-10-15" }), 201);
    await expectStatus(await record(theirs, "2024-25", { filed_on: "2025-10-20" }), 201);
    const session = await signIn(ours);
    const before = await dbSnapshot(env.DB);
    await expectError(await del(ours, {}), 401, "unauthorized");
    await expectError(await del(ours, { Authorization: "Bearer not-the-admin-token" }), 401, "unauthorized");
    await expectError(await del(ours, { Cookie: session.cookie }), 403, "forbidden");
    await expectError(await del(theirs, { Cookie: session.cookie, "X-CSRF-Token": session.csrf }), 403, "forbidden");
    await expectError(await del("org_unknown", { Cookie: session.cookie, "X-CSRF-Token": session.csrf }), 403, "forbidden");
    expect(await dbSnapshot(env.DB)).toEqual(before);
    expect(await annualReturnRows(theirs)).toEqual([expect.objectContaining({ financial_year: "2024-25", filed_on: "2025-10-20" })]);
  });
});

// End to end: a Tamil Nadu trader's invoice to a Tamil Nadu buyer dated 15 March 2025 (FY 2024-25, which ends 31 March
// 2025, so 30 November 2025 would be the limit): 40 kg of cotton yarn (5 %) at ₹300 = ₹12,000.00 + CGST ₹300.00 + SGST
// ₹300.00 = ₹12,600.00. Its annual return is recorded as furnished on 15 October 2025, which ends the limit that day.
// Each note is recorded (the clock held) on the day it is dated.
describe("credit notes and returns after the annual return", () => {
  const NO_GST = { taxable_amount: null, cgst_amount: null, sgst_amount: null, igst_amount: null };

  async function marchInvoice() {
    holdClockAt(ist("2025-10-01"));
    const orgId = (
      await expectStatus(await admin("POST", "/admin/api/orgs", { name: "Sri Lakshmi Yarns", plan: "business", gstin: "33ABCDE1234F1Z7" }), 201)
    ).data.id as string;
    const cotton = await lot(orgId, { kg: "100", received_at: "2025-03-01T10:00:00+05:30" });
    const buyer = await customer(orgId, { gstin: "33AAECG4315R1ZE" });
    const invoice = SaleSchema.parse(await sale(orgId, buyer.id, [{ lot_id: cotton.id, kg: "40", rate_per_kg: "300" }], { sale_date: "2025-03-15" }));
    expect(invoice).toMatchObject({ taxable_amount: "12000.00", cgst_amount: "300.00", sgst_amount: "300.00", total_amount: "12600.00" });
    await expectStatus(await admin("POST", `/admin/api/sales/${invoice.id}/dispatch`), 200);
    const credit = (amount: string, date: string) =>
      post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyer.id, sale_id: invoice.id, amount, date }).then((n) =>
        CreditNoteSchema.parse(n),
      );
    const giveBack = async (kg: string, date: string) =>
      (await expectStatus(await admin("POST", `/admin/api/sales/${invoice.id}/returns`, { items: [{ lot_id: cotton.id, kg }], date }), 201)).data;
    return { orgId, buyerId: buyer.id, saleId: invoice.id, credit, giveBack };
  }

  // ₹1,260.00 of ₹12,600.00 is a tenth: ₹1,200.00 + CGST ₹30.00 + SGST ₹30.00. After the first such note the invoice has
  // ₹10,800.00 + ₹270.00 + ₹270.00 = ₹11,340.00 left, and ₹1,260.00 of that is a ninth: again ₹1,200.00 + ₹30.00 + ₹30.00.
  it("a note on the filing day adjusts GST; one the day after, before 30 November, adjusts none; one recorded before keeps its split", async () => {
    const { orgId, credit } = await marchInvoice();
    holdClockAt(ist("2025-10-10"));
    const before = await credit("1260.00", "2025-10-10");
    expect(before).toMatchObject({ taxable_amount: "1200.00", cgst_amount: "30.00", sgst_amount: "30.00", igst_amount: "0.00" });

    holdClockAt(ist("2025-10-15"));
    const recorded = await expectStatus(await record(orgId, "2024-25", { filed_on: "2025-10-15" }), 201);
    expect(recorded.data.credit_notes_adjust_gst_until).toBe("2025-10-15");
    const onTheDay = await credit("1260.00", "2025-10-15");
    expect(onTheDay).toMatchObject({ taxable_amount: "1200.00", cgst_amount: "30.00", sgst_amount: "30.00", igst_amount: "0.00" });

    holdClockAt(ist("2025-10-16"));
    const dayAfter = await credit("1260.00", "2025-10-16");
    expect(dayAfter).toMatchObject({ amount: "1260.00", date: "2025-10-16", place_of_supply: "33", ...NO_GST });

    // Nothing already booked is rewritten: the note of 10 October still carries its ₹30.00 of each tax.
    const kept = await env.DB.prepare("SELECT taxable_paise, cgst_paise, sgst_paise FROM credit_notes WHERE id = ?").bind(before.id).first();
    expect(kept).toEqual({ taxable_paise: 120_000, cgst_paise: 3_000, sgst_paise: 3_000 });
  });

  // A note dated 10 October 2025, before the filing day, but recorded on 16 October 2025, after it: declared no earlier
  // than recorded, so past the limit.
  it("a note dated before the filing day but recorded after it adjusts no GST", async () => {
    const { orgId, credit } = await marchInvoice();
    holdClockAt(ist("2025-10-15"));
    await expectStatus(await record(orgId, "2024-25", { filed_on: "2025-10-15" }), 201);
    holdClockAt(ist("2025-10-16"));
    expect(await credit("1260.00", "2025-10-10")).toMatchObject({ date: "2025-10-10", ...NO_GST });
  });

  // Without the annual return recorded, the same note of 16 October 2025 is within 30 November 2025: split.
  it("without the annual return recorded, the note of the day after still adjusts GST", async () => {
    const { credit } = await marchInvoice();
    holdClockAt(ist("2025-10-16"));
    expect(await credit("1260.00", "2025-10-16")).toMatchObject({ taxable_amount: "1200.00", cgst_amount: "30.00", sgst_amount: "30.00" });
  });

  // 10 kg of the 40 kg line back: ₹3,000.00 + CGST ₹75.00 + SGST ₹75.00 = ₹3,150.00. On the filing day it adjusts GST;
  // the next 10 kg, the day after, credits the same ₹3,150.00 with no GST split.
  it("a sales return on the filing day adjusts GST; one the day after adjusts none", async () => {
    const { orgId, giveBack } = await marchInvoice();
    holdClockAt(ist("2025-10-15"));
    await expectStatus(await record(orgId, "2024-25", { filed_on: "2025-10-15" }), 201);
    expect(await giveBack("10", "2025-10-15")).toMatchObject({
      amount: "3150.00",
      taxable_amount: "3000.00",
      cgst_amount: "75.00",
      sgst_amount: "75.00",
      igst_amount: "0.00",
    });
    holdClockAt(ist("2025-10-16"));
    expect(await giveBack("10", "2025-10-16")).toMatchObject({
      amount: "3150.00",
      ...NO_GST,
      items: [expect.objectContaining({ kg: "10.000", amount: "3000.00", gst_amount: "150.00" })],
    });
  });

  // The annual return of FY 2023-24, furnished 15 October 2024, is not the invoice's year's (2024-25): the note of 16
  // October 2025 is judged by 30 November 2025 alone, and adjusts GST.
  it("the annual return of another financial year leaves the invoice's limit at 30 November", async () => {
    const { orgId, credit } = await marchInvoice();
    holdClockAt(ist("2025-10-16"));
    await expectStatus(await record(orgId, "2023-24", { filed_on: "2024-10-15" }), 201);
    expect(await credit("1260.00", "2025-10-16")).toMatchObject({ taxable_amount: "1200.00", cgst_amount: "30.00", sgst_amount: "30.00" });
  });

  // The organisation records 15 October 2025 by mistake; the return was furnished on 20 October 2025. A note dated
  // and recorded on 17 October 2025 is past the wrong day: no split, and it keeps none. The operator removes the day
  // on 20 October and the organisation records the right one: a note dated 18 October and recorded on 20 October (the
  // later of the two, 20 October, is on the filing day) adjusts GST, ₹1,260.00 = ₹1,200.00 + ₹30.00 + ₹30.00 as the
  // note of 17 October took no tax; one dated and recorded on 21 October adjusts none, although 30 November is ahead.
  it("a wrong day removed and the right one recorded: later notes are judged by the right day, earlier ones keep theirs", async () => {
    const { orgId, credit } = await marchInvoice();
    holdClockAt(ist("2025-10-15"));
    await expectStatus(await record(orgId, "2024-25", { filed_on: "2025-10-15" }), 201);
    holdClockAt(ist("2025-10-17"));
    const underTheWrongDay = await credit("1260.00", "2025-10-17");
    expect(underTheWrongDay).toMatchObject({ date: "2025-10-17", ...NO_GST });

    holdClockAt(ist("2025-10-20"));
    expect((await expectStatus(await remove(orgId, "2024-25"), 200)).data).toMatchObject({ filed_on: "2025-10-15" });
    const right = await expectStatus(await record(orgId, "2024-25", { filed_on: "2025-10-20" }), 201);
    expect(right.data.credit_notes_adjust_gst_until).toBe("2025-10-20");
    expect(await credit("1260.00", "2025-10-18")).toMatchObject({
      taxable_amount: "1200.00",
      cgst_amount: "30.00",
      sgst_amount: "30.00",
      igst_amount: "0.00",
    });

    holdClockAt(ist("2025-10-21"));
    expect(await credit("1260.00", "2025-10-21")).toMatchObject({ date: "2025-10-21", ...NO_GST });

    // Nothing already booked is rewritten: the note of 17 October still has no split.
    const kept = await env.DB.prepare("SELECT taxable_paise, cgst_paise, sgst_paise, igst_paise FROM credit_notes WHERE id = ?")
      .bind(underTheWrongDay.id)
      .first();
    expect(kept).toEqual({ taxable_paise: null, cgst_paise: null, sgst_paise: null, igst_paise: null });
  });

  /** A credit note of ₹1,260 on the March invoice, issued 16 October 2025, written through `db`. */
  const noteOf16October = (db: D1Database, invoice: { orgId: string; buyerId: string; saleId: string }) =>
    createCreditNote(
      db,
      invoice.orgId,
      { customerId: invoice.buyerId, saleId: invoice.saleId, amountPaise: 126_000, reason: null, issuedOn: "2025-10-16" },
      Date.now(),
    );

  // A note read with no annual return recorded, whose write comes after the filing day was recorded (before its
  // batch, another request records 15 October 2025): it is judged again by that date, and on 16 October 2025 adjusts
  // no GST, as if sent after the recording.
  it("a filing date recorded while a note is being written: the note is judged by it", async () => {
    const { orgId, buyerId, saleId } = await marchInvoice();
    holdClockAt(ist("2025-10-16"));
    const racing = writesAfter(env.DB, async () => expectStatus(await record(orgId, "2024-25", { filed_on: "2025-10-15" }), 201));
    const outcome = await noteOf16October(racing.db, { orgId, buyerId, saleId });
    expect(racing.raced()).toBe(1);
    expect(outcome).toMatchObject({
      kind: "recorded",
      value: { amountPaise: 126_000, taxablePaise: null, cgstPaise: null, sgstPaise: null, igstPaise: null },
    });
  });

  // The reverse: a note read while 15 October 2025 stood (so, on 16 October, past it), whose write comes after the
  // operator removed that day: it is judged again without it, by 30 November 2025 alone, and adjusts GST.
  it("a filing date removed while a note is being written: the note is judged without it", async () => {
    const { orgId, buyerId, saleId } = await marchInvoice();
    holdClockAt(ist("2025-10-15"));
    await expectStatus(await record(orgId, "2024-25", { filed_on: "2025-10-15" }), 201);
    holdClockAt(ist("2025-10-16"));
    const racing = writesAfter(env.DB, async () => expectStatus(await remove(orgId, "2024-25"), 200));
    const outcome = await noteOf16October(racing.db, { orgId, buyerId, saleId });
    expect(racing.raced()).toBe(1);
    expect(outcome).toMatchObject({
      kind: "recorded",
      value: { amountPaise: 126_000, taxablePaise: 120_000, cgstPaise: 3_000, sgstPaise: 3_000, igstPaise: 0 },
    });
  });
});
