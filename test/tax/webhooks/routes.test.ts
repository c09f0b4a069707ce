// Webhook management (tax): register, list, delete, test send, deliveries; the error table and the security
// cases (no key, wrong key, wrong scope, another account's endpoint).
import { env } from "cloudflare:test";
import { fetchWorker } from "../../worker-under-test";
import { describe, expect, it } from "vitest";
import { z } from "@hono/zod-openapi";
import { verifyWebhook } from "../../../src/platform/webhooks/verify";
import { CreatedWebhookEndpointSchema, DeliverySchema, TestSendSchema, WebhookEndpointSchema } from "../../../src/tax/webhooks/schemas";
import { installReceivers, receiver, respond } from "../../webhook-receiver";
import { admin, api, createKey, expectError, expectStatus, TAX } from "../helpers";

installReceivers();

async function register(key: string, body: Record<string, unknown>) {
  const response = await api("/api/v1/webhooks", key, { method: "POST", body: JSON.stringify(body) });
  return CreatedWebhookEndpointSchema.parse((await expectStatus(response, 201)).data);
}

describe("POST /api/v1/webhooks", () => {
  it("registers an endpoint for every event, shows the secret once, lists it without the secret", async () => {
    const { key } = await createKey({ scopes: ["webhooks:manage"] });
    const created = await register(key, { url: "https://hooks.example.com/tax", description: "billing" });
    expect(created).toMatchObject({
      id: expect.stringMatching(/^whk_/),
      url: "https://hooks.example.com/tax",
      events: ["profile.saved", "profile.deleted", "plan.activated", "plan.deactivated"],
      allEvents: true,
      description: "billing",
    });
    expect(created.secret).toMatch(/^whsec_[0-9A-Za-z]{40}$/);

    const listed = await expectStatus(await api("/api/v1/webhooks", key), 200);
    expect(z.object({ data: z.array(WebhookEndpointSchema) }).parse(listed).data).toEqual([
      {
        id: created.id,
        url: created.url,
        events: created.events,
        allEvents: true,
        description: "billing",
        createdAt: created.createdAt,
        status: "enabled",
        disabledAt: null,
        disabledReason: null,
        failingSince: null,
        previousSecretExpiresAt: null,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    expect(JSON.stringify(listed)).not.toContain("whsec_");
  });

  it("keeps a chosen subset of events", async () => {
    const { key } = await createKey({ scopes: ["webhooks:manage"] });
    expect((await register(key, { url: "https://hooks.example.com/x", events: ["plan.activated"] })).events).toEqual(["plan.activated"]);
  });

  it.each([
    [{ url: "http://hooks.example.com/x" }, "url: must use https"],
    [{ url: "https://127.0.0.1/x" }, "url: must not point at a loopback address"],
    [{ url: "http://127.0.0.1:9000/x" }, "url: must use https"],
    [{ url: "https://10.0.0.8/x" }, "url: must not point at a private address"],
    [{ url: "https://169.254.169.254/latest" }, "url: must not point at a link-local address"],
    [{ url: "https://[::1]/x" }, "url: must not point at a loopback address"],
    [{ url: "https://localhost/x" }, "url: must not point at an internal host name"],
    [{ url: "https://user:pw@hooks.example.com/x" }, "url: must not contain credentials"],
    [{ url: "https://1.1.1.1:22/x" }, "url: must not use port 22, one of the ports browsers block"],
    [{ url: "https://hooks.example.com:0/x" }, "url: must not use port 0, one of the ports browsers block"],
    [{ url: "not a url" }, "url: must be an absolute URL"],
    [{}, "url"],
    [{ url: "https://hooks.example.com/x", events: ["profile.exploded"] }, "events[0]"],
    [{ url: "https://hooks.example.com/x", events: [] }, "events"],
    [{ url: "https://hooks.example.com/x", events: ["plan.activated", "plan.activated"] }, "events: must not repeat an event"],
    [{ url: "https://hooks.example.com/x", events: ["webhook.test"] }, "events[0]"],
    [{ url: "https://hooks.example.com/x", secret: "mine" }, "secret"],
  ])("refuses %j with 400 naming %s", async (body, message) => {
    const { key } = await createKey({ scopes: ["webhooks:manage"] });
    const text = await expectError(await api("/api/v1/webhooks", key, { method: "POST", body: JSON.stringify(body) }), 400, "validation_error");
    expect(text.startsWith(message)).toBe(true);
  });

  it("caps an account at 20 endpoints", async () => {
    const { key } = await createKey({ scopes: ["webhooks:manage"] });
    for (let i = 0; i < 20; i++) await register(key, { url: `https://hooks.example.com/${i}` });
    await expectError(
      await api("/api/v1/webhooks", key, { method: "POST", body: JSON.stringify({ url: "https://hooks.example.com/21" }) }),
      409,
      "conflict",
    );
  });

  it("holds the cap of 20 against registrations sent at once: with 18, ten at once make exactly two", async () => {
    const { key } = await createKey({ scopes: ["webhooks:manage"] });
    for (let i = 0; i < 18; i++) await register(key, { url: `https://hooks.example.com/${i}` });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api("/api/v1/webhooks", key, { method: "POST", body: JSON.stringify({ url: `https://race.example.com/${i}` }) }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 409, 409, 409, 409, 409, 409, 409, 409]);
    const list = await expectStatus(await api("/api/v1/webhooks", key), 200);
    expect(list.data).toHaveLength(20);
  });
});

describe("one endpoint per URL", () => {
  const taken = (id: string) => `url: webhook endpoint ${id} already has this URL; change or delete that endpoint instead`;
  const post = (key: string, url: string) => api("/api/v1/webhooks", key, { method: "POST", body: JSON.stringify({ url }) });

  it("refuses a URL another endpoint of the account has, in any spelling of it, with 409 naming that endpoint", async () => {
    const { key, email } = await createKey({ scopes: ["webhooks:manage"] });
    const first = await register(key, { url: "https://hooks.example.com/dup" });
    // The same URL: a host name's case and the default port are spelling (URL Standard), and so is a `..` segment.
    // A fragment is never sent and an empty query asks for the same: neither makes another receiver.
    for (const spelling of [
      "https://hooks.example.com/dup",
      "https://HOOKS.Example.COM:443/dup",
      "https://hooks.example.com/x/../dup",
      "https://hooks.example.com/dup#again",
      "https://hooks.example.com/dup?",
    ]) {
      expect(await expectError(await post(key, spelling), 409, "conflict")).toBe(taken(first.id));
    }
    // The management API, for the web page's session or the operator, keeps the same rule.
    const operator = await admin("POST", "/admin/api/webhooks", { accountEmail: email, url: "https://hooks.example.com/dup" });
    expect(await expectError(operator, 409, "conflict")).toBe(taken(first.id));
    // A disabled endpoint still has its URL.
    await expectStatus(await api(`/api/v1/webhooks/${first.id}`, key, { method: "PATCH", body: JSON.stringify({ disabled: true }) }), 200);
    expect(await expectError(await post(key, "https://hooks.example.com/dup"), 409, "conflict")).toBe(taken(first.id));
    // Another path is another URL.
    const other = await register(key, { url: "https://hooks.example.com/dup/other" });
    const listed = z.array(WebhookEndpointSchema).parse((await expectStatus(await api("/api/v1/webhooks", key), 200)).data);
    expect(listed.map((e) => e.id)).toEqual([other.id, first.id]);
  });

  it("frees the URL when its endpoint is deleted; another account's endpoint with the URL does not count", async () => {
    const owner = await createKey({ scopes: ["webhooks:manage"] });
    const stranger = await createKey({ scopes: ["webhooks:manage"] });
    const first = await register(owner.key, { url: "https://hooks.example.com/shared" });
    await register(stranger.key, { url: "https://hooks.example.com/shared" });
    await expectStatus(await api(`/api/v1/webhooks/${first.id}`, owner.key, { method: "DELETE" }), 200);
    const again = await register(owner.key, { url: "https://hooks.example.com/shared" });
    expect(again.id).not.toBe(first.id);
  });

  it("registers one endpoint of ten registrations of one URL sent at once", async () => {
    const { key } = await createKey({ scopes: ["webhooks:manage"] });
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(key, "https://race.example.com/one")));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const created = CreatedWebhookEndpointSchema.parse((await answers.find((a) => a.status === 201)!.json<{ data: unknown }>()).data);
    for (const refused of answers.filter((a) => a.status === 409)) expect(await expectError(refused, 409, "conflict")).toBe(taken(created.id));
    expect((await expectStatus(await api("/api/v1/webhooks", key), 200)).data).toHaveLength(1);
  });

  it("keeps endpoints that already shared a URL working, and refuses a further one naming the oldest", async () => {
    const { key, email } = await createKey({ scopes: ["webhooks:manage"] });
    const { url, received } = receiver();
    const registered = await register(key, { url });
    // A second endpoint with the URL, registered a day earlier, as the service allowed before.
    const account = await env.DB.prepare("SELECT id FROM accounts WHERE email = ?").bind(email).first<{ id: string }>();
    const earlier = `whk_earlier_${crypto.randomUUID()}`;
    await env.DB.prepare("INSERT INTO webhook_endpoints (id, owner_id, url, events, all_events, secret, created_at) VALUES (?, ?, ?, '[]', 1, ?, ?)")
      .bind(earlier, account!.id, url, `whsec_${"e".repeat(40)}`, Date.now() - 86_400_000)
      .run();

    for (const id of [earlier, registered.id]) {
      await expectStatus(await api(`/api/v1/webhooks/${id}`, key, { method: "PATCH", body: JSON.stringify({ description: "kept" }) }), 200);
      await expectStatus(await api(`/api/v1/webhooks/${id}/test`, key, { method: "POST" }), 200);
    }
    expect(received).toHaveLength(2);
    expect(await expectError(await post(key, url), 409, "conflict")).toBe(taken(earlier));
    await expectStatus(await api(`/api/v1/webhooks/${earlier}`, key, { method: "DELETE" }), 200);
    expect(await expectError(await post(key, url), 409, "conflict")).toBe(taken(registered.id));
  });
});

describe("webhook routes: security", () => {
  const routes: Array<[string, string, (id: string) => string]> = [
    ["POST", "register", () => "/api/v1/webhooks"],
    ["GET", "list", () => "/api/v1/webhooks"],
    ["DELETE", "delete", (id) => `/api/v1/webhooks/${id}`],
    ["POST", "test send", (id) => `/api/v1/webhooks/${id}/test`],
    ["GET", "deliveries", (id) => `/api/v1/webhooks/${id}/deliveries`],
  ];

  describe.each(routes)("%s %s", (method, _name, path) => {
    const init = (m: string): RequestInit =>
      m === "POST" && path("x") === "/api/v1/webhooks" ? { method: m, body: JSON.stringify({ url: "https://hooks.example.com/x" }) } : { method: m };

    it("needs a key (401), a valid key (401) and the webhooks:manage scope (403)", async () => {
      await expectError(await api(path("whk_x"), null, init(method)), 401, "unauthorized");
      await expectError(await api(path("whk_x"), "tax_abcdefgh_0123456789abcdefghijklmnopqrstuv", init(method)), 401, "invalid_api_key");
      const { key } = await createKey({ scopes: ["profiles:read", "profiles:write"] });
      await expectError(await api(path("whk_x"), key, init(method)), 403, "forbidden");
    });
  });

  it.each(routes.filter(([, name]) => ["delete", "test send", "deliveries"].includes(name)))(
    "%s %s on another account's endpoint is 404",
    async (method, _name, path) => {
      const owner = await createKey({ scopes: ["webhooks:manage"] });
      const stranger = await createKey({ scopes: ["webhooks:manage"] });
      const { url, received } = receiver();
      const endpoint = await register(owner.key, { url });
      await expectError(await api(path(endpoint.id), stranger.key, { method }), 404, "not_found");
      await expectError(await api(path("whk_01jd3k9x2m4n5p6q7r8s9t0v1w"), owner.key, { method }), 404, "not_found");
      expect(received).toHaveLength(0);
      // The owner's endpoint is untouched.
      expect((await expectStatus(await api("/api/v1/webhooks", owner.key), 200)).data).toHaveLength(1);
    },
  );
});

describe("an id over 64 characters", () => {
  const long = `whk_${"0".repeat(61)}`;
  it.each([
    ["GET", "/api/v1/webhooks/{id}", `/api/v1/webhooks/${long}`, "id"],
    ["DELETE", "/api/v1/webhooks/{id}", `/api/v1/webhooks/${long}`, "id"],
    ["POST", "/api/v1/webhooks/{id}/test", `/api/v1/webhooks/${long}/test`, "id"],
    ["POST", "/api/v1/webhooks/{id}/deliveries/{deliveryId}/resend", `/api/v1/webhooks/whk_x/deliveries/${long}/resend`, "deliveryId"],
  ])("%s %s is a 400 naming the field, and the OpenAPI document declares it", async (method, template, path, field) => {
    const { key } = await createKey({ scopes: ["webhooks:manage"] });
    const message = await expectError(await api(path, key, { method }), 400, "validation_error");
    expect(message.startsWith(`${field}: `)).toBe(true);
    const document = await (await fetchWorker(`${TAX}/api/v1/openapi.json`)).json<{ paths: Record<string, Record<string, { responses: object }>> }>();
    expect(Object.keys(document.paths[template]![method.toLowerCase()]!.responses)).toContain("400");
  });
});

describe("DELETE /api/v1/webhooks/{id}", () => {
  it("removes the endpoint from the list; deleting twice is 404", async () => {
    const { key } = await createKey({ scopes: ["webhooks:manage"] });
    const endpoint = await register(key, { url: "https://hooks.example.com/x" });
    const deleted = await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}`, key, { method: "DELETE" }), 200);
    expect(deleted.data).toEqual({ id: endpoint.id, deletedAt: expect.any(String) });
    expect((await expectStatus(await api("/api/v1/webhooks", key), 200)).data).toEqual([]);
    await expectError(await api(`/api/v1/webhooks/${endpoint.id}`, key, { method: "DELETE" }), 404, "not_found");
    await expectError(await api(`/api/v1/webhooks/${endpoint.id}/test`, key, { method: "POST" }), 404, "not_found");
  });
});

describe("POST /api/v1/webhooks/{id}/test", () => {
  it("sends a signed webhook.test now and reports the delivery id and the first attempt", async () => {
    const { key } = await createKey({ scopes: ["webhooks:manage"] });
    const { url, received } = receiver(respond.ok);
    const endpoint = await register(key, { url });
    const sent = TestSendSchema.parse((await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}/test`, key, { method: "POST" }), 200)).data);
    expect(sent).toMatchObject({ deliveryId: expect.stringMatching(/^whd_/), status: "delivered", nextRetryAt: null });
    expect(sent.attempt).toMatchObject({ attempt: 1, outcome: "delivered", responseStatus: 200, error: null });

    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.init.redirect).toBe("manual");
    expect(request!.headers.get("Content-Type")).toBe("application/json");
    expect(request!.headers.get("Service-Delivery")).toBe(sent.deliveryId);
    const verified = await verifyWebhook(endpoint.secret, request!.headers, request!.body, { scheme: "service-signature", toleranceSeconds: 300 });
    expect(verified).toEqual({
      ok: true,
      deliveryId: sent.deliveryId,
      timestampSeconds: expect.any(Number),
      eventId: sent.eventId,
      eventType: "webhook.test",
    });
    expect(JSON.parse(request!.body)).toEqual({
      id: sent.eventId,
      type: "webhook.test",
      createdAt: expect.any(String),
      data: { endpointId: endpoint.id, message: expect.any(String) },
    });
  });

  it("at most 10 test sends a minute per endpoint: 12 at once give 10 sends and 2 × 429; another endpoint is unaffected", async () => {
    const { key } = await createKey({ scopes: ["webhooks:manage"] });
    const { url, received } = receiver(respond.ok);
    const endpoint = await register(key, { url });
    const responses = await Promise.all(Array.from({ length: 12 }, () => api(`/api/v1/webhooks/${endpoint.id}/test`, key, { method: "POST" })));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    const limited = responses.filter((r) => r.status === 429);
    expect(limited).toHaveLength(2);
    for (const response of limited) {
      const retryAfter = Number(response.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await expectError(response, 429, "rate_limited")).toContain("10 test sends and re-sends a minute per endpoint");
    }
    await Promise.all(responses.filter((r) => r.status === 200).map((r) => r.arrayBuffer()));
    expect(received).toHaveLength(10);
    const deliveries = await env.DB.prepare("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE endpoint_id = ?")
      .bind(endpoint.id)
      .first<{ n: number }>();
    expect(deliveries!.n).toBe(10);

    const other = await register(key, { url: receiver().url });
    await expectStatus(await api(`/api/v1/webhooks/${other.id}/test`, key, { method: "POST" }), 200);
  });

  it("reports a failed first attempt with the receiver's status and the time of the next retry", async () => {
    const { key } = await createKey({ scopes: ["webhooks:manage"] });
    const { url } = receiver(() => respond.fail(503));
    const endpoint = await register(key, { url });
    const sent = TestSendSchema.parse((await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}/test`, key, { method: "POST" }), 200)).data);
    expect(sent.status).toBe("pending");
    expect(sent.attempt).toMatchObject({ outcome: "failed", responseStatus: 503, error: "HTTP 503: receiver down" });
    expect(Date.parse(sent.nextRetryAt!) - Date.parse(sent.attempt!.attemptedAt)).toBe(2_000);

    const listed = await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}/deliveries`, key), 200);
    const [delivery] = z.array(DeliverySchema).parse(listed.data);
    expect(delivery).toMatchObject({ id: sent.deliveryId, eventType: "webhook.test", lastResponseStatus: 503 });
    expect(delivery!.attempts[0]).toMatchObject({ attempt: 1, outcome: "failed", responseStatus: 503 });
  });

  it("sends nothing to an endpoint registered on a port browsers block before such ports were refused", async () => {
    const { key, email } = await createKey({ scopes: ["webhooks:manage"] });
    const account = await env.DB.prepare("SELECT id FROM accounts WHERE email = ?").bind(email).first<{ id: string }>();
    const id = `whk_port_${crypto.randomUUID()}`;
    await env.DB.prepare("INSERT INTO webhook_endpoints (id, owner_id, url, events, all_events, secret, created_at) VALUES (?, ?, ?, '[]', 1, ?, ?)")
      .bind(id, account!.id, "https://hooks.example.com:25/x", `whsec_${"p".repeat(40)}`, Date.now() - 86_400_000)
      .run();
    const sent = TestSendSchema.parse((await expectStatus(await api(`/api/v1/webhooks/${id}/test`, key, { method: "POST" }), 200)).data);
    expect(sent).toMatchObject({
      status: "failed",
      attempt: {
        outcome: "failed",
        responseStatus: null,
        error: "not sent: the URL is not allowed (must not use port 25, one of the ports browsers block)",
      },
      nextRetryAt: null,
    });
    // Moving it to a port browsers fetch is the way out.
    const moved = await expectStatus(
      await api(`/api/v1/webhooks/${id}`, key, { method: "PATCH", body: JSON.stringify({ url: "https://hooks.example.com/x" }) }),
      200,
    );
    expect(moved.data).toMatchObject({ id, url: "https://hooks.example.com/x" });
  });

  it("never follows a redirect: the 302 is the failed outcome", async () => {
    const { key } = await createKey({ scopes: ["webhooks:manage"] });
    const { url, received } = receiver(respond.redirect);
    const endpoint = await register(key, { url });
    const sent = TestSendSchema.parse((await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}/test`, key, { method: "POST" }), 200)).data);
    expect(sent.attempt).toMatchObject({ outcome: "failed", responseStatus: 302 });
    expect(sent.attempt!.error).toContain("redirect 302 not followed");
    expect(received).toHaveLength(1);
  });
});

describe("GET /api/v1/webhooks/{id}/deliveries", () => {
  it("lists recent deliveries newest first with their attempts; limit is checked", async () => {
    const { key } = await createKey({ scopes: ["webhooks:manage"] });
    const { url } = receiver(respond.ok);
    const endpoint = await register(key, { url });
    for (let i = 0; i < 3; i++) await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}/test`, key, { method: "POST" }), 200);
    const listed = z
      .array(DeliverySchema)
      .parse((await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}/deliveries?limit=2`, key), 200)).data);
    expect(listed).toHaveLength(2);
    expect(listed[0]!.id > listed[1]!.id).toBe(true);
    for (const delivery of listed) {
      expect(delivery).toMatchObject({ status: "delivered", nextRetryAt: null, lastResponseStatus: 200 });
      expect(delivery.attempts).toHaveLength(1);
      expect(delivery.attempts[0]!.durationMs).toBeGreaterThanOrEqual(0);
    }
    await expectError(await api(`/api/v1/webhooks/${endpoint.id}/deliveries?limit=0`, key), 400, "validation_error");
    await expectError(await api(`/api/v1/webhooks/${endpoint.id}/deliveries?limit=101`, key), 400, "validation_error");
  });

  it("stores no secret in the delivery log", async () => {
    const { key } = await createKey({ scopes: ["webhooks:manage"] });
    const { url } = receiver(() => respond.fail(400));
    const endpoint = await register(key, { url });
    await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}/test`, key, { method: "POST" }), 200);
    const rows = await env.DB.prepare("SELECT a.* FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.endpoint_id = ?")
      .bind(endpoint.id)
      .all();
    expect(JSON.stringify(rows.results)).not.toContain(endpoint.secret);
  });
});
