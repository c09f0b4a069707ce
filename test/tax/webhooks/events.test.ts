// The events list (GET /api/v1/events, /api/v1/events/{id} and their /admin/api mirror): a receiver that missed
// deliveries fetches the account's events of the last 30 days, each exactly as a delivery carried it, newest
// first, filtered by type and time, in keyset pages that neither repeat nor skip; never another account's.
import { env } from "cloudflare:test";
import { fetchWorker } from "../../worker-under-test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { TAX_EVENT_PAYLOADS } from "../../../src/tax/webhooks/payloads";
import { EventSchema } from "../../../src/tax/webhooks/schemas";
import { sessionCaller } from "../../web-session";
import { installReceivers, receiver, type Received } from "../../webhook-receiver";
import { admin, api, capture, createKey, expectError, expectStatus, signedIn, TAX, type TestKey } from "../helpers";

installReceivers();
afterEach(() => {
  vi.useRealTimers();
});

const EventList = z.object({ data: z.array(EventSchema), nextCursor: z.string().nullable() });
type WireEvent = z.infer<typeof EventSchema>;
const DAY_MS = 86_400_000;
const PROFILE = { age: 30, residentialStatus: "resident", salary: { grossSalary: 1_800_000 }, deductions: { section80C: 150_000 } };

async function list(key: string, query = ""): Promise<z.infer<typeof EventList>> {
  return EventList.parse(await expectStatus(await api(`/api/v1/events${query}`, key), 200));
}

async function accountIdOf(email: string): Promise<string> {
  return (await env.DB.prepare("SELECT id FROM accounts WHERE email = ?").bind(email).first<{ id: string }>())!.id;
}

/** An outbox row as the profile writes insert it, at a chosen time. */
async function insertEvent(accountId: string, createdAt: number, type = "profile.deleted"): Promise<string> {
  const id = `evt_${crypto.randomUUID()}`;
  await env.DB.prepare("INSERT INTO events (id, owner_id, type, payload, created_at) VALUES (?, ?, ?, ?, ?)")
    .bind(id, accountId, type, JSON.stringify({ profileId: `prof_${id}`, label: "inserted" }), createdAt)
    .run();
  return id;
}

/** Every page of the list, following nextCursor. */
async function walk(key: string, query: string): Promise<WireEvent[]> {
  const events: WireEvent[] = [];
  let cursor: string | null = null;
  do {
    const page = await list(key, `?${query}${cursor === null ? "" : `&cursor=${encodeURIComponent(cursor)}`}`);
    events.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return events;
}

describe("the account's events, as its receiver got them", () => {
  let key: TestKey;
  let received: Received[];
  /** The bodies the receiver got, business events only, in the order the changes were made. */
  let delivered: WireEvent[];

  beforeAll(async () => {
    key = await createKey({ scopes: ["webhooks:manage", "profiles:write"] });
    const hook = receiver();
    received = hook.received;
    const endpoint = await expectStatus(await api("/api/v1/webhooks", key.key, { method: "POST", body: JSON.stringify({ url: hook.url }) }), 201);
    const saved = await expectStatus(
      await api("/api/v1/profiles", key.key, {
        method: "POST",
        body: JSON.stringify({ label: "Salary", profile: PROFILE, financialYear: "2025-26" }),
      }),
      201,
    );
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 60_000, interval: 50 });
    await expectStatus(await api(`/api/v1/profiles/${saved.data.id}`, key.key, { method: "DELETE" }), 200);
    await vi.waitFor(() => expect(received).toHaveLength(2), { timeout: 60_000, interval: 50 });
    await capture(key.email, `pay_${crypto.randomUUID().replaceAll("-", "").slice(0, 14)}`);
    await vi.waitFor(() => expect(received).toHaveLength(3), { timeout: 60_000, interval: 50 });
    // A test send reaches the receiver too, but reports no change of the account.
    await expectStatus(await api(`/api/v1/webhooks/${endpoint.data.id}/test`, key.key, { method: "POST" }), 200);
    await vi.waitFor(() => expect(received).toHaveLength(4), { timeout: 60_000, interval: 50 });
    delivered = received.map((r) => JSON.parse(r.body) as WireEvent).filter((e) => e.type !== "webhook.test");
  }, 60_000);

  it("lists every business event newest first, each equal to the body its delivery carried; the test send is left out", async () => {
    expect(delivered.map((e) => e.type)).toEqual(["profile.saved", "profile.deleted", "plan.activated"]);
    const page = await list(key.key);
    expect(page.data).toEqual([...delivered].reverse());
    expect(page.nextCursor).toBeNull();
    for (const event of page.data) expect(TAX_EVENT_PAYLOADS.find((p) => p.type === event.type)!.schema.parse(event)).toEqual(event);
  });

  it("GET /api/v1/events/{id} answers one event as its delivery carried it; a test send's event is a 404", async () => {
    for (const event of delivered) expect((await expectStatus(await api(`/api/v1/events/${event.id}`, key.key), 200)).data).toEqual(event);
    const testEvent = JSON.parse(received[3]!.body) as WireEvent;
    expect(testEvent.type).toBe("webhook.test");
    expect(await expectError(await api(`/api/v1/events/${testEvent.id}`, key.key), 404, "not_found")).toBe("No such event");
  });

  it("filters by type, and by time: since is inclusive, before exclusive", async () => {
    const [saved, deleted, activated] = delivered as [WireEvent, WireEvent, WireEvent];
    expect((await list(key.key, "?type=profile.deleted")).data).toEqual([deleted]);
    expect((await list(key.key, `?since=${deleted.createdAt}`)).data).toEqual([activated, deleted]);
    expect((await list(key.key, `?before=${deleted.createdAt}`)).data).toEqual([saved]);
    expect((await list(key.key, `?since=${deleted.createdAt}&before=${activated.createdAt}&type=profile.deleted`)).data).toEqual([deleted]);
    expect((await list(key.key, "?type=plan.deactivated")).data).toEqual([]);
  });

  it("the web page's session and the operator see the same list under /admin/api/events", async () => {
    const operator = await expectStatus(await admin("GET", `/admin/api/events?accountEmail=${encodeURIComponent(key.email)}&limit=2`), 200);
    expect(operator.data).toEqual([delivered[2], delivered[1]]);
    const next = await expectStatus(
      await admin("GET", `/admin/api/events?accountEmail=${encodeURIComponent(key.email)}&cursor=${encodeURIComponent(operator.nextCursor)}`),
      200,
    );
    expect(next).toEqual({ data: [delivered[0]], nextCursor: null });
    expect(
      (await expectStatus(await admin("GET", `/admin/api/events/${delivered[0]!.id}?accountEmail=${encodeURIComponent(key.email)}`), 200)).data,
    ).toEqual(delivered[0]);
  });
});

describe("paging", () => {
  it("walks every event once, in order, events of one millisecond included, while new ones are recorded", async () => {
    const key = await createKey({ scopes: ["webhooks:manage"] });
    const accountId = await accountIdOf(key.email);
    const base = Date.now() - 3_600_000;
    // Nine events over five milliseconds: ties are ordered by id, so a page boundary inside a millisecond is exact.
    const inserted: Array<{ id: string; at: number }> = [];
    for (const offset of [0, 0, 1, 2, 2, 2, 3, 4, 4]) inserted.push({ id: await insertEvent(accountId, base + offset), at: base + offset });
    const expected = [...inserted].sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1)).map((e) => e.id);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(key.key, `?limit=2${cursor === null ? "" : `&cursor=${encodeURIComponent(cursor)}`}`);
      seen.push(...page.data.map((e) => e.id));
      cursor = page.nextCursor;
      // An event recorded mid-walk is newer than every page already read: it shifts nothing.
      if (pages++ === 1) await insertEvent(accountId, Date.now());
    } while (cursor !== null);
    expect(seen).toEqual(expected);
    expect(pages).toBe(5);
    expect(await walk(key.key, `limit=4&since=${new Date(base + 2).toISOString()}&before=${new Date(base + 4).toISOString()}`)).toHaveLength(4);
  });

  it("a tampered cursor, or another account's, is a 400", async () => {
    const key = await createKey({ scopes: ["webhooks:manage"] });
    const other = await createKey({ scopes: ["webhooks:manage"] });
    for (const k of [key, other]) {
      const accountId = await accountIdOf(k.email);
      await insertEvent(accountId, Date.now() - 2);
      await insertEvent(accountId, Date.now() - 1);
    }
    const cursor = (await list(key.key, "?limit=1")).nextCursor!;
    expect(await expectError(await api(`/api/v1/events?cursor=${encodeURIComponent(cursor)}`, other.key), 400, "validation_error")).toBe(
      "cursor: is not a cursor this API issued",
    );
    await expectError(await api(`/api/v1/events?cursor=${encodeURIComponent(`x${cursor}`)}`, key.key), 400, "validation_error");
  });

  it("a cursor sent with other filters than the request that gave it is a 400 naming the filter, never a page of a mixed list", async () => {
    const key = await createKey({ scopes: ["webhooks:manage"] });
    const accountId = await accountIdOf(key.email);
    const base = Date.now() - 60_000;
    for (const [offset, type] of [
      [0, "profile.saved"],
      [1, "profile.deleted"],
      [2, "profile.saved"],
      [3, "profile.deleted"],
    ] as const)
      await insertEvent(accountId, base + offset, type);
    const since = new Date(base).toISOString();
    const cursor = encodeURIComponent((await list(key.key, `?type=profile.saved&since=${since}&limit=1`)).nextCursor!);
    const refused: Array<[string, string]> = [
      [`?type=profile.deleted&since=${since}`, "type: was profile.saved in the request that gave this cursor"],
      [`?since=${since}`, "type: was profile.saved in the request that gave this cursor"],
      ["?type=profile.saved", `since: was ${since} in the request that gave this cursor`],
      [
        `?type=profile.saved&since=${since}&before=${new Date(base + 3).toISOString()}`,
        "before: was not sent with the request that gave this cursor",
      ],
    ];
    for (const [query, reason] of refused)
      expect(await expectError(await api(`/api/v1/events${query}&cursor=${cursor}`, key.key), 400, "validation_error")).toBe(
        `${reason}; send the same filters with cursor, or start again without it to change them`,
      );
    // The same filters continue the same list: the older profile.saved, nothing else.
    const next = await list(key.key, `?type=profile.saved&since=${since}&limit=1&cursor=${cursor}`);
    expect(next.data.map((e) => [e.type, e.createdAt])).toEqual([["profile.saved", new Date(base).toISOString()]]);
  });

  it("a cursor of the account's key list does not page its events, nor an events cursor its keys", async () => {
    const key = await createKey({ scopes: ["webhooks:manage"] });
    await createKey({ email: key.email, scopes: ["profiles:read"] });
    const accountId = await accountIdOf(key.email);
    await insertEvent(accountId, Date.now() - 2);
    await insertEvent(accountId, Date.now() - 1);
    const email = encodeURIComponent(key.email);
    const keysCursor = (await expectStatus(await admin("GET", `/admin/api/keys?accountEmail=${email}&limit=1`), 200)).nextCursor as string;
    const eventsCursor = (await list(key.key, "?limit=1")).nextCursor!;
    await expectError(await api(`/api/v1/events?cursor=${encodeURIComponent(keysCursor)}`, key.key), 400, "validation_error");
    await expectError(
      await admin("GET", `/admin/api/keys?accountEmail=${email}&cursor=${encodeURIComponent(eventsCursor)}`),
      400,
      "validation_error",
    );
  });
});

describe("times finer than a millisecond", () => {
  it("since and before with microseconds or nanoseconds keep their meaning: at or after, strictly before", async () => {
    const key = await createKey({ scopes: ["events:read"] });
    const base = Date.now() - 60_000;
    const id = await insertEvent(await accountIdOf(key.email), base);
    /** The event's own time plus `digits` past its milliseconds, as a client printing microseconds or nanoseconds sends it. */
    const at = (digits: string) => new Date(base).toISOString().replace("Z", `${digits}Z`);
    // The event (at .mmm000000) is 500 ns before since: not at or after it.
    expect((await list(key.key, `?since=${at("0005")}`)).data).toEqual([]);
    // The event is 500 ns before before: strictly before it.
    expect((await list(key.key, `?before=${at("0005")}`)).data.map((e) => e.id)).toEqual([id]);
    expect((await list(key.key, `?since=${at("000")}&before=${at("000001")}`)).data.map((e) => e.id)).toEqual([id]);
    // Within one millisecond, a before 100 ns after since is later than it: an empty window, not a 400.
    expect((await list(key.key, `?since=${at("0001")}&before=${at("0002")}`)).data).toEqual([]);
    expect(await expectError(await api(`/api/v1/events?since=${at("0002")}&before=${at("0001")}`, key.key), 400, "validation_error")).toBe(
      "before: must be later than since",
    );
  });
});

describe("the 30-day window", () => {
  it("lists an event exactly 30 days old and not one a millisecond older, which is also a 404 by id", async () => {
    const key = await createKey({ scopes: ["webhooks:manage"] });
    const accountId = await accountIdOf(key.email);
    const now = Date.parse("2026-11-21T06:00:00.000Z");
    const edge = await insertEvent(accountId, now - 30 * DAY_MS);
    const older = await insertEvent(accountId, now - 30 * DAY_MS - 1);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now);
    expect((await list(key.key)).data.map((e) => e.id)).toEqual([edge]);
    // An earlier `since` does not reach past the window.
    expect((await list(key.key, `?since=${new Date(now - 60 * DAY_MS).toISOString()}`)).data.map((e) => e.id)).toEqual([edge]);
    expect((await expectStatus(await api(`/api/v1/events/${edge}`, key.key), 200)).data.createdAt).toBe("2026-10-22T06:00:00.000Z");
    await expectError(await api(`/api/v1/events/${older}`, key.key), 404, "not_found");
    // A millisecond later the edge event has aged out too.
    vi.setSystemTime(now + 1);
    expect((await list(key.key)).data).toEqual([]);
    await expectError(await api(`/api/v1/events/${edge}`, key.key), 404, "not_found");
  });
});

describe("refusals", () => {
  let key: TestKey;
  beforeAll(async () => {
    key = await createKey({ scopes: ["webhooks:manage"] });
  });

  it.each([
    ["?type=webhook.test", 'type: must be one of "profile.saved", "profile.deleted", "plan.activated", "plan.deactivated"'],
    ["?type=profile.created", 'type: must be one of "profile.saved", "profile.deleted", "plan.activated", "plan.deactivated"'],
    ["?since=yesterday", "since: must be an ISO 8601 time with its offset, e.g. 2026-11-21T06:00:00Z"],
    ["?before=2026-11-21", "before: must be an ISO 8601 time with its offset, e.g. 2026-11-21T06:00:00Z"],
    ["?since=2026-11-21T06:00:00Z&before=2026-11-21T06:00:00Z", "before: must be later than since"],
    ["?limit=101", "limit: must be <= 100"],
    ["?created_after=2026-11-21T06:00:00Z", "created_after: unknown field"],
  ])("GET /api/v1/events%s is a 400 that says why", async (query, message) => {
    expect(await expectError(await api(`/api/v1/events${query}`, key.key), 400, "validation_error")).toBe(message);
  });

  it("another account's event is the same 404 as an unknown id, by key, by session and by operator", async () => {
    const owner = await createKey({ scopes: ["webhooks:manage"] });
    const theirs = await insertEvent(await accountIdOf(owner.email), Date.now());
    expect(await expectError(await api(`/api/v1/events/${theirs}`, key.key), 404, "not_found")).toBe("No such event");
    expect(await expectError(await api("/api/v1/events/evt_unknown", key.key), 404, "not_found")).toBe("No such event");
    expect(JSON.stringify(await list(key.key))).not.toContain(theirs);
    const user = await signedIn();
    const as = sessionCaller(TAX);
    await expectError(await as(user, "GET", `/admin/api/events/${theirs}`), 404, "not_found");
    expect(JSON.stringify(await expectStatus(await as(user, "GET", "/admin/api/events"), 200))).not.toContain(theirs);
    await expectError(await admin("GET", `/admin/api/events/${theirs}?accountEmail=${encodeURIComponent(key.email)}`), 404, "not_found");
  });
});

describe("the query plan", () => {
  /** SQLite's plan for the list's query (as src/platform/webhooks/event-queries.ts listEvents writes it), with or without `type`. */
  async function planOf(type: boolean): Promise<string> {
    const sql = `EXPLAIN QUERY PLAN SELECT id, owner_id, type, created_at, payload FROM events
      WHERE owner_id = ?1 AND created_at >= ?2 AND type <> 'webhook.test' ${type ? "AND type = ?3" : ""}
      ORDER BY created_at DESC, id DESC LIMIT 26`;
    const bindings: unknown[] = type ? ["acct_x", 0, "plan.deactivated"] : ["acct_x", 0];
    const { results } = await env.DB.prepare(sql)
      .bind(...bindings)
      .all<{ detail: string }>();
    return results.map((r) => r.detail).join("\n");
  }

  it("reads the owner's events by time from an index, and a type's events without reading the owner's other events", async () => {
    expect(await planOf(false)).toMatch(/SEARCH events USING INDEX events_owner_created \(owner_id=\? AND created_at>\?\)/);
    // Only type's events are read, however many others the owner has: a rare type costs no more than its own events.
    expect(await planOf(true)).toMatch(
      /SEARCH events USING (COVERING )?INDEX events_owner_type_created \(owner_id=\? AND type=\? AND created_at>\?\)/,
    );
  });
});

describe("the events:read scope", () => {
  let email: string;
  let eventId: string;
  beforeAll(async () => {
    email = (await createKey({ scopes: ["profiles:read"] })).email;
    eventId = await insertEvent(await accountIdOf(email), Date.now() - 1);
  });

  it("a key with only events:read lists and reads the account's events", async () => {
    const reader = await createKey({ email, scopes: ["events:read"] });
    expect((await list(reader.key)).data.map((e) => e.id)).toEqual([eventId]);
    expect((await expectStatus(await api(`/api/v1/events/${eventId}`, reader.key), 200)).data.id).toBe(eventId);
  });

  it("a key with only events:read gets 403 on every webhook endpoint route: it cannot register, change, test or delete one", async () => {
    const reader = await createKey({ email, scopes: ["events:read"] });
    const document = (await (await fetchWorker(`${TAX}/api/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const endpointRoutes = Object.entries(document.paths)
      .filter(([path]) => path.startsWith("/api/v1/webhooks"))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })));
    // register, list, get, update, delete, test, deliveries, re-send, recover, roll secret
    expect(endpointRoutes.length).toBeGreaterThanOrEqual(10);
    for (const { method, path } of endpointRoutes) {
      const response = await api(path.replace(/\{[^}]+\}/g, "whk_x"), reader.key, { method, ...(method === "GET" ? {} : { body: "{}" }) });
      expect(await expectError(response, 403, "forbidden"), `${method} ${path}`).toBe("This API key lacks the permission webhooks:manage");
    }
  });

  it("a key with webhooks:manage still lists and reads the events", async () => {
    const manager = await createKey({ email, scopes: ["webhooks:manage"] });
    expect((await list(manager.key)).data.map((e) => e.id)).toEqual([eventId]);
    expect((await expectStatus(await api(`/api/v1/events/${eventId}`, manager.key), 200)).data.id).toBe(eventId);
  });

  it("a key with neither gets 403 naming both scopes", async () => {
    const other = await createKey({ email, scopes: ["documents:parse", "deadlines:read", "profiles:read", "profiles:write"] });
    for (const path of ["/api/v1/events", `/api/v1/events/${eventId}`])
      expect(await expectError(await api(path, other.key), 403, "forbidden"), path).toBe(
        "This API key lacks the permission events:read or webhooks:manage",
      );
  });
});
