// Recovering an endpoint after an outage (tax): the cases both services keep (test/webhook-recovery.ts) run through
// the tax driver; beside them, events with a delivery a later retry delivered or is still to retry, of a type the
// endpoint no longer takes, or from before its present enabled period are left alone; the log reaches back to the
// first delivery; a recovery racing another or the endpoint's disabling; the key and scope, another account's
// endpoint, and the operator's and a signed-in user's recovery.
import { parseTaxEnv } from "../../../src/tax/env";
import { env } from "cloudflare:test";
import { z } from "@hono/zod-openapi";
import { describe, expect, it, vi } from "vitest";
import { TAX_WEBHOOK_SCHEDULE, taxOutbox } from "../../../src/tax/webhooks/events";
import { webhookStore } from "../../../src/tax/webhooks/queries";
import { CreatedWebhookEndpointSchema, DeliverySchema, RecoverySchema } from "../../../src/tax/webhooks/schemas";
import { racedWrites } from "../../d1-race";
import { installReceivers, receiver, respond } from "../../webhook-receiver";
import {
  DAY,
  type DeliveryStore,
  HOUR,
  iso,
  pastDelivery,
  type RecoveryDriver,
  type RecoveryEndpoint,
  recoveryCases,
  registeredLongAgo,
  resendsOf,
} from "../../webhook-recovery";
import { sessionCaller } from "../../web-session";
import { deliveryLogCases } from "../../webhook-deliveries-log";
import { admin, api, createKey, expectError, expectStatus, signedIn, TAX } from "../helpers";

installReceivers();

const json = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method,
  body: JSON.stringify(body),
  headers,
});

const TAX_DELIVERIES: DeliveryStore = {
  ownerColumn: "owner_id",
  eventType: "profile.deleted",
  payload: (eventId) => ({ profileId: `prof_${eventId}`, label: "FY 2025-26" }),
  schedule: TAX_WEBHOOK_SCHEDULE,
  queries: webhookStore,
};

interface TaxEndpoint extends RecoveryEndpoint {
  /** A key of the owning account with the webhooks:manage scope, and the account's email. */
  key: string;
  email: string;
}

async function setup(): Promise<TaxEndpoint> {
  const key = await createKey({ scopes: ["webhooks:manage"] });
  const { url, received } = receiver(respond.ok);
  const endpoint = CreatedWebhookEndpointSchema.parse((await expectStatus(await api("/api/v1/webhooks", key.key, json("POST", { url })), 201)).data);
  const account = await env.DB.prepare("SELECT id FROM accounts WHERE email = ?").bind(key.email).first<{ id: string }>();
  await registeredLongAgo(endpoint.id);
  return { key: key.key, email: key.email, endpoint, received, ownerId: account!.id };
}

async function recover(key: string | null, id: string, body: unknown, headers: Record<string, string> = {}) {
  return api(`/api/v1/webhooks/${id}/recover`, key, json("POST", body, headers));
}

async function recovered(response: Response) {
  return RecoverySchema.parse((await expectStatus(response, 202)).data);
}

async function deliveriesOf(key: string, id: string) {
  return z.array(DeliverySchema).parse((await expectStatus(await api(`/api/v1/webhooks/${id}/deliveries?limit=100`, key), 200)).data);
}

async function setDisabled(e: TaxEndpoint, disabled: boolean) {
  await expectStatus(await api(`/api/v1/webhooks/${e.endpoint.id}`, e.key, json("PATCH", { disabled })), 200);
}

const taxRecovery: RecoveryDriver<TaxEndpoint> = {
  ...TAX_DELIVERIES,
  signing: { scheme: "service-signature", deliveryHeader: "Service-Delivery" },
  nextSince: "nextSince",
  validationError: "validation_error",
  // The tax envelope names no account: an endpoint only ever receives its own account's events.
  envelopeOwner: () => ({}),
  setup,
  recover: (e, body, headers) => recover(e.key, e.endpoint.id, body, headers),
  recovered,
  setDisabled,
  log: async (e) => new Map((await deliveriesOf(e.key, e.endpoint.id)).map((d) => [d.id, { status: d.status, attempts: d.attempts.length }])),
  expectError,
};

describe("GET /api/v1/webhooks/{id}/deliveries, paged by cursor", () => {
  const keys = new Map<string, string>();
  deliveryLogCases({
    ...TAX_DELIVERIES,
    owner: async () => {
      const { key, endpoint, ownerId } = await setup();
      const other = CreatedWebhookEndpointSchema.parse(
        (await expectStatus(await api("/api/v1/webhooks", key, json("POST", { url: receiver(respond.ok).url })), 201)).data,
      );
      keys.set(ownerId, key);
      return { ownerId, endpoints: [endpoint, other] };
    },
    list: (ownerId, endpointId, query) => api(`/api/v1/webhooks/${endpointId}/deliveries?${query}`, keys.get(ownerId) ?? null),
    nextCursor: "nextCursor",
    eventTypeParameter: "eventType",
    refusal: { code: "validation_error", notIssued: "cursor: is not a cursor this API issued" },
  });
});

describe("POST /api/v1/webhooks/{id}/recover", () => {
  recoveryCases(taxRecovery);

  it("an event whose first delivery a later automatic retry delivered, or is still to retry, is not sent again though a re-send of it failed", async () => {
    const { key, endpoint, received, ownerId } = await setup();
    const since = Date.now() - 2 * HOUR;
    // The first delivery failed its first attempt and waits for its retry; a re-send by hand meanwhile failed.
    const waiting = await pastDelivery(TAX_DELIVERIES, endpoint, ownerId, since, "pending");
    await pastDelivery(TAX_DELIVERIES, endpoint, ownerId, since + 1_000, "failed", { eventId: waiting.eventId, resendOf: waiting.id });
    // The same, and then the first delivery's retry was answered 2xx: the receiver has the event.
    const retried = await pastDelivery(TAX_DELIVERIES, endpoint, ownerId, since + 2_000, "pending");
    await pastDelivery(TAX_DELIVERIES, endpoint, ownerId, since + 3_000, "failed", { eventId: retried.eventId, resendOf: retried.id });
    await env.DB.prepare("UPDATE webhook_deliveries SET status = 'delivered', attempts = 2, next_attempt_at = NULL, completed_at = ? WHERE id = ?")
      .bind(since + HOUR, retried.id)
      .run();
    const resendsBefore = await resendsOf(endpoint.id);

    expect(await recovered(await recover(key, endpoint.id, { since: iso(since) }))).toEqual({ queued: 0, more: false, nextSince: null });
    expect(await resendsOf(endpoint.id)).toEqual(resendsBefore);
    expect(received).toHaveLength(0);
  });

  it("an event of a type the endpoint no longer takes (its owner narrowed `events` since) is not sent again", async () => {
    const { key, endpoint, received, ownerId } = await setup();
    const since = Date.now() - HOUR;
    const deleted = await pastDelivery(TAX_DELIVERIES, endpoint, ownerId, since, "failed");
    const saved = await pastDelivery(TAX_DELIVERIES, endpoint, ownerId, since + 1, "failed");
    await env.DB.batch([
      env.DB.prepare("UPDATE events SET type = 'profile.saved' WHERE id = ?").bind(saved.eventId),
      env.DB.prepare("UPDATE webhook_deliveries SET event_type = 'profile.saved' WHERE id = ?").bind(saved.id),
    ]);
    // It took every event when both failed; now it takes profile.saved only.
    await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}`, key, json("PATCH", { events: ["profile.saved"] })), 200);

    expect(await recovered(await recover(key, endpoint.id, { since: iso(since) }))).toEqual({ queued: 1, more: false, nextSince: null });
    expect([...(await resendsOf(endpoint.id)).values()]).toEqual([saved.id]);
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 60_000, interval: 50 });
    expect(JSON.parse(received[0]!.body)).toMatchObject({ id: saved.eventId, type: "profile.saved" });
    expect(JSON.parse(received[0]!.body).id).not.toBe(deleted.eventId);
  });

  it("reaches back to the endpoint's first delivery: the log keeps every delivery", async () => {
    const { key, endpoint, received, ownerId } = await setup();
    const old = await pastDelivery(TAX_DELIVERIES, endpoint, ownerId, Date.now() - 400 * 24 * HOUR, "failed");
    expect(await recovered(await recover(key, endpoint.id, { since: "2000-01-01T00:00:00Z" }))).toEqual({ queued: 1, more: false, nextSince: null });
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 60_000, interval: 50 });
    expect(JSON.parse(received[0]!.body).id).toBe(old.eventId);
  });

  it("an event another recovery re-sent while this one ran is not re-sent again", async () => {
    const { endpoint, received, ownerId } = await setup();
    const since = Date.now() - HOUR;
    const taken = await pastDelivery(TAX_DELIVERIES, endpoint, ownerId, since, "failed");
    const left = await pastDelivery(TAX_DELIVERIES, endpoint, ownerId, since + 1, "failed");
    // The other recovery's re-send of `taken` commits just before this one writes (and is undone just after).
    const racer = `whd_${crypto.randomUUID().replaceAll("-", "")}`;
    const { db } = racedWrites(env.DB, {
      before: () =>
        env.DB.prepare(
          `INSERT INTO webhook_deliveries (id, endpoint_id, owner_id, event_id, event_type, status, attempts, created_at, resend_of)
           VALUES (?, ?, ?, ?, 'profile.deleted', 'pending', 0, ?, ?)`,
        ).bind(racer, endpoint.id, ownerId, taken.eventId, Date.now(), taken.id),
      after: () => env.DB.prepare("DELETE FROM webhook_deliveries WHERE id = ?").bind(racer),
    });
    expect(await taxOutbox.recoverDeliveries(parseTaxEnv({ ...env, DB: db }), endpoint, since)).toEqual({ queued: 1, more: false, nextSince: null });
    expect([...(await resendsOf(endpoint.id)).values()]).toEqual([left.id]);
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 60_000, interval: 50 });
    expect(JSON.parse(received[0]!.body).id).toBe(left.eventId);
  });

  it("an endpoint disabled while the recovery ran is written no re-send, so enabling it later sends nothing from before", async () => {
    const { key, endpoint, received, ownerId } = await setup();
    const since = Date.now() - HOUR;
    await pastDelivery(TAX_DELIVERIES, endpoint, ownerId, since, "failed");
    // The owner's disabling commits between the recovery's read and its write; the re-sends' messages are lost, as
    // when an enqueue fails.
    const { db } = racedWrites(env.DB, {
      before: () =>
        env.DB.prepare("UPDATE webhook_endpoints SET disabled_at = ?, disabled_reason = 'manual' WHERE id = ?").bind(Date.now(), endpoint.id),
      after: () => env.DB.prepare("SELECT 1"),
    });
    const lost = { send: async () => {}, sendBatch: async () => {} } as unknown as Queue<unknown>;
    expect(await taxOutbox.recoverDeliveries(parseTaxEnv({ ...env, DB: db, WEBHOOKS: lost }), endpoint, since)).toEqual({
      queued: 0,
      more: false,
      nextSince: null,
    });
    // A re-send written then would stay pending past the disabling, and go out once the owner enabled the endpoint
    // again (the sweep enqueues overdue pending deliveries), although its event is from before that enabling.
    await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}`, key, json("PATCH", { disabled: false })), 200);
    await taxOutbox.sweepOutbox(env as never, Date.now() + 11 * 60_000);
    expect((await resendsOf(endpoint.id)).size).toBe(0);
    expect(received).toHaveLength(0);
  });

  it("an endpoint disabled for a week and then enabled: a recovery since two weeks ago sends only what failed since it was enabled", async () => {
    const { key, endpoint, received, ownerId } = await setup();
    const now = Date.now();
    // Failed 13 days ago, while it was enabled before; ended unsent when it was disabled 8 days ago; failed 12 hours
    // ago, after it was enabled again a day ago. The first two are from before its present enabled period: the
    // fan-out would not send them to it now, and neither does a recovery.
    const before = await pastDelivery(TAX_DELIVERIES, endpoint, ownerId, now - 13 * DAY, "failed");
    const endedByDisabling = await pastDelivery(TAX_DELIVERIES, endpoint, ownerId, now - 8 * DAY - HOUR, "not sent");
    await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}`, key, json("PATCH", { disabled: true })), 200);
    await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}`, key, json("PATCH", { disabled: false })), 200);
    for (const [action, at] of [
      ["disabled", now - 8 * DAY],
      ["enabled", now - DAY],
    ] as const) {
      await env.DB.prepare("UPDATE webhook_endpoint_changes SET at = ? WHERE endpoint_id = ? AND action = ?").bind(at, endpoint.id, action).run();
    }
    const after = await pastDelivery(TAX_DELIVERIES, endpoint, ownerId, now - 12 * HOUR, "failed");

    expect(await recovered(await recover(key, endpoint.id, { since: iso(now - 14 * DAY) }))).toEqual({ queued: 1, more: false, nextSince: null });
    const resent = [...(await resendsOf(endpoint.id)).values()];
    expect(resent).toEqual([after.id]);
    expect(resent).not.toContain(before.id);
    expect(resent).not.toContain(endedByDisabling.id);
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 60_000, interval: 50 });
    expect(JSON.parse(received[0]!.body).id).toBe(after.eventId);
  });

  it("needs a key (401), a valid key (401) and the webhooks:manage scope (403)", async () => {
    const { endpoint } = await setup();
    const body = { since: iso(Date.now() - HOUR) };
    await expectError(await recover(null, endpoint.id, body), 401, "unauthorized");
    await expectError(await recover("tax_abcdefgh_0123456789abcdefghijklmnopqrstuv", endpoint.id, body), 401, "invalid_api_key");
    const { key } = await createKey({ scopes: ["profiles:read", "profiles:write"] });
    await expectError(await recover(key, endpoint.id, body), 403, "forbidden");
  });

  it("another account's endpoint, or an unknown one, is 404 and nothing is queued", async () => {
    const owner = await setup();
    await pastDelivery(TAX_DELIVERIES, owner.endpoint, owner.ownerId, Date.now() - HOUR, "failed");
    const stranger = await createKey({ scopes: ["webhooks:manage"] });
    const body = { since: iso(Date.now() - 2 * HOUR) };
    await expectError(await recover(stranger.key, owner.endpoint.id, body), 404, "not_found");
    await expectError(await recover(owner.key, "whk_01jd3k9x2m4n5p6q7r8s9t0v1w", body), 404, "not_found");
    const session = await signedIn();
    await expectError(await sessionCaller(TAX)(session, "POST", `/admin/api/webhooks/${owner.endpoint.id}/recover`, body), 404, "not_found");
    expect((await resendsOf(owner.endpoint.id)).size).toBe(0);
    expect(owner.received).toHaveLength(0);
  });
});

describe("POST /admin/api/webhooks/{id}/recover", () => {
  it("the operator names the account; a signed-in user recovers their own endpoint", async () => {
    const { email, endpoint, received, ownerId } = await setup();
    const since = Date.now() - HOUR;
    await pastDelivery(TAX_DELIVERIES, endpoint, ownerId, since, "failed");
    const path = `/admin/api/webhooks/${endpoint.id}/recover?accountEmail=${encodeURIComponent(email)}`;
    expect(await recovered(await admin("POST", path, { since: iso(since) }))).toEqual({ queued: 1, more: false, nextSince: null });
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 60_000, interval: 50 });

    const user = await signedIn();
    const as = sessionCaller(TAX);
    const { url, received: own } = receiver(respond.ok);
    const created = await expectStatus(await as(user, "POST", "/admin/api/webhooks", { url }), 201);
    const ownAccount = await env.DB.prepare("SELECT id FROM accounts WHERE email = ?").bind(user.email).first<{ id: string }>();
    await registeredLongAgo(created.data.id);
    await pastDelivery(TAX_DELIVERIES, created.data, ownAccount!.id, since, "not sent");
    expect(await recovered(await as(user, "POST", `/admin/api/webhooks/${created.data.id}/recover`, { since: iso(since) }))).toEqual({
      queued: 1,
      more: false,
      nextSince: null,
    });
    await vi.waitFor(() => expect(own).toHaveLength(1), { timeout: 60_000, interval: 50 });
  });
});
