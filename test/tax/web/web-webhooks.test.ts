// The web page's webhook management (/admin/api/webhooks with the session): register (secret once), list,
// test, recent deliveries and delete, with CSRF and isolation between accounts.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { installReceivers, receiver, respond } from "../../webhook-receiver";
import { sessionCaller } from "../../web-session";
import { admin, createKey, expectError, expectStatus, signedIn, TAX } from "../helpers";

installReceivers();

const as = sessionCaller(TAX);

describe("webhooks on the web page", () => {
  it("registers an endpoint (secret shown once), sends a test, shows the delivery, deletes it", async () => {
    const user = await signedIn();
    const { url, received } = receiver(() => respond.ok());
    await expectError(await as(user, "POST", "/admin/api/webhooks", { url }, false), 403, "forbidden");

    const created = await expectStatus(await as(user, "POST", "/admin/api/webhooks", { url, events: ["profile.saved"] }), 201);
    expect(created.data.secret).toEqual(expect.any(String));
    const listed = await expectStatus(await as(user, "GET", "/admin/api/webhooks"), 200);
    expect(listed.data).toEqual([
      {
        id: created.data.id,
        url,
        events: ["profile.saved"],
        allEvents: false,
        description: null,
        createdAt: created.data.createdAt,
        status: "enabled",
        disabledAt: null,
        disabledReason: null,
        failingSince: null,
        previousSecretExpiresAt: null,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.data.secret);

    const sent = await expectStatus(await as(user, "POST", `/admin/api/webhooks/${created.data.id}/test`), 200);
    expect(sent.data).toMatchObject({ status: "delivered", attempt: { outcome: "delivered", responseStatus: 200 } });
    expect(received).toHaveLength(1);
    const deliveries = await expectStatus(await as(user, "GET", `/admin/api/webhooks/${created.data.id}/deliveries`), 200);
    expect(deliveries.data[0]).toMatchObject({ id: sent.data.deliveryId, eventType: "webhook.test", status: "delivered", lastResponseStatus: 200 });

    const page = await (await SELF.fetch(`${TAX}/`, { headers: { Cookie: user.cookie } })).text();
    expect(page).toContain(url);
    expect(page).toContain("webhook.test");
    expect(page).not.toContain(created.data.secret);
    // Re-sending what failed since a time posts to the endpoint's recover route, enabled with the endpoint.
    const recovery = new RegExp(`<form data-api="/admin/api/webhooks/${created.data.id}/recover"[^>]*>([\\s\\S]*?)</form>`).exec(page)!;
    expect(recovery[1]).toMatch(/<input[^>]* type="datetime-local"/);
    expect(recovery[1]).toMatch(/<button type="submit" class="secondary">Re-send failed/);

    await expectError(await as(user, "DELETE", `/admin/api/webhooks/${created.data.id}`, undefined, false), 403, "forbidden");
    await expectStatus(await as(user, "DELETE", `/admin/api/webhooks/${created.data.id}`), 200);
    expect((await expectStatus(await as(user, "GET", "/admin/api/webhooks"), 200)).data).toEqual([]);
  });

  it("shows an endpoint the service disabled after 3 days of failures as disabled automatically, since when it failed", async () => {
    const user = await signedIn();
    const { url } = receiver(() => respond.fail(503));
    const created = await expectStatus(await as(user, "POST", "/admin/api/webhooks", { url }), 201);
    const since = Date.now() - 3 * 86_400_000 - 60_000;
    await env.DB.prepare("UPDATE webhook_endpoints SET failing_since = ? WHERE id = ?").bind(since, created.data.id).run();
    await expectStatus(await as(user, "POST", `/admin/api/webhooks/${created.data.id}/test`), 200);

    const page = await (await SELF.fetch(`${TAX}/`, { headers: { Cookie: user.cookie } })).text();
    const row = /<tr data-endpoint-id="[^"]+" data-state="([a-z]+)">([\s\S]*?)<\/tr>/.exec(page)!;
    expect(row[1]).toBe("disabled");
    expect(row[2]).toContain("Disabled automatically: no 2xx answer for 3 days.");
    expect(row[2]).toContain(`Failing since <time datetime="${new Date(since).toISOString()}">`);
    // A disabled endpoint offers Enable, not Send test.
    expect(row[2]).toContain(">Enable");
    expect(row[2]).not.toContain("Send test");
    // The service refuses to re-send to a disabled endpoint (409), so its re-send of what failed is disabled too.
    expect(row[2]).toMatch(/<button type="submit" class="secondary" disabled="">Re-send failed/);
    expect(row[2]).toContain("Enable the endpoint first.");
  });

  it("refuses a private or plain-http URL with the field named", async () => {
    const user = await signedIn();
    const message = await expectError(await as(user, "POST", "/admin/api/webhooks", { url: "http://10.0.0.1/hook" }), 400, "validation_error");
    expect(message.startsWith("url:")).toBe(true);
  });

  it("a user never sees, tests or deletes another account's endpoints; the operator names the account", async () => {
    const owner = await createKey({ scopes: ["webhooks:manage"] });
    const { url } = receiver(() => respond.ok());
    const theirs = await expectStatus(await admin("POST", "/admin/api/webhooks", { accountEmail: owner.email, url }), 201);
    await expectError(await admin("POST", "/admin/api/webhooks", { url }), 400, "validation_error");

    const intruder = await signedIn();
    expect((await expectStatus(await as(intruder, "GET", "/admin/api/webhooks"), 200)).data).toEqual([]);
    await expectError(await as(intruder, "GET", `/admin/api/webhooks?accountEmail=${encodeURIComponent(owner.email)}`), 403, "forbidden");
    await expectError(await as(intruder, "POST", "/admin/api/webhooks", { accountEmail: owner.email, url }), 403, "forbidden");
    await expectError(await as(intruder, "POST", `/admin/api/webhooks/${theirs.data.id}/test`), 404, "not_found");
    await expectError(await as(intruder, "GET", `/admin/api/webhooks/${theirs.data.id}/deliveries`), 404, "not_found");
    await expectError(await as(intruder, "PATCH", `/admin/api/webhooks/${theirs.data.id}`, { disabled: true }), 404, "not_found");
    await expectError(await as(intruder, "POST", `/admin/api/webhooks/${theirs.data.id}/roll-secret`), 404, "not_found");
    await expectError(await as(intruder, "DELETE", `/admin/api/webhooks/${theirs.data.id}`), 404, "not_found");

    const still = await expectStatus(await admin("GET", `/admin/api/webhooks?accountEmail=${encodeURIComponent(owner.email)}`), 200);
    expect(still.data.map((e: { id: string }) => e.id)).toEqual([theirs.data.id]);
    const viaKey = await expectStatus(await SELF.fetch(`${TAX}/api/v1/webhooks`, { headers: { Authorization: `Bearer ${owner.key}` } }), 200);
    expect(viaKey.data).toEqual(still.data);
  });
});
