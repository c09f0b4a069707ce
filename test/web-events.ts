// What both services' pages promise about their Events card (src/platform/ui/events.tsx), run against each through a
// small driver: each service's page tests call `eventsCardCases` inside their own describe and keep their service's own
// cases (events recorded through the API, isolation) beside it.
import { env } from "cloudflare:test";
import { expect, it } from "vitest";

const ENTITIES: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&amp;": "&" };

/** Text as the page escaped it, back to what it says. */
export const unescapeHtml = (html: string): string => html.replace(/&(?:lt|gt|quot|#39|amp);/g, (entity) => ENTITIES[entity]!);

export interface CardEvent {
  id: string;
  type: string;
  /** The event's body as the card's `<pre>` shows it, parsed. */
  body: unknown;
}

/** The card's rows, top to bottom. */
export function cardEvents(html: string): CardEvent[] {
  return [...html.matchAll(/<tr data-event-id="([^"]+)">([\s\S]*?)<\/tr>/g)].map(([, id, row]) => ({
    id: id!,
    type: /<td data-label="Type"><code>([^<]*)<\/code>/.exec(row!)![1]!,
    body: JSON.parse(unescapeHtml(/<pre class="event-body">([\s\S]*?)<\/pre>/.exec(row!)![1]!)),
  }));
}

/** Where the card's link with this text (`Older events`, `Newest events`) goes, or null without one. */
export function cardLink(html: string, text: string): string | null {
  const match = new RegExp(`<a href="([^"]+)">${text}</a>`).exec(html);
  return match ? unescapeHtml(match[1]!) : null;
}

/** A signed-in user of a page. */
export interface CardOwner {
  /** The page at this path and query; fails unless it answers 200. */
  page(pathAndQuery: string): Promise<string>;
  /** Events of these types recorded for the user's account or organisation, one second apart in the order given, newest first; their ids. */
  record(types: readonly string[]): Promise<string[]>;
}

export interface EventsCardDriver {
  /** The page's path (`/`, `/admin`). */
  path: string;
  /** Two of the service's event types. */
  types: readonly [string, string];
  signedIn(): Promise<CardOwner>;
}

/** Events straight into a service's outbox table, as its writes record them. */
export async function insertEvents(ownerColumn: "owner_id" | "org_id", ownerId: string, types: readonly string[]): Promise<string[]> {
  const newest = Date.now() - 60_000;
  const ids = types.map((_, i) => `evt_card${String(i).padStart(3, "0")}${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`);
  await env.DB.batch(
    types.map((type, i) =>
      env.DB.prepare(`INSERT INTO events (id, ${ownerColumn}, type, payload, created_at) VALUES (?, ?, ?, ?, ?)`).bind(
        ids[i],
        ownerId,
        type,
        JSON.stringify({ n: i }),
        newest - i * 1_000,
      ),
    ),
  );
  return ids;
}

export function eventsCardCases(driver: EventsCardDriver): void {
  const [first, second] = driver.types;
  const ids = (html: string) => cardEvents(html).map((event) => event.id);

  it("says so plainly when the last 30 days hold no events", async () => {
    const owner = await driver.signedIn();
    const html = await owner.page(driver.path);
    expect(html).toContain("No events in the last 30 days.");
    expect(cardLink(html, "Older events")).toBeNull();
  });

  it("shows the newest 20 events, newest first, with their bodies, and the older ones behind Older events", async () => {
    const owner = await driver.signedIn();
    const recorded = await owner.record(Array.from({ length: 25 }, () => first));
    const newest = await owner.page(driver.path);
    expect(ids(newest)).toEqual(recorded.slice(0, 20));
    expect(cardEvents(newest)[0]).toMatchObject({ type: first, body: { id: recorded[0], type: first, data: { n: 0 } } });
    expect(cardLink(newest, "Newest events")).toBeNull();
    const older = cardLink(newest, "Older events")!;
    expect(older).toMatch(new RegExp(`^${driver.path.replace(/\//g, "\\/")}\\?events=[^&#]+#events$`));
    const page2 = await owner.page(older);
    expect(ids(page2)).toEqual(recorded.slice(20));
    expect(cardLink(page2, "Older events")).toBeNull();
    expect(cardLink(page2, "Newest events")).toBe(`${driver.path}#events`);
  });

  it("shows the newest page, not an error, for a cursor that was edited, is another user's or was given for another type", async () => {
    const owner = await driver.signedIn();
    const recorded = await owner.record([second, ...Array.from({ length: 21 }, () => first)]);
    const cursor = new URL(cardLink(await owner.page(driver.path), "Older events")!, "http://page").searchParams.get("events")!;
    const other = await driver.signedIn();
    await other.record(Array.from({ length: 21 }, () => first));
    const othersCursor = new URL(cardLink(await other.page(driver.path), "Older events")!, "http://page").searchParams.get("events")!;
    const edited = `${cursor.slice(0, -1)}${cursor.endsWith("0") ? "1" : "0"}`;
    for (const stale of [edited, "not-a-cursor", othersCursor]) {
      const html = await owner.page(`${driver.path}?events=${encodeURIComponent(stale)}`);
      expect(ids(html)).toEqual(recorded.slice(0, 20));
      expect(cardLink(html, "Newest events")).toBeNull();
    }
    // The cursor of the unfiltered list, sent with a type: that type's newest page.
    const filtered = await owner.page(`${driver.path}?event_type=${second}&events=${encodeURIComponent(cursor)}`);
    expect(ids(filtered)).toEqual([recorded[0]]);
  });

  it("filters by type, keeps the type on its older pages, and shows every type for a type it does not know", async () => {
    const owner = await driver.signedIn();
    // Newest first: 2 of the second type among 22 of the first.
    const types = [first, second, ...Array.from({ length: 10 }, () => first), second, ...Array.from({ length: 11 }, () => first)];
    const recorded = await owner.record(types);
    const ofType = (type: string) => recorded.filter((_, i) => types[i] === type);

    const narrowed = await owner.page(`${driver.path}?event_type=${second}`);
    expect(ids(narrowed)).toEqual(ofType(second));
    expect(narrowed).toContain(`<option value="${second}" selected="">`);
    expect(cardLink(narrowed, "Older events")).toBeNull();

    const firsts = await owner.page(`${driver.path}?event_type=${first}`);
    expect(ids(firsts)).toEqual(ofType(first).slice(0, 20));
    const older = new URL(cardLink(firsts, "Older events")!, "http://page");
    expect(older.searchParams.get("event_type")).toBe(first);
    const page2 = await owner.page(`${older.pathname}${older.search}`);
    expect(ids(page2)).toEqual(ofType(first).slice(20));
    expect(new URL(cardLink(page2, "Newest events")!, "http://page").searchParams.get("event_type")).toBe(first);

    const unknown = await owner.page(`${driver.path}?event_type=${encodeURIComponent("<no.such.type>")}`);
    expect(ids(unknown)).toEqual(recorded.slice(0, 20));
    expect(unknown).toContain('<option value="" selected="">All events</option>');
    expect(unknown).not.toContain("<no.such.type>");
  });
}
