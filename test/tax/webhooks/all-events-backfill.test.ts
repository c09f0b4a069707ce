// Migration 0014_webhook_all_events on endpoints stored before it: a list holding every event the service had
// before plan.deactivated was added (with or without plan.deactivated) was a registration without `events`, and
// now takes every event; any other list stays as it was. Its own file: the back-fill updates the whole table.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { webhookStore } from "../../../src/tax/webhooks/queries";
import { WebhookEndpointDetailSchema } from "../../../src/tax/webhooks/schemas";
import { api, createKey, expectStatus } from "../helpers";

/** Every tax event (docs/webhooks.md, Events). */
const EVERY_EVENT = ["profile.saved", "profile.deleted", "plan.activated", "plan.deactivated"];

/** The migration's statements after its ALTER TABLE: what runs on rows that the new column found at its default. */
const backfill = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0014_webhook_all_events"))!.queries.filter((q) => !q.startsWith("ALTER TABLE"));

describe("migration 0014_webhook_all_events", () => {
  it("marks the lists a registration without events stored as taking every event, and leaves every other list", async () => {
    const { key, email } = await createKey({ scopes: ["webhooks:manage"] });
    const accountId = (await env.DB.prepare("SELECT id FROM accounts WHERE email = ?").bind(email).first<{ id: string }>())!.id;
    const lists: Array<[string[], boolean]> = [
      // What a registration without `events` stored before plan.deactivated was added, and after.
      [["profile.saved", "profile.deleted", "plan.activated"], true],
      [["plan.activated", "profile.saved", "profile.deleted"], true],
      [EVERY_EVENT, true],
      // Lists that leave out an event the service had: chosen, not defaults.
      [["profile.saved", "profile.deleted"], false],
      [["profile.saved", "plan.activated", "plan.deactivated"], false],
      [["plan.deactivated"], false],
    ];
    const ids: string[] = [];
    for (const [i, [events]] of lists.entries()) {
      const id = `whk_backfill_${crypto.randomUUID()}`;
      ids.push(id);
      // The row as it was stored before the migration: all_events takes its default from the ALTER TABLE.
      await env.DB.prepare("INSERT INTO webhook_endpoints (id, owner_id, url, events, secret, created_at) VALUES (?, ?, ?, ?, ?, ?)")
        .bind(id, accountId, `https://hooks.example.com/${i}`, JSON.stringify(events), "whsec_backfill", Date.now() - 86_400_000 + i)
        .run();
    }
    expect(await allEventsOf(ids)).toEqual(lists.map(() => 0));

    for (const statement of backfill) await env.DB.prepare(statement).run();

    expect(await allEventsOf(ids)).toEqual(lists.map(([, every]) => (every ? 1 : 0)));
    const shown = WebhookEndpointDetailSchema.parse((await expectStatus(await api(`/api/v1/webhooks/${ids[0]}`, key), 200)).data);
    expect(shown).toMatchObject({ allEvents: true, events: EVERY_EVENT });

    // plan.deactivated now reaches the endpoints marked, and no other.
    const eventId = `evt_${crypto.randomUUID()}`;
    await env.DB.prepare("INSERT INTO events (id, owner_id, type, payload, created_at) VALUES (?, ?, 'plan.deactivated', '{}', ?)")
      .bind(eventId, accountId, Date.now())
      .run();
    await webhookStore.fanOutEvents(env.DB, [eventId], Date.now());
    const reached = await env.DB.prepare("SELECT endpoint_id FROM webhook_deliveries WHERE event_id = ?")
      .bind(eventId)
      .all<{ endpoint_id: string }>();
    expect(reached.results.map((r) => r.endpoint_id).sort()).toEqual([ids[0], ids[1], ids[2], ids[4], ids[5]].sort());
  });
});

async function allEventsOf(ids: string[]): Promise<number[]> {
  const rows = await env.DB.prepare(`SELECT id, all_events FROM webhook_endpoints WHERE id IN (${ids.map(() => "?").join(", ")})`)
    .bind(...ids)
    .all<{ id: string; all_events: number }>();
  return ids.map((id) => rows.results.find((r) => r.id === id)!.all_events);
}
