// The organisation's events (GET /admin/api/orgs/{id}/events and /events/{eventId}): a receiver that missed
// deliveries fetches the events of the last 30 days, each exactly as a delivery carried it, newest first, filtered
// by kind and time, in keyset (cursor) or offset pages; compliance.due only where an endpoint took it; never another organisation's.
import { parseInventoryEnv } from "../../../src/inventory/env";
import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { sessionSecrets } from "../../../src/platform/env";
import { issueCursor } from "../../../src/inventory/http/list-cursor";
import { INVENTORY_EVENT_PAYLOADS } from "../../../src/inventory/webhooks/payloads";
import { EventSchema } from "../../../src/inventory/webhooks/schemas";
import { emitComplianceDue } from "../../../src/inventory/webhooks/service";
import { installReceivers, receiver, type Received } from "../../webhook-receiver";
import { admin, asSession, createOrg, expectError, expectStatus, signIn } from "../helpers";
import { customer, holdClockAt, lot, post, sale } from "../stock-fixtures";

installReceivers();
afterEach(() => {
  vi.useRealTimers();
});

const EventPage = z
  .object({ data: z.array(EventSchema), has_more: z.boolean(), next_offset: z.number().int().nullable(), next_cursor: z.string().nullable() })
  .strict();
type WireEvent = z.infer<typeof EventSchema>;
const DAY_MS = 86_400_000;

async function list(orgId: string, query = ""): Promise<z.infer<typeof EventPage>> {
  return EventPage.parse(await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/events${query}`), 200));
}

/** An outbox row as the back-office writes insert it, at a chosen time. */
async function insertEvent(orgId: string, createdAt: number): Promise<string> {
  const id = `evt_${crypto.randomUUID()}`;
  await env.DB.prepare("INSERT INTO events (id, org_id, type, payload, created_at) VALUES (?, ?, ?, ?, ?)")
    .bind(id, orgId, "customer.created", JSON.stringify({ customer_id: `cust_${id}`, name: "Inserted", gstin: null }), createdAt)
    .run();
  return id;
}

describe("the organisation's events, as its receiver got them", () => {
  let orgId: string;
  let received: Received[];
  /** The bodies the receiver got, business events only, in the order the changes were made. */
  let delivered: WireEvent[];

  beforeAll(async () => {
    orgId = await createOrg();
    const hook = receiver();
    received = hook.received;
    const endpoint = await post<{ id: string }>(`/admin/api/orgs/${orgId}/webhooks`, { url: hook.url });
    const buyer = await customer(orgId);
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 60_000, interval: 50 });
    const stock = await lot(orgId);
    const sold = await sale(orgId, buyer.id, [{ lot_id: stock.id, kg: "10" }]);
    await vi.waitFor(() => expect(received).toHaveLength(2), { timeout: 60_000, interval: 50 });
    await post(`/admin/api/sales/${sold.id}/cancel`, undefined, 200);
    await vi.waitFor(() => expect(received).toHaveLength(3), { timeout: 60_000, interval: 50 });
    // A test send reaches the receiver too, but reports no change of the organisation.
    await post(`/admin/api/orgs/${orgId}/webhooks/${endpoint.id}/test`, undefined, 200);
    await vi.waitFor(() => expect(received).toHaveLength(4), { timeout: 60_000, interval: 50 });
    delivered = received.map((r) => JSON.parse(r.body) as WireEvent).filter((e) => e.type !== "webhook.test");
  }, 60_000);

  it("lists every business event newest first, each equal to the body its delivery carried; the test send is left out", async () => {
    expect(delivered.map((e) => e.type)).toEqual(["customer.created", "sale.created", "sale.cancelled"]);
    expect(await list(orgId)).toEqual({ data: [...delivered].reverse(), has_more: false, next_offset: null, next_cursor: null });
    for (const event of delivered) expect(INVENTORY_EVENT_PAYLOADS.find((p) => p.type === event.type)!.schema.parse(event)).toEqual(event);
  });

  it("GET …/events/{eventId} answers one event as its delivery carried it; a test send's event is a 404", async () => {
    for (const event of delivered) {
      expect((await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/events/${event.id}`), 200)).data).toEqual(event);
    }
    const testEvent = JSON.parse(received[3]!.body) as WireEvent;
    expect(testEvent.type).toBe("webhook.test");
    expect(await expectError(await admin("GET", `/admin/api/orgs/${orgId}/events/${testEvent.id}`), 404, "not_found")).toBe("No such event");
  });

  it("filters by kind, and by time: since is inclusive, before exclusive", async () => {
    const [created, sold, cancelled] = delivered as [WireEvent, WireEvent, WireEvent];
    expect((await list(orgId, "?type=sale.created")).data).toEqual([sold]);
    expect((await list(orgId, `?since=${sold.created_at}`)).data).toEqual([cancelled, sold]);
    expect((await list(orgId, `?before=${sold.created_at}`)).data).toEqual([created]);
    expect((await list(orgId, "?type=invoice.paid")).data).toEqual([]);
  });

  it("the organisation's signed-in admin sees the same list", async () => {
    const session = await signIn(orgId);
    expect((await expectStatus(await asSession(session, "GET", `/admin/api/orgs/${orgId}/events`), 200)).data).toEqual([...delivered].reverse());
  });
});

describe("paging", () => {
  it("walks every event once, in order, events of one millisecond included; a fixed before keeps new events out", async () => {
    const orgId = await createOrg();
    const start = Date.now();
    const base = start - 3_600_000;
    const inserted: Array<{ id: string; at: number }> = [];
    for (const offset of [0, 0, 1, 2, 2, 2, 3, 4, 4]) inserted.push({ id: await insertEvent(orgId, base + offset), at: base + offset });
    const expected = [...inserted].sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1)).map((e) => e.id);

    const before = new Date(start).toISOString();
    const seen: string[] = [];
    let offset: number | null = 0;
    let pages = 0;
    while (offset !== null) {
      const page = await list(orgId, `?limit=2&offset=${offset}&before=${before}`);
      seen.push(...page.data.map((e) => e.id));
      expect(page.has_more).toBe(page.next_offset !== null);
      offset = page.next_offset;
      // An event recorded mid-walk is after `before`: the pages still to come do not move.
      if (pages++ === 1) await insertEvent(orgId, Date.now());
    }
    expect(seen).toEqual(expected);
    expect(pages).toBe(5);
  });
});

describe("paging by cursor", () => {
  /** Nine events over five milliseconds an hour ago, as the list orders them: newest first, one millisecond's by id, descending. */
  async function nineEvents(orgId: string): Promise<string[]> {
    const base = Date.now() - 3_600_000;
    const inserted: Array<{ id: string; at: number }> = [];
    for (const offset of [0, 0, 1, 2, 2, 2, 3, 4, 4]) inserted.push({ id: await insertEvent(orgId, base + offset), at: base + offset });
    return [...inserted].sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1)).map((e) => e.id);
  }

  it("walks every event exactly once, in order, while new events are recorded, with no before to fix", async () => {
    const orgId = await createOrg();
    const expected = await nineEvents(orgId);
    const seen: string[] = [];
    let page = await list(orgId, "?limit=2");
    seen.push(...page.data.map((e) => e.id));
    for (let pages = 1; page.next_cursor !== null; pages++) {
      expect(page.has_more).toBe(true);
      // An event recorded mid-walk is newer than every event already listed: it neither repeats nor pushes one on.
      if (pages === 2) await insertEvent(orgId, Date.now());
      page = await list(orgId, `?limit=2&cursor=${page.next_cursor}`);
      expect(page.next_offset).toBeNull();
      seen.push(...page.data.map((e) => e.id));
    }
    expect(page.has_more).toBe(false);
    expect(seen).toEqual(expected);
  });

  it("keeps the filters it was given with: a cursor of ?type pages that kind only", async () => {
    const orgId = await createOrg();
    const expected = await nineEvents(orgId);
    const buyer = await customer(orgId);
    const first = await list(orgId, "?type=customer.created&limit=5");
    expect(first.data.map((e) => e.type)).toEqual(Array(5).fill("customer.created"));
    const rest = await list(orgId, `?type=customer.created&limit=10&cursor=${first.next_cursor}`);
    expect([...first.data, ...rest.data].map((e) => e.id)).toEqual([expect.any(String), ...expected]);
    expect(first.data[0]?.data).toMatchObject({ customer_id: buyer.id });
    expect(rest.next_cursor).toBeNull();
  });

  it("refuses a cursor that was altered, is another organisation's or another list's, or comes with other filters or an offset", async () => {
    const orgId = await createOrg();
    await nineEvents(orgId);
    const cursor = (await list(orgId, "?limit=2")).next_cursor ?? "";
    const other = await createOrg();
    const notIssued = "cursor: is not a next_cursor this list gave your organisation; send it exactly as received, or start again without cursor";
    const [payload, mac] = cursor.split(".");
    const altered = `${payload}.${mac?.startsWith("0") ? "1" : "0"}${mac?.slice(1)}`;
    expect(await expectError(await admin("GET", `/admin/api/orgs/${orgId}/events?cursor=${altered}`), 400, "bad_request")).toBe(notIssued);
    expect(await expectError(await admin("GET", `/admin/api/orgs/${other}/events?cursor=${cursor}`), 400, "bad_request")).toBe(notIssued);
    // Signed by this service for this organisation, but a position in its sales list.
    const salesCursor = await issueCursor(
      sessionSecrets(env),
      "sales",
      orgId,
      { type: null, since: null, before: null },
      { createdAt: 0, id: "evt_x" },
    );
    expect(await expectError(await admin("GET", `/admin/api/orgs/${orgId}/events?cursor=${salesCursor}`), 400, "bad_request")).toBe(notIssued);
    expect(await expectError(await admin("GET", `/admin/api/orgs/${orgId}/events?type=stock.low&cursor=${cursor}`), 400, "bad_request")).toBe(
      "type: was not sent with the request that gave this cursor; send the same filters with cursor, or start again without it to change them",
    );
    expect(await expectError(await admin("GET", `/admin/api/orgs/${orgId}/events?offset=0&cursor=${cursor}`), 400, "bad_request")).toBe(
      "cursor: cannot be combined with offset: send one or the other",
    );
  });
});

describe("the 30-day window", () => {
  it("lists an event exactly 30 days old and not one a millisecond older, which is also a 404 by id", async () => {
    const orgId = await createOrg();
    const now = Date.parse("2026-11-21T06:00:00.000Z");
    const edge = await insertEvent(orgId, now - 30 * DAY_MS);
    const older = await insertEvent(orgId, now - 30 * DAY_MS - 1);
    holdClockAt(now);
    expect((await list(orgId)).data.map((e) => e.id)).toEqual([edge]);
    expect((await list(orgId, `?since=${new Date(now - 60 * DAY_MS).toISOString()}`)).data.map((e) => e.id)).toEqual([edge]);
    expect((await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/events/${edge}`), 200)).data.created_at).toBe("2026-10-22T06:00:00.000Z");
    await expectError(await admin("GET", `/admin/api/orgs/${orgId}/events/${older}`), 404, "not_found");
    holdClockAt(now + 1);
    expect((await list(orgId)).data).toEqual([]);
    await expectError(await admin("GET", `/admin/api/orgs/${orgId}/events/${edge}`), 404, "not_found");
  });
});

describe("compliance.due", () => {
  it("is recorded, and so listed, only for an organisation with an enabled endpoint taking it at the daily run", async () => {
    const taking = await createOrg();
    const other = await createOrg();
    await post(`/admin/api/orgs/${taking}/webhooks`, { url: receiver().url, events: ["compliance.due"] });
    await post(`/admin/api/orgs/${other}/webhooks`, { url: receiver().url, events: ["sale.created"] });
    // 9 November 09:00 IST: October's GSTR-1 falls due on 11 November, inside the 3 lead days.
    const run = Date.parse("2026-11-09T03:30:00Z");
    holdClockAt(run);
    await emitComplianceDue(parseInventoryEnv(env), run);
    const listed = (await list(taking, "?type=compliance.due")).data;
    expect(listed.map((e) => [e.data.kind, e.data.period, e.data.due_date])).toEqual([["gstr1", "2026-10", "2026-11-11"]]);
    expect((await list(other, "?type=compliance.due")).data).toEqual([]);
  });
});

describe("refusals", () => {
  let orgId: string;
  beforeAll(async () => {
    orgId = await createOrg();
  });

  const KINDS =
    '"sale.created", "sale.cancelled", "sale.dispatched", "invoice.paid", "customer.created", "stock.low", "compliance.due", "entry.voided"';
  it.each([
    ["?type=webhook.test", `type: must be one of ${KINDS}`],
    ["?type=sale.returned", `type: must be one of ${KINDS}`],
    ["?since=yesterday", "since: must be an ISO 8601 time with its offset, e.g. 2026-11-21T06:00:00Z"],
    ["?since=2026-11-21T06:00:00Z&before=2026-11-21T05:00:00Z", "before: must be later than since"],
    ["?limit=1001", "limit: must be <= 1000"],
    ["?offset=100001", "offset: must be <= 100000"],
    ["?created_after=2026-11-21T06:00:00Z", "created_after: unknown field"],
  ])("GET …/events%s is a 400 that says why", async (query, message) => {
    expect(await expectError(await admin("GET", `/admin/api/orgs/${orgId}/events${query}`), 400, "bad_request")).toBe(message);
  });

  it("another organisation's event is the same 404 as an unknown id, for the operator and for the session", async () => {
    const owner = await createOrg();
    const theirs = await insertEvent(owner, Date.now());
    expect(await expectError(await admin("GET", `/admin/api/orgs/${orgId}/events/${theirs}`), 404, "not_found")).toBe("No such event");
    expect(await expectError(await admin("GET", `/admin/api/orgs/${orgId}/events/evt_unknown`), 404, "not_found")).toBe("No such event");
    expect(JSON.stringify(await list(orgId))).not.toContain(theirs);
    const session = await signIn(orgId);
    await expectError(await asSession(session, "GET", `/admin/api/orgs/${orgId}/events/${theirs}`), 404, "not_found");
    await expectError(await asSession(session, "GET", `/admin/api/orgs/${owner}/events`), 404, "not_found");
  });
});

describe("the query plan", () => {
  /** SQLite's plan for the list's query (as src/platform/webhooks/event-queries.ts listEvents writes it), with or without `type`. */
  async function planOf(type: boolean): Promise<string> {
    const sql = `EXPLAIN QUERY PLAN SELECT id, org_id, type, created_at, payload FROM events
      WHERE org_id = ?1 AND created_at >= ?2 AND type <> 'webhook.test' ${type ? "AND type = ?3" : ""}
      ORDER BY created_at DESC, id DESC LIMIT 201 OFFSET 0`;
    const bindings: unknown[] = type ? ["org_x", 0, "compliance.due"] : ["org_x", 0];
    const { results } = await env.DB.prepare(sql)
      .bind(...bindings)
      .all<{ detail: string }>();
    return results.map((r) => r.detail).join("\n");
  }

  it("reads the organisation's events by time from an index, and a kind's events without reading its other events", async () => {
    expect(await planOf(false)).toMatch(/SEARCH events USING INDEX events_org_created \(org_id=\? AND created_at>\?\)/);
    // Only the kind's events are read, however many others the organisation has: a rare kind costs no more than its own.
    expect(await planOf(true)).toMatch(/SEARCH events USING (COVERING )?INDEX events_org_type_created \(org_id=\? AND type=\? AND created_at>\?\)/);
  });
});
