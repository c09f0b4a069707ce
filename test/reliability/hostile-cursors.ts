// Hostile deliveries-log cursors, for both services' hostile suites: another owner's cursor (on that owner's endpoint
// id, guessed, and on the sender's own endpoint), an altered one, an events-list cursor sent to the log and a log
// cursor to the events list, and a cursor sent with other filters. Each is refused as the routes document it (the
// 404 of an unknown endpoint, or the service's 400), in the service's envelope, shows nothing of the other owner and
// changes no row.
import { env } from "cloudflare:test";
import { expect, it, vi } from "vitest";
import { fromBase64Url, toBase64Url } from "../../src/platform/crypto";
import { newId } from "../../src/platform/ids";
import { dbSnapshot, type Envelope, expectClean4xx } from "./kit";

/** An account or organisation with an endpoint of its own, and whatever its driver needs to call as it. */
export interface CursorOwner {
  endpointId: string;
}

export interface HostileCursorDriver<O extends CursorOwner> {
  envelope: Envelope;
  /** A new owner whose endpoint took at least two of its events (each one delivery); they may still be on their way. */
  owner(): Promise<O>;
  /** GET the endpoint's deliveries log as `as`, with this query string (without `?`). */
  deliveries(as: O, endpointId: string, query: string): Promise<Response>;
  /** GET the events list of `as`, with this query string. */
  events(as: O, query: string): Promise<Response>;
  /** The answers' field for the next page's cursor, and the log's query parameter of the event type. */
  nextCursor: "nextCursor" | "next_cursor";
  eventTypeParameter: "eventType" | "event_type";
  /** A type of the owner's events. */
  eventType: string;
  /** The service's 400 for a bad cursor: its code, and its message for a cursor the list did not issue to the caller. */
  refusal: { code: string; notIssued: string };
  /** The 404 of an endpoint that is not the caller's, as `404 code: message`. */
  noSuchEndpoint: string;
}

/** The owner, once its endpoint's deliveries are all delivered (so nothing changes the database while it is probed). */
async function settledOwner<O extends CursorOwner>(d: HostileCursorDriver<O>): Promise<O> {
  const owner = await d.owner();
  await vi.waitFor(
    async () => {
      const counts = await env.DB.prepare(
        "SELECT SUM(status = 'delivered') AS delivered, SUM(status = 'pending') AS pending FROM webhook_deliveries WHERE endpoint_id = ?",
      )
        .bind(owner.endpointId)
        .first<{ delivered: number | null; pending: number | null }>();
      expect(counts?.delivered ?? 0).toBeGreaterThanOrEqual(2);
      expect(counts?.pending ?? 0).toBe(0);
    },
    { timeout: 60_000, interval: 50 },
  );
  return owner;
}

/** The owner's identifiers another owner must never see: its endpoint, its deliveries and their events. */
async function identifiersOf(owner: CursorOwner): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT id, event_id FROM webhook_deliveries WHERE endpoint_id = ?")
    .bind(owner.endpointId)
    .all<{ id: string; event_id: string }>();
  return [owner.endpointId, ...results.flatMap((row) => [row.id, row.event_id])];
}

async function cursorOf(response: Response, field: string): Promise<string> {
  const text = await response.text();
  expect(response.status, text).toBe(200);
  const cursor = (JSON.parse(text) as Record<string, unknown>)[field];
  expect(typeof cursor, text).toBe("string");
  return cursor as string;
}

/** A refusal as `status code: message`, after checking it is a clean 4xx in the envelope that names none of `hidden`. */
async function refusal<O extends CursorOwner>(d: HostileCursorDriver<O>, response: Response, label: string, hidden: string[] = []): Promise<string> {
  const text = await response.clone().text();
  const code = await expectClean4xx(response, d.envelope, label);
  for (const id of hidden) expect(text, `${label} shows ${id}`).not.toContain(id);
  const body = JSON.parse(text) as { error: string | { message: string } };
  return `${response.status} ${code}: ${typeof body.error === "string" ? body.error : body.error.message}`;
}

const sameFilters = "send the same filters with cursor, or start again without it to change them";

export function hostileCursorCases<O extends CursorOwner>(d: HostileCursorDriver<O>): void {
  /** The owner's log of delivered deliveries, a page of one, and the cursor of its next page. */
  const deliveredCursor = async (owner: O) => cursorOf(await d.deliveries(owner, owner.endpointId, "status=delivered&limit=1"), d.nextCursor);
  const q = encodeURIComponent;
  const refused = (message: string) => `400 ${d.refusal.code}: ${message}`;
  const notIssued = refused(d.refusal.notIssued);

  it("another owner's cursor: on that owner's endpoint id the 404 of an unknown endpoint, on their own endpoint a 400; nothing shown, nothing changed", async () => {
    const a = await settledOwner(d);
    const b = await settledOwner(d);
    const cursor = await deliveredCursor(a);
    const hidden = await identifiersOf(a);
    const before = await dbSnapshot(env.DB);
    const query = `status=delivered&limit=1&cursor=${q(cursor)}`;
    const guessed = await refusal(d, await d.deliveries(b, a.endpointId, query), "A's cursor on A's endpoint, as B", hidden);
    const unknown = await refusal(d, await d.deliveries(b, newId("whk"), query), "A's cursor on an unknown endpoint");
    expect(guessed).toBe(d.noSuchEndpoint);
    expect(unknown).toBe(d.noSuchEndpoint);
    expect(await refusal(d, await d.deliveries(b, b.endpointId, query), "A's cursor on B's endpoint", hidden)).toBe(notIssued);
    expect(await dbSnapshot(env.DB)).toEqual(before);
  });

  it("an altered cursor, one cut short, or one spliced from two is a 400 and changes nothing", async () => {
    const owner = await settledOwner(d);
    const cursor = await deliveredCursor(owner);
    const other = await cursorOf(await d.deliveries(owner, owner.endpointId, "limit=1"), d.nextCursor);
    const [payload = "", mac = ""] = cursor.split(".");
    // The position moved on by a millisecond, the signature left as it was.
    const position = JSON.parse(new TextDecoder().decode(fromBase64Url(payload))) as Record<string, unknown>;
    const moved = JSON.stringify(position).replace(/:(\d{13})/, (_, at: string) => `:${Number(at) + 1}`);
    expect(moved).not.toBe(JSON.stringify(position));
    const altered = {
      "one signature digit changed": `${payload}.${mac.slice(0, -1)}${mac.endsWith("0") ? "1" : "0"}`,
      "its position edited": `${toBase64Url(new TextEncoder().encode(moved))}.${mac}`,
      "its signature left off": payload,
      "another cursor's signature": `${payload}.${other.split(".")[1]}`,
      "a third part": `${cursor}.${mac}`,
    };
    const before = await dbSnapshot(env.DB);
    for (const [name, sent] of Object.entries(altered)) {
      const response = await d.deliveries(owner, owner.endpointId, `status=delivered&limit=1&cursor=${q(sent)}`);
      expect(await refusal(d, response, name), name).toBe(notIssued);
    }
    expect(await dbSnapshot(env.DB)).toEqual(before);
  });

  it("an events cursor does not page the deliveries log, nor a deliveries cursor the events list: each is a 400 and changes nothing", async () => {
    const owner = await settledOwner(d);
    const deliveries = await cursorOf(await d.deliveries(owner, owner.endpointId, "limit=1"), d.nextCursor);
    const events = await cursorOf(await d.events(owner, "limit=1"), d.nextCursor);
    const before = await dbSnapshot(env.DB);
    expect(await refusal(d, await d.deliveries(owner, owner.endpointId, `limit=1&cursor=${q(events)}`), "events cursor on the log")).toBe(notIssued);
    expect(await refusal(d, await d.events(owner, `limit=1&cursor=${q(deliveries)}`), "log cursor on the events list")).toBe(notIssued);
    expect(await dbSnapshot(env.DB)).toEqual(before);
  });

  it("a cursor sent with other filters is a 400 naming the filter and changes nothing; with the same filters it pages on", async () => {
    const owner = await settledOwner(d);
    const cursor = q(await deliveredCursor(owner));
    const before = await dbSnapshot(env.DB);
    const changed: Array<[string, string]> = [
      [`cursor=${cursor}`, `status: was delivered in the request that gave this cursor; ${sameFilters}`],
      [`status=failed&cursor=${cursor}`, `status: was delivered in the request that gave this cursor; ${sameFilters}`],
      [
        `status=delivered&${d.eventTypeParameter}=${d.eventType}&cursor=${cursor}`,
        `${d.eventTypeParameter}: was not sent with the request that gave this cursor; ${sameFilters}`,
      ],
    ];
    for (const [query, message] of changed)
      expect(await refusal(d, await d.deliveries(owner, owner.endpointId, query), query), query).toBe(refused(message));
    expect(await dbSnapshot(env.DB)).toEqual(before);
    // The cursor itself was good: the same filters (a page size is not one) page on.
    const next = await d.deliveries(owner, owner.endpointId, `status=delivered&limit=5&cursor=${cursor}`);
    const text = await next.text();
    expect(next.status, text).toBe(200);
    expect((JSON.parse(text) as { data: unknown[] }).data.length).toBeGreaterThan(0);
  });
}
