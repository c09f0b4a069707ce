// What both services promise of an endpoint's deliveries log paged by cursor (src/platform/webhooks/delivery-log-queries.ts
// listDeliveries): every delivery once, in the log's order, whatever is delivered meanwhile; the filters kept; a
// cursor of another endpoint, an altered one or one of other filters refused; every page, of one status too, read from
// an index in the log's order. Each service's recovery tests call `deliveryLogCases` with a small driver, as they
// call `recoveryCases`.
import { expect, it } from "vitest";
import { plansOf } from "./query-plan";
import { type DeliveryStore, HOUR, pastDelivery } from "./webhook-recovery";

export interface DeliveryLogDriver extends DeliveryStore {
  /** A new owner with two endpoints of its own. */
  owner: () => Promise<{ ownerId: string; endpoints: [{ id: string }, { id: string }] }>;
  /** GET the endpoint's deliveries log with this query string (without `?`). */
  list: (ownerId: string, endpointId: string, query: string) => Promise<Response>;
  /** The answer's field for the next page's cursor, and the query parameter of the event type. */
  nextCursor: "nextCursor" | "next_cursor";
  eventTypeParameter: "eventType" | "event_type";
  /** The service's 400 for a bad cursor: its code, and its message for a cursor it did not issue for this log. */
  refusal: { code: string; notIssued: string };
}

async function page(d: DeliveryLogDriver, ownerId: string, endpointId: string, query: string) {
  const response = await d.list(ownerId, endpointId, query);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  const body = JSON.parse(text) as Record<string, unknown> & { data: Array<{ id: string }> };
  return { ids: body.data.map((delivery) => delivery.id), cursor: body[d.nextCursor] as string | null };
}

async function refusal(d: DeliveryLogDriver, ownerId: string, endpointId: string, query: string): Promise<string> {
  const response = await d.list(ownerId, endpointId, query);
  const body = (await response.json()) as { error: string | { code: string; message: string }; code?: string };
  expect(response.status).toBe(400);
  return typeof body.error === "string" ? `${body.code}: ${body.error}` : `${body.error.code}: ${body.error.message}`;
}

export function deliveryLogCases(d: DeliveryLogDriver): void {
  deliveryLogPlanCases(d);
  it("pages through every delivery once, newest first, while new deliveries are made", { timeout: 60_000 }, async () => {
    const { ownerId, endpoints } = await d.owner();
    const [endpoint] = endpoints;
    const start = Date.now() - HOUR;
    // Three deliveries share one millisecond: the log shows them in the reverse of the order they were written.
    const made: string[] = [];
    for (const at of [start, start + 1, start + 1, start + 1, start + 2, start + 3, start + 5])
      made.push((await pastDelivery(d, endpoint, ownerId, at, "failed")).id);
    const newestFirst = [...made].reverse();

    const seen: string[] = [];
    let next = await page(d, ownerId, endpoint.id, "limit=2");
    seen.push(...next.ids);
    while (next.cursor !== null) {
      // Made mid-walk, it is newer than everything listed: it never pushes a delivery onto a later page.
      if (seen.length === 2) await pastDelivery(d, endpoint, ownerId, Date.now(), "failed");
      next = await page(d, ownerId, endpoint.id, `limit=2&cursor=${encodeURIComponent(next.cursor)}`);
      seen.push(...next.ids);
    }
    expect(seen).toEqual(newestFirst);
  });

  it("keeps the filters a cursor was given with, and refuses it with others, on another endpoint, or altered", async () => {
    const { ownerId, endpoints } = await d.owner();
    const [endpoint, other] = endpoints;
    const start = Date.now() - HOUR;
    const failed: string[] = [];
    for (let i = 0; i < 5; i++) {
      failed.push((await pastDelivery(d, endpoint, ownerId, start + 2 * i, "failed")).id);
      await pastDelivery(d, endpoint, ownerId, start + 2 * i + 1, "delivered");
    }
    const first = await page(d, ownerId, endpoint.id, "status=failed&limit=3");
    const rest = await page(d, ownerId, endpoint.id, `status=failed&limit=3&cursor=${encodeURIComponent(first.cursor ?? "")}`);
    expect([...first.ids, ...rest.ids]).toEqual([...failed].reverse());
    expect(rest.cursor).toBeNull();

    const cursor = encodeURIComponent(first.cursor ?? "");
    expect(await refusal(d, ownerId, endpoint.id, `cursor=${cursor}`)).toBe(
      `${d.refusal.code}: status: was failed in the request that gave this cursor; send the same filters with cursor, or start again without it to change them`,
    );
    expect(await refusal(d, ownerId, endpoint.id, `status=failed&${d.eventTypeParameter}=${d.eventType}&cursor=${cursor}`)).toBe(
      `${d.refusal.code}: ${d.eventTypeParameter}: was not sent with the request that gave this cursor; send the same filters with cursor, or start again without it to change them`,
    );
    expect(await refusal(d, ownerId, other.id, `status=failed&cursor=${cursor}`)).toBe(`${d.refusal.code}: ${d.refusal.notIssued}`);
    const altered = encodeURIComponent(`${first.cursor?.slice(0, -1)}${first.cursor?.endsWith("0") ? "1" : "0"}`);
    expect(await refusal(d, ownerId, endpoint.id, `status=failed&cursor=${altered}`)).toBe(`${d.refusal.code}: ${d.refusal.notIssued}`);
  });
}

/** SQLite's plan for the log's query (listDeliveries) on an endpoint: its first page or a later one, of every status or one. */
async function planOf(d: DeliveryLogDriver, page: "first" | "later", status: "failed" | undefined): Promise<string> {
  const after = page === "later" ? { createdAt: 0, id: "whd_x" } : undefined;
  // The endpoint has no delivery, so no attempts are read: the one statement is the log's.
  const [plan] = await plansOf((db) => d.queries.listDeliveries(db, "whk_x", { limit: 25, status, after }));
  return plan ?? "";
}

function deliveryLogPlanCases(d: DeliveryLogDriver): void {
  it("reads a later page from the endpoint's index, starting at the cursor, whatever the endpoint's log holds", async () => {
    const plan = await planOf(d, "later", undefined);
    expect(plan).toMatch(/SEARCH webhook_deliveries USING INDEX webhook_deliveries_endpoint_created \(endpoint_id=\? AND .*<\?/);
    expect(plan).not.toContain("TEMP B-TREE");
  });

  it("reads one status's pages from its own index, from the cursor on: a few failed among many delivered cost no more than their own", async () => {
    const first = await planOf(d, "first", "failed");
    expect(first).toMatch(/SEARCH webhook_deliveries USING INDEX webhook_deliveries_endpoint_status_created \(endpoint_id=\? AND status=\?\)/);
    const later = await planOf(d, "later", "failed");
    expect(later).toMatch(
      /SEARCH webhook_deliveries USING INDEX webhook_deliveries_endpoint_status_created \(endpoint_id=\? AND status=\? AND .*<\?/,
    );
    for (const plan of [first, later]) expect(plan).not.toMatch(/SCAN|TEMP B-TREE/);
  });
}
