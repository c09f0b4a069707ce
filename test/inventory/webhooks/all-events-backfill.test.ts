// Migration 0015_webhook_all_events on endpoints stored before it: a list holding every event the service had
// before entry.voided was added (with or without entry.voided) was a registration without `events`, and now
// takes every event; any other list stays as it was. Its own file: the back-fill updates the whole table.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { webhookStore } from "../../../src/inventory/webhooks/queries";
import { WebhookDetailSchema } from "../../../src/inventory/webhooks/schemas";
import { admin, createOrg, expectStatus } from "../helpers";

/** Every inventory event (docs/webhooks.md, Events). */
const EVERY_EVENT = [
  "sale.created",
  "sale.cancelled",
  "sale.dispatched",
  "invoice.paid",
  "customer.created",
  "stock.low",
  "compliance.due",
  "entry.voided",
];
const BEFORE_ENTRY_VOIDED = EVERY_EVENT.filter((e) => e !== "entry.voided");

/** The migration's statements after its ALTER TABLE: what runs on rows that the new column found at its default. */
const backfill = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0015_webhook_all_events"))!.queries.filter((q) => !q.startsWith("ALTER TABLE"));

describe("migration 0015_webhook_all_events", () => {
  it("marks the lists a registration without events stored as taking every event, and leaves every other list", async () => {
    const orgId = await createOrg();
    const lists: Array<[string[], boolean]> = [
      // What a registration without `events` stored before entry.voided was added, and after.
      [BEFORE_ENTRY_VOIDED, true],
      [[...BEFORE_ENTRY_VOIDED].reverse(), true],
      [EVERY_EVENT, true],
      // Lists that leave out a kind the service had: chosen, not defaults.
      [BEFORE_ENTRY_VOIDED.filter((e) => e !== "compliance.due"), false],
      [EVERY_EVENT.filter((e) => e !== "sale.created"), false],
      [["entry.voided"], false],
    ];
    const ids: string[] = [];
    for (const [i, [events]] of lists.entries()) {
      const id = `whk_backfill_${crypto.randomUUID()}`;
      ids.push(id);
      // The row as it was stored before the migration: all_events takes its default from the ALTER TABLE.
      await env.DB.prepare("INSERT INTO webhook_endpoints (id, org_id, url, events, secret, created_at) VALUES (?, ?, ?, ?, ?, ?)")
        .bind(id, orgId, `https://hooks.example.com/${i}`, JSON.stringify(events), "whsec_backfill", Date.now() - 86_400_000 + i)
        .run();
    }
    expect(await allEventsOf(ids)).toEqual(lists.map(() => 0));

    for (const statement of backfill) await env.DB.prepare(statement).run();

    expect(await allEventsOf(ids)).toEqual(lists.map(([, every]) => (every ? 1 : 0)));
    const shown = WebhookDetailSchema.parse((await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/webhooks/${ids[0]}`), 200)).data);
    expect(shown).toMatchObject({ all_events: true, events: EVERY_EVENT });

    // entry.voided now reaches the endpoints marked, and no other.
    const eventId = `evt_${crypto.randomUUID()}`;
    await env.DB.prepare("INSERT INTO events (id, org_id, type, payload, created_at) VALUES (?, ?, 'entry.voided', '{}', ?)")
      .bind(eventId, orgId, Date.now())
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
