// Inventory webhook management under /admin/api/orgs/{id}/webhooks: register (secret once), list, delete,
// test send, delivery log; the error table and the security cases (no token, wrong token, a session acting
// on another organisation, another organisation's webhook id).
import { env } from "cloudflare:test";
import { fetchWorker } from "../../worker-under-test";
import { z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { CreatedWebhookSchema, DeliverySchema, TestSendSchema, WebhookSchema } from "../../../src/inventory/webhooks/schemas";
import { verifyWebhook } from "../../../src/platform/webhooks/verify";
import { installReceivers, receiver, respond } from "../../webhook-receiver";
import { admin, asSession, createOrg, expectError, expectStatus, INVENTORY, signIn } from "../helpers";

installReceivers();

const ALL_EVENTS = [
  "sale.created",
  "sale.cancelled",
  "sale.dispatched",
  "invoice.paid",
  "customer.created",
  "stock.low",
  "compliance.due",
  "entry.voided",
];

async function register(orgId: string, body: Record<string, unknown>) {
  return CreatedWebhookSchema.parse((await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/webhooks`, body), 201)).data);
}

describe("POST /admin/api/orgs/{id}/webhooks", () => {
  it("registers for every event when none are named, shows the secret once, lists without it", async () => {
    const orgId = await createOrg();
    const created = await register(orgId, { url: "https://hooks.example.com/yarn" });
    expect(created).toMatchObject({
      id: expect.stringMatching(/^whk_/),
      url: "https://hooks.example.com/yarn",
      events: ALL_EVENTS,
      all_events: true,
    });
    expect(created.secret).toMatch(/^whsec_[0-9A-Za-z]{40}$/);

    const listed = await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/webhooks`), 200);
    expect(z.object({ data: z.array(WebhookSchema) }).parse(listed).data).toEqual([
      {
        id: created.id,
        url: created.url,
        events: ALL_EVENTS,
        all_events: true,
        description: null,
        created_at: created.created_at,
        status: "enabled",
        disabled_at: null,
        disabled_reason: null,
        failing_since: null,
        previous_secret_expires_at: null,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain("whsec_");
  });

  it("keeps a chosen subset", async () => {
    const orgId = await createOrg();
    expect((await register(orgId, { url: "https://hooks.example.com/x", events: ["stock.low", "compliance.due"] })).events).toEqual([
      "stock.low",
      "compliance.due",
    ]);
  });

  it.each([
    [{ url: "http://hooks.example.com/x" }, "url: must use https"],
    [{ url: "http://127.0.0.1:9000/x" }, "url: must use https"],
    [{ url: "https://192.168.0.10/x" }, "url: must not point at a private address"],
    [{ url: "https://100.64.1.1/x" }, "url: must not point at a carrier-grade NAT address"],
    [{ url: "https://[fd00::1]/x" }, "url: must not point at a unique local address"],
    [{ url: "https://[::ffff:127.0.0.1]/x" }, "url: must not point at an IPv4-mapped loopback address"],
    [{ url: "https://erp.internal/x" }, "url: must not point at an internal host name"],
    [{ url: "https://a:b@hooks.example.com/x" }, "url: must not contain credentials"],
    [{ url: "https://hooks.example.com:25/x" }, "url: must not use port 25, one of the ports browsers block"],
    [{ url: "https://hooks.example.com/x", events: ["sale.deleted"] }, "events[0]"],
    [{ url: "https://hooks.example.com/x", events: ["stock.low", "stock.low"] }, "events: must not repeat an event"],
    [{ url: "https://hooks.example.com/x", secret: "mine" }, "secret"],
    [{}, "url"],
  ])("refuses %j with 400 bad_request naming %s", async (body, message) => {
    const orgId = await createOrg();
    const text = await expectError(await admin("POST", `/admin/api/orgs/${orgId}/webhooks`, body), 400, "bad_request");
    expect(text.startsWith(message), text).toBe(true);
  });

  it("404 for an unknown organisation", async () => {
    await expectError(await admin("POST", "/admin/api/orgs/org_nope/webhooks", { url: "https://hooks.example.com/x" }), 404, "not_found");
  });
});

describe("one endpoint per URL", () => {
  const taken = (id: string) => `url: webhook endpoint ${id} already has this URL; change or delete that endpoint instead`;
  const post = (orgId: string, url: string) => admin("POST", `/admin/api/orgs/${orgId}/webhooks`, { url });

  it("refuses a URL another endpoint of the organisation has, in any spelling of it, with 409 naming that endpoint", async () => {
    const orgId = await createOrg();
    const first = await register(orgId, { url: "https://hooks.example.com/dup" });
    // The same URL: a host name's case and the default port are spelling (URL Standard), and so is a `..` segment.
    // A fragment is never sent and an empty query asks for the same: neither makes another receiver.
    for (const spelling of [
      "https://hooks.example.com/dup",
      "https://HOOKS.Example.COM:443/dup",
      "https://hooks.example.com/x/../dup",
      "https://hooks.example.com/dup#again",
      "https://hooks.example.com/dup?",
    ]) {
      expect(await expectError(await post(orgId, spelling), 409, "conflict")).toBe(taken(first.id));
    }
    // A disabled endpoint still has its URL; another path is another URL.
    await expectStatus(await admin("PATCH", `/admin/api/orgs/${orgId}/webhooks/${first.id}`, { disabled: true }), 200);
    expect(await expectError(await post(orgId, "https://hooks.example.com/dup"), 409, "conflict")).toBe(taken(first.id));
    const other = await register(orgId, { url: "https://hooks.example.com/dup/other" });
    // Nor can an edit move an endpoint onto it by adding a fragment.
    expect(
      await expectError(
        await admin("PATCH", `/admin/api/orgs/${orgId}/webhooks/${other.id}`, { url: "https://hooks.example.com/dup#x" }),
        409,
        "conflict",
      ),
    ).toBe(taken(first.id));
    const listed = z.array(WebhookSchema).parse((await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/webhooks`), 200)).data);
    expect(listed.map((e) => e.id)).toEqual([other.id, first.id]);
  });

  it("frees the URL when its endpoint is deleted; another organisation's endpoint with the URL does not count", async () => {
    const [orgId, otherOrg] = [await createOrg(), await createOrg()];
    const first = await register(orgId, { url: "https://hooks.example.com/shared" });
    await register(otherOrg, { url: "https://hooks.example.com/shared" });
    await expectStatus(await admin("DELETE", `/admin/api/orgs/${orgId}/webhooks/${first.id}`), 200);
    expect((await register(orgId, { url: "https://hooks.example.com/shared" })).id).not.toBe(first.id);
  });

  it("registers one endpoint of ten registrations of one URL sent at once", async () => {
    const orgId = await createOrg();
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(orgId, "https://race.example.com/one")));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const created = CreatedWebhookSchema.parse((await answers.find((a) => a.status === 201)!.json<{ data: unknown }>()).data);
    for (const refused of answers.filter((a) => a.status === 409)) expect(await expectError(refused, 409, "conflict")).toBe(taken(created.id));
    expect((await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/webhooks`), 200)).data).toHaveLength(1);
  });

  it("keeps endpoints that already shared a URL working, and refuses a further one naming the oldest", async () => {
    const orgId = await createOrg();
    const { url, received } = receiver();
    const registered = await register(orgId, { url });
    // A second endpoint with the URL, registered a day earlier, as the service allowed before.
    const earlier = `whk_earlier_${crypto.randomUUID()}`;
    await env.DB.prepare("INSERT INTO webhook_endpoints (id, org_id, url, events, all_events, secret, created_at) VALUES (?, ?, ?, '[]', 1, ?, ?)")
      .bind(earlier, orgId, url, `whsec_${"e".repeat(40)}`, Date.now() - 86_400_000)
      .run();

    for (const id of [earlier, registered.id]) {
      await expectStatus(await admin("PATCH", `/admin/api/orgs/${orgId}/webhooks/${id}`, { description: "kept" }), 200);
      await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/webhooks/${id}/test`), 200);
    }
    expect(received).toHaveLength(2);
    expect(await expectError(await post(orgId, url), 409, "conflict")).toBe(taken(earlier));
    await expectStatus(await admin("DELETE", `/admin/api/orgs/${orgId}/webhooks/${earlier}`), 200);
    expect(await expectError(await post(orgId, url), 409, "conflict")).toBe(taken(registered.id));
  });
});

describe("webhook management: security", () => {
  const paths = (orgId: string, webhookId: string): Array<[string, string, unknown?]> => [
    ["POST", `/admin/api/orgs/${orgId}/webhooks`, { url: "https://hooks.example.com/x" }],
    ["GET", `/admin/api/orgs/${orgId}/webhooks`],
    ["DELETE", `/admin/api/orgs/${orgId}/webhooks/${webhookId}`],
    ["POST", `/admin/api/orgs/${orgId}/webhooks/${webhookId}/test`],
    ["GET", `/admin/api/orgs/${orgId}/webhooks/${webhookId}/deliveries`],
  ];

  it("every route needs the operator token or a session (401)", async () => {
    const orgId = await createOrg();
    for (const [method, path, body] of paths(orgId, "whk_x")) {
      await expectError(
        await fetchWorker(`${INVENTORY}${path}`, {
          method,
          headers: { "Content-Type": "application/json" },
          body: body ? JSON.stringify(body) : undefined,
        }),
        401,
        "unauthorized",
      );
      await expectError(await fetchWorker(`${INVENTORY}${path}`, { method, headers: { Authorization: "Bearer wrong-token" } }), 401, "unauthorized");
    }
  });

  it("a signed-in admin manages their own organisation's webhooks; another organisation's are 404", async () => {
    const mine = await createOrg();
    const theirs = await createOrg();
    const session = await signIn(mine);
    const created = await expectStatus(
      await asSession(session, "POST", `/admin/api/orgs/${mine}/webhooks`, { url: "https://hooks.example.com/mine" }),
      201,
    );
    expect(created.data.secret).toMatch(/^whsec_/);
    const foreign = await register(theirs, { url: "https://hooks.example.com/theirs" });
    for (const [method, path, body] of paths(theirs, foreign.id)) {
      await expectError(await asSession(session, method, path, body), 404, "not_found");
    }
    // Their webhook id under my organisation's path is just as unknown.
    for (const [method, path] of paths(mine, foreign.id).slice(2)) {
      await expectError(await asSession(session, method, path), 404, "not_found");
    }
    expect((await expectStatus(await admin("GET", `/admin/api/orgs/${theirs}/webhooks`), 200)).data).toHaveLength(1);
  });

  it("a session write without its CSRF token is refused", async () => {
    const orgId = await createOrg();
    const session = await signIn(orgId);
    await expectError(
      await asSession(session, "POST", `/admin/api/orgs/${orgId}/webhooks`, { url: "https://hooks.example.com/x" }, { csrf: false }),
      403,
      "forbidden",
    );
  });
});

describe("an id over 64 characters", () => {
  const long = `whk_${"0".repeat(61)}`;
  it.each([
    ["GET", "/admin/api/orgs/{id}/webhooks", () => `/admin/api/orgs/${long}/webhooks`, "id"],
    ["GET", "/admin/api/orgs/{id}/webhooks/{webhookId}", (org: string) => `/admin/api/orgs/${org}/webhooks/${long}`, "webhookId"],
    ["DELETE", "/admin/api/orgs/{id}/webhooks/{webhookId}", (org: string) => `/admin/api/orgs/${org}/webhooks/${long}`, "webhookId"],
    ["POST", "/admin/api/orgs/{id}/webhooks/{webhookId}/test", (org: string) => `/admin/api/orgs/${org}/webhooks/${long}/test`, "webhookId"],
    [
      "POST",
      "/admin/api/orgs/{id}/webhooks/{webhookId}/deliveries/{deliveryId}/resend",
      (org: string) => `/admin/api/orgs/${org}/webhooks/whk_x/deliveries/${long}/resend`,
      "deliveryId",
    ],
  ])("%s %s is a 400 naming the field, and the OpenAPI document declares it", async (method, template, path, field) => {
    const orgId = await createOrg();
    const message = await expectError(await admin(method, path(orgId)), 400, "bad_request");
    expect(message.startsWith(`${field}: `)).toBe(true);
    const document = await (await fetchWorker(`${INVENTORY}/api/v1/openapi.json`)).json<{
      paths: Record<string, Record<string, { responses: object }>>;
    }>();
    expect(Object.keys(document.paths[template]![method.toLowerCase()]!.responses)).toContain("400");
  });
});

describe("delete, test send, deliveries", () => {
  it("deletes once; the endpoint disappears from the list", async () => {
    const orgId = await createOrg();
    const endpoint = await register(orgId, { url: "https://hooks.example.com/x" });
    expect((await expectStatus(await admin("DELETE", `/admin/api/orgs/${orgId}/webhooks/${endpoint.id}`), 200)).data.id).toBe(endpoint.id);
    expect((await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/webhooks`), 200)).data).toEqual([]);
    await expectError(await admin("DELETE", `/admin/api/orgs/${orgId}/webhooks/${endpoint.id}`), 404, "not_found");
  });

  it("at most 10 test sends a minute per endpoint: the 11th is 429 with Retry-After and sends nothing", async () => {
    const orgId = await createOrg();
    const { url, received } = receiver(respond.ok);
    const endpoint = await register(orgId, { url });
    const responses = await Promise.all(Array.from({ length: 11 }, () => admin("POST", `/admin/api/orgs/${orgId}/webhooks/${endpoint.id}/test`)));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(10);
    const limited = responses.find((r) => r.status === 429)!;
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    await expectError(limited, 429, "rate_limited");
    await Promise.all(responses.filter((r) => r !== limited).map((r) => r.arrayBuffer()));
    expect(received).toHaveLength(10);
  });

  it("test send: the four X-Service headers, verifiable, with the delivery id in the answer", async () => {
    const orgId = await createOrg();
    const { url, received } = receiver(respond.ok);
    const endpoint = await register(orgId, { url });
    const sent = TestSendSchema.parse((await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/webhooks/${endpoint.id}/test`), 200)).data);
    expect(sent).toMatchObject({ status: "delivered", next_retry_at: null });
    expect(sent.attempt).toMatchObject({ attempt: 1, outcome: "delivered", response_status: 200 });
    const [request] = received;
    expect(request!.init.redirect).toBe("manual");
    expect(request!.headers.get("X-Service-Event")).toBe("webhook.test");
    expect(request!.headers.get("X-Service-Delivery")).toBe(sent.delivery_id);
    expect(request!.headers.get("X-Service-Timestamp")).toMatch(/^\d{10}$/);
    expect(request!.headers.get("X-Service-Signature")).toMatch(/^[0-9a-f]{64}$/);
    expect(await verifyWebhook(endpoint.secret, request!.headers, request!.body, { scheme: "x-service", toleranceSeconds: 300 })).toEqual({
      ok: true,
      deliveryId: sent.delivery_id,
      timestampSeconds: Number(request!.headers.get("X-Service-Timestamp")),
      eventId: sent.event_id,
      eventType: "webhook.test",
    });
    expect(JSON.parse(request!.body)).toEqual({
      id: sent.event_id,
      type: "webhook.test",
      created_at: expect.any(String),
      org_id: orgId,
      data: { endpoint_id: endpoint.id, message: expect.any(String) },
    });
  });

  it("a failing receiver: the answer shows the failure and the retry 10 s later; the log shows the attempt", async () => {
    const orgId = await createOrg();
    const { url } = receiver(() => respond.fail(502));
    const endpoint = await register(orgId, { url });
    const sent = TestSendSchema.parse((await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/webhooks/${endpoint.id}/test`), 200)).data);
    expect(sent).toMatchObject({ status: "pending", attempt: { outcome: "failed", response_status: 502 } });
    expect(Date.parse(sent.next_retry_at!) - Date.parse(sent.attempt!.attempted_at)).toBe(10_000);

    const log = z
      .array(DeliverySchema)
      .parse((await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/webhooks/${endpoint.id}/deliveries`), 200)).data);
    expect(log[0]).toMatchObject({ id: sent.delivery_id, event_type: "webhook.test", status: "pending", signed_at: expect.any(String) });
    expect(log[0]!.attempts).toEqual([
      {
        attempt: 1,
        attempted_at: sent.attempt!.attempted_at,
        outcome: "failed",
        response_status: 502,
        duration_ms: expect.any(Number),
        error: "HTTP 502: receiver down",
      },
    ]);
    const secret = await env.DB.prepare("SELECT secret FROM webhook_endpoints WHERE id = ?").bind(endpoint.id).first<{ secret: string }>();
    // Kept sealed: a copy of the database cannot sign webhooks.
    expect(secret?.secret).not.toContain(endpoint.secret.slice("whsec_".length));
  });

  it("a failure 3 days into the endpoint's failing streak: the answer says failed with no retry, as the log and the endpoint do", async () => {
    const orgId = await createOrg();
    const { url } = receiver(() => respond.fail(500));
    const endpoint = await register(orgId, { url });
    await env.DB.prepare("UPDATE webhook_endpoints SET failing_since = ? WHERE id = ?")
      .bind(Date.now() - 3 * 86_400_000 - 60_000, endpoint.id)
      .run();
    const sent = TestSendSchema.parse((await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/webhooks/${endpoint.id}/test`), 200)).data);
    expect(sent).toMatchObject({ status: "failed", next_retry_at: null, attempt: { outcome: "failed", response_status: 500 } });
    const seen = (await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/webhooks/${endpoint.id}`), 200)).data;
    expect(seen).toMatchObject({ status: "disabled", disabled_reason: "failing" });
    const log = z
      .array(DeliverySchema)
      .parse((await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/webhooks/${endpoint.id}/deliveries`), 200)).data);
    expect(log[0]).toMatchObject({ id: sent.delivery_id, status: "failed", next_retry_at: null });
  });
});
