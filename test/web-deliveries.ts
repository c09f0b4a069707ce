// What both services' pages promise about the deliveries of their webhooks card (src/platform/ui/deliveries.ts and
// webhooks.tsx): every endpoint's latest deliveries, each endpoint's whole log behind its Deliveries link, paged by
// the log's cursor, and a query that is stale, edited or names another owner's endpoint falling back without an
// error or a leak. Each service's page tests call `deliveriesCardCases` with a small driver, as they call
// `eventsCardCases`.
import { env } from "cloudflare:test";
import { expect, it } from "vitest";
import { cardLink, unescapeHtml } from "./web-events";

type Status = "pending" | "delivered" | "failed";

/** The deliveries table's rows, top to bottom: their ids. */
export function cardDeliveries(html: string): string[] {
  return [...html.matchAll(/<tr data-delivery-id="([^"]+)">/g)].map(([, id]) => id!);
}

/** Where the Deliveries link of the endpoint at `url` goes (its visually hidden text names the URL). */
function endpointLink(html: string, url: string): string {
  const match = new RegExp(`<a href="([^"]+)"[^>]*>Deliveries<span class="visually-hidden"> to ${url}</span></a>`).exec(html);
  expect(match, `no Deliveries link for ${url}`).not.toBeNull();
  return unescapeHtml(match![1]!);
}

/** The table's heading: `Recent deliveries`, or `Deliveries to <url>`. */
function heading(html: string): string {
  return /<h3 id="deliveries">([\s\S]*?)<\/h3>/
    .exec(html)![1]!
    .replace(/<\/?code>/g, "")
    .trim();
}

/** A query parameter of a link the page gave. */
const param = (link: string, name: string) => new URL(link, "http://page").searchParams.get(name);

/** A signed-in user of a page. */
export interface DeliveriesOwner {
  /** The page at this path and query; fails unless it answers 200. */
  page(pathAndQuery: string): Promise<string>;
  /** An endpoint registered through the management API: its id and URL. */
  endpoint(): Promise<{ id: string; url: string }>;
  /**
   * Deliveries of these statuses in the endpoint's log, the first at `newest` (ms) and each next one a second older,
   * as the service's outbox writes them; their ids, newest first.
   */
  record(endpointId: string, statuses: readonly Status[], newest: number): Promise<string[]>;
}

export interface DeliveriesCardDriver {
  /** The page's path (`/`, `/admin`). */
  path: string;
  /** One of the service's event types: the Events card's filter, another card's query parameter. */
  eventType: string;
  signedIn(): Promise<DeliveriesOwner>;
}

/** Deliveries straight into a service's deliveries table, as its outbox writes them. */
export async function insertDeliveries(
  ownerColumn: "owner_id" | "org_id",
  ownerId: string,
  endpointId: string,
  eventType: string,
  statuses: readonly Status[],
  newest: number,
): Promise<string[]> {
  const ids = statuses.map((_, i) => `whd_card${String(i).padStart(3, "0")}${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`);
  await env.DB.batch(
    statuses.map((status, i) =>
      env.DB.prepare(
        `INSERT INTO webhook_deliveries (id, endpoint_id, ${ownerColumn}, event_id, event_type, status, attempts, created_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?)`,
      ).bind(ids[i], endpointId, ownerId, `evt_${crypto.randomUUID()}`, eventType, status, newest - i * 1_000),
    ),
  );
  return ids;
}

/** `n` statuses, every third one failed and the rest delivered. */
const mixed = (n: number): Status[] => Array.from({ length: n }, (_, i) => (i % 3 === 0 ? "failed" : "delivered"));

export function deliveriesCardCases(driver: DeliveriesCardDriver): void {
  const { path } = driver;
  const hour = 3_600_000;

  it("shows every endpoint's 10 latest deliveries merged, newest first, and a Deliveries link to each endpoint's own", async () => {
    const owner = await driver.signedIn();
    const busy = await owner.endpoint();
    const quiet = await owner.endpoint();
    const start = Date.now() - hour;
    // 12 to the busy endpoint, a second apart; 3 to the quiet one, half a second after three of them.
    const busyIds = await owner.record(busy.id, mixed(12), start);
    const quietIds = await owner.record(quiet.id, ["failed", "failed", "failed"], start - 500);

    const html = await owner.page(path);
    expect(heading(html)).toBe("Recent deliveries");
    expect(cardDeliveries(html)).toEqual([busyIds[0], quietIds[0], busyIds[1], quietIds[1], busyIds[2], quietIds[2], ...busyIds.slice(3, 10)]);
    expect(endpointLink(html, busy.url)).toBe(`${path}?endpoint=${busy.id}#deliveries`);
    expect(endpointLink(html, quiet.url)).toBe(`${path}?endpoint=${quiet.id}#deliveries`);
    for (const text of ["Older deliveries", "Newest deliveries", "All endpoints"]) expect(cardLink(html, text)).toBeNull();

    // The status filter narrows each endpoint's latest to that status.
    const failed = await owner.page(`${path}?delivery_status=failed`);
    expect(cardDeliveries(failed)).toEqual([busyIds[0], quietIds[0], quietIds[1], quietIds[2], busyIds[3], busyIds[6], busyIds[9]]);
    expect(failed).toContain('<option value="failed" selected="">');
  });

  it("walks one endpoint's whole log with Older deliveries, each delivery once and newest first, and back with Newest", async () => {
    const owner = await driver.signedIn();
    const endpoint = await owner.endpoint();
    const other = await owner.endpoint();
    const start = Date.now() - hour;
    const recorded = await owner.record(endpoint.id, mixed(45), start);
    // Newer than all of them, on another endpoint: never in this endpoint's log.
    const others = await owner.record(other.id, ["delivered", "failed"], start + 10_000);

    let link: string | null = endpointLink(await owner.page(path), endpoint.url);
    const pages: string[][] = [];
    let last = "";
    while (link !== null) {
      last = await owner.page(link);
      expect(heading(last)).toBe(`Deliveries to ${endpoint.url}`);
      expect(cardLink(last, "All endpoints")).toBe(`${path}#deliveries`);
      if (pages.length === 0) expect(cardLink(last, "Newest deliveries")).toBeNull();
      else expect(cardLink(last, "Newest deliveries")).toBe(`${path}?endpoint=${endpoint.id}#deliveries`);
      pages.push(cardDeliveries(last));
      link = cardLink(last, "Older deliveries");
      if (link !== null) {
        expect(param(link, "endpoint")).toBe(endpoint.id);
        expect(link.endsWith("#deliveries")).toBe(true);
      }
    }
    expect(pages.map((ids) => ids.length)).toEqual([20, 20, 5]);
    expect(pages.flat()).toEqual(recorded);
    expect(pages.flat()).not.toContain(others[0]);

    const newest = await owner.page(cardLink(last, "Newest deliveries")!);
    expect(cardDeliveries(newest)).toEqual(recorded.slice(0, 20));
    const all = await owner.page(cardLink(last, "All endpoints")!);
    expect(heading(all)).toBe("Recent deliveries");
    expect(cardDeliveries(all)).toEqual([...others, ...recorded.slice(0, 10)]);
  });

  it("filters one endpoint's log by status, keeps the status on its older pages, and shows every status for one it does not know", async () => {
    const owner = await driver.signedIn();
    const endpoint = await owner.endpoint();
    const statuses = mixed(64);
    const recorded = await owner.record(endpoint.id, statuses, Date.now() - hour);
    const failed = recorded.filter((_, i) => statuses[i] === "failed");
    expect(failed).toHaveLength(22);

    const first = await owner.page(`${path}?endpoint=${endpoint.id}&delivery_status=failed`);
    expect(cardDeliveries(first)).toEqual(failed.slice(0, 20));
    const older = cardLink(first, "Older deliveries")!;
    expect([param(older, "endpoint"), param(older, "delivery_status")]).toEqual([endpoint.id, "failed"]);
    const second = await owner.page(older);
    expect(cardDeliveries(second)).toEqual(failed.slice(20));
    expect(cardLink(second, "Older deliveries")).toBeNull();
    expect(cardLink(second, "Newest deliveries")).toBe(`${path}?endpoint=${endpoint.id}&delivery_status=failed#deliveries`);
    // The filter form keeps the endpoint and starts its log again from the newest.
    const form = /<form method="get" action="[^"]*#deliveries" class="filter">([\s\S]*?)<\/form>/.exec(second)![1]!;
    expect(form).toMatch(new RegExp(`<input type="hidden" name="endpoint" value="${endpoint.id}"/?>`));
    expect(form).not.toContain('name="deliveries"');

    const unknown = await owner.page(`${path}?endpoint=${endpoint.id}&delivery_status=${encodeURIComponent("<bounced>")}`);
    expect(cardDeliveries(unknown)).toEqual(recorded.slice(0, 20));
    expect(unknown).toContain('<option value="" selected="">Every status</option>');
    expect(unknown).not.toContain("<bounced>");
    expect(unknown).not.toContain("&lt;bounced&gt;");
  });

  it("shows the newest page, not an error, for a cursor that was edited, is another endpoint's or was given for another status", async () => {
    const owner = await driver.signedIn();
    const endpoint = await owner.endpoint();
    const sibling = await owner.endpoint();
    const statuses = mixed(25);
    const recorded = await owner.record(endpoint.id, statuses, Date.now() - hour);
    await owner.record(sibling.id, mixed(25), Date.now() - hour);
    const cursorOf = async (endpointId: string) =>
      param(cardLink(await owner.page(`${path}?endpoint=${endpointId}`), "Older deliveries")!, "deliveries")!;
    const cursor = await cursorOf(endpoint.id);
    const siblings = await cursorOf(sibling.id);
    const edited = `${cursor.slice(0, -1)}${cursor.endsWith("0") ? "1" : "0"}`;
    for (const stale of [edited, "not-a-cursor", siblings]) {
      const html = await owner.page(`${path}?endpoint=${endpoint.id}&deliveries=${encodeURIComponent(stale)}`);
      expect(heading(html)).toBe(`Deliveries to ${endpoint.url}`);
      expect(cardDeliveries(html)).toEqual(recorded.slice(0, 20));
      expect(cardLink(html, "Newest deliveries")).toBeNull();
      expect(html).not.toContain(encodeURIComponent(stale));
    }
    // The cursor of the unfiltered log, sent with a status: that status's newest page.
    const filtered = await owner.page(`${path}?endpoint=${endpoint.id}&delivery_status=failed&deliveries=${encodeURIComponent(cursor)}`);
    expect(cardDeliveries(filtered)).toEqual(recorded.filter((_, i) => statuses[i] === "failed"));
    // Without an endpoint a cursor means nothing: every endpoint's latest.
    const merged = await owner.page(`${path}?deliveries=${encodeURIComponent(cursor)}`);
    expect(heading(merged)).toBe("Recent deliveries");
    expect(cardLink(merged, "Newest deliveries")).toBeNull();
  });

  it("shows every endpoint of the user's own for another owner's endpoint, an unknown id, or another owner's endpoint and cursor", async () => {
    const owner = await driver.signedIn();
    const endpoint = await owner.endpoint();
    const mine = await owner.record(endpoint.id, mixed(3), Date.now() - hour);
    const stranger = await driver.signedIn();
    const theirs = await stranger.endpoint();
    const theirDeliveries = await stranger.record(theirs.id, mixed(25), Date.now() - hour);
    const theirCursor = param(cardLink(await stranger.page(`${path}?endpoint=${theirs.id}`), "Older deliveries")!, "deliveries")!;

    for (const query of [
      `endpoint=${theirs.id}`,
      `endpoint=${theirs.id}&deliveries=${encodeURIComponent(theirCursor)}`,
      `endpoint=${endpoint.id}&deliveries=${encodeURIComponent(theirCursor)}`,
      `endpoint=${encodeURIComponent('whk_nope"><script>')}`,
    ]) {
      const html = await owner.page(`${path}?${query}`);
      expect(cardDeliveries(html)).toEqual(mine);
      for (const leak of [theirs.id, theirs.url, theirCursor, ...theirDeliveries, "whk_nope"]) expect(html).not.toContain(leak);
    }
    expect(heading(await owner.page(`${path}?endpoint=${theirs.id}`))).toBe("Recent deliveries");
    expect(cardLink(await owner.page(`${path}?endpoint=${theirs.id}`), "All endpoints")).toBeNull();
  });

  it("the deliveries links and filter keep the other cards' query, and the other cards' links keep the deliveries shown", async () => {
    const owner = await driver.signedIn();
    const endpoint = await owner.endpoint();
    await owner.record(endpoint.id, mixed(25), Date.now() - hour);
    const cursor = param(cardLink(await owner.page(`${path}?endpoint=${endpoint.id}`), "Older deliveries")!, "deliveries")!;

    const html = await owner.page(`${path}?event_type=${driver.eventType}&endpoint=${endpoint.id}&deliveries=${encodeURIComponent(cursor)}`);
    for (const text of ["Newest deliveries", "All endpoints"]) expect(param(cardLink(html, text)!, "event_type")).toBe(driver.eventType);
    expect(param(endpointLink(html, endpoint.url), "event_type")).toBe(driver.eventType);
    const deliveriesForm = /<form method="get" action="[^"]*#deliveries" class="filter">([\s\S]*?)<\/form>/.exec(html)![1]!;
    expect(deliveriesForm).toMatch(new RegExp(`<input type="hidden" name="event_type" value="${driver.eventType}"/?>`));
    // The Events card's type filter keeps the endpoint and the page of its log shown.
    const eventsForm = unescapeHtml(/<form method="get" action="[^"]*#events" class="filter">([\s\S]*?)<\/form>/.exec(html)![1]!);
    expect(eventsForm).toMatch(new RegExp(`<input type="hidden" name="endpoint" value="${endpoint.id}"/?>`));
    expect(eventsForm).toContain(`name="deliveries" value="${cursor}"`);
    expect(eventsForm).not.toContain('name="event_type" value=');
  });
}
