// Recovering an endpoint after an outage (inventory): the cases both services keep (test/webhook-recovery.ts) run
// through the inventory driver; beside them, the operator token or a session, and another organisation's endpoint.
import { env } from "cloudflare:test";
import { fetchWorker } from "../../worker-under-test";
import { z } from "@hono/zod-openapi";
import { describe, expect, it, vi } from "vitest";
import { INVENTORY_WEBHOOK_SCHEDULE } from "../../../src/inventory/webhooks/service";
import { webhookStore } from "../../../src/inventory/webhooks/queries";
import { CreatedWebhookSchema, DeliverySchema, RecoverySchema } from "../../../src/inventory/webhooks/schemas";
import { installReceivers, receiver, respond } from "../../webhook-receiver";
import {
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
import { deliveryLogCases } from "../../webhook-deliveries-log";
import { admin, asSession, createOrg, expectError, expectStatus, INVENTORY, signIn } from "../helpers";

installReceivers();

const INVENTORY_DELIVERIES: DeliveryStore = {
  ownerColumn: "org_id",
  eventType: "customer.created",
  payload: (eventId) => ({ customer_id: `cust_${eventId}`, name: "Sri Murugan Tex", gstin: null }),
  schedule: INVENTORY_WEBHOOK_SCHEDULE,
  queries: webhookStore,
};

interface InventoryEndpoint extends RecoveryEndpoint {
  /** The endpoint's path under the operator's API. */
  base: string;
}

async function setup(): Promise<InventoryEndpoint> {
  const orgId = await createOrg();
  const { url, received } = receiver(respond.ok);
  const endpoint = CreatedWebhookSchema.parse((await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/webhooks`, { url }), 201)).data);
  await registeredLongAgo(endpoint.id);
  return { ownerId: orgId, endpoint, received, base: `/admin/api/orgs/${orgId}/webhooks/${endpoint.id}` };
}

function recover(base: string, body: unknown, headers: Record<string, string> = {}) {
  return fetchWorker(`${INVENTORY}${base}/recover`, {
    method: "POST",
    headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}`, "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

async function recovered(response: Response) {
  return RecoverySchema.parse((await expectStatus(response, 202)).data);
}

const inventoryRecovery: RecoveryDriver<InventoryEndpoint> = {
  ...INVENTORY_DELIVERIES,
  signing: { scheme: "x-service", deliveryHeader: "X-Service-Delivery" },
  nextSince: "next_since",
  validationError: "bad_request",
  envelopeOwner: (e) => ({ org_id: e.ownerId }),
  setup,
  recover: (e, body, headers) => recover(e.base, body, headers),
  recovered,
  setDisabled: async (e, disabled) => {
    await expectStatus(await admin("PATCH", e.base, { disabled }), 200);
  },
  log: async (e) => {
    const log = z.array(DeliverySchema).parse((await expectStatus(await admin("GET", `${e.base}/deliveries?limit=100`), 200)).data);
    return new Map(log.map((d) => [d.id, { status: d.status, attempts: d.attempts.length }]));
  },
  expectError,
};

describe("GET /admin/api/orgs/{id}/webhooks/{webhookId}/deliveries, paged by cursor", () => {
  deliveryLogCases({
    ...INVENTORY_DELIVERIES,
    owner: async () => {
      const { ownerId, endpoint } = await setup();
      const other = CreatedWebhookSchema.parse(
        (await expectStatus(await admin("POST", `/admin/api/orgs/${ownerId}/webhooks`, { url: receiver(respond.ok).url }), 201)).data,
      );
      return { ownerId, endpoints: [endpoint, other] };
    },
    list: (ownerId, endpointId, query) => admin("GET", `/admin/api/orgs/${ownerId}/webhooks/${endpointId}/deliveries?${query}`),
    nextCursor: "next_cursor",
    eventTypeParameter: "event_type",
    refusal: {
      code: "bad_request",
      notIssued: "cursor: is not a next_cursor this list gave your organisation; send it exactly as received, or start again without cursor",
    },
  });
});

describe("POST /admin/api/orgs/{id}/webhooks/{webhookId}/recover", () => {
  recoveryCases(inventoryRecovery);

  it("needs the operator token or a session (401); another organisation's endpoint is 404 and nothing is queued", async () => {
    const owner = await setup();
    await pastDelivery(INVENTORY_DELIVERIES, owner.endpoint, owner.ownerId, Date.now() - HOUR, "failed");
    const body = { since: iso(Date.now() - 2 * HOUR) };
    const path = `${INVENTORY}${owner.base}/recover`;
    const init = (headers: Record<string, string>) => ({
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
    await expectError(await fetchWorker(path, init({})), 401, "unauthorized");
    await expectError(await fetchWorker(path, init({ Authorization: "Bearer wrong-token" })), 401, "unauthorized");

    const other = await createOrg();
    const session = await signIn(other);
    await expectError(await asSession(session, "POST", `${owner.base}/recover`, body), 404, "not_found");
    await expectError(await asSession(session, "POST", `/admin/api/orgs/${other}/webhooks/${owner.endpoint.id}/recover`, body), 404, "not_found");
    await expectError(await recover(`/admin/api/orgs/${owner.ownerId}/webhooks/whk_01jd3k9x2m4n5p6q7r8s9t0v1w`, body), 404, "not_found");
    expect((await resendsOf(owner.endpoint.id)).size).toBe(0);
    expect(owner.received).toHaveLength(0);

    // The organisation's own admin may.
    const own = await signIn(owner.ownerId);
    expect(await recovered(await asSession(own, "POST", `${owner.base}/recover`, body))).toEqual({ queued: 1, more: false, next_since: null });
    await vi.waitFor(() => expect(owner.received).toHaveLength(1), { timeout: 60_000, interval: 50 });
  });
});
