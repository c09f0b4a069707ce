// The web page's webhook management (/admin/api/webhooks with the session): register (secret once), list,
// test, recent deliveries and delete, with CSRF and isolation between accounts; the card's deliveries, one
// endpoint's log page by page; and its Events card.
import { env } from "cloudflare:test";
import { fetchWorker } from "../../worker-under-test";
import { describe, expect, it } from "vitest";
import { deliveriesCardCases, insertDeliveries } from "../../web-deliveries";
import { cardEvents, eventsCardCases, insertEvents } from "../../web-events";
import { installReceivers, receiver, respond } from "../../webhook-receiver";
import { sessionCaller } from "../../web-session";
import { admin, api, createKey, expectError, expectStatus, signedIn, TAX } from "../helpers";

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

    const page = await (await fetchWorker(`${TAX}/`, { headers: { Cookie: user.cookie } })).text();
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

    const page = await (await fetchWorker(`${TAX}/`, { headers: { Cookie: user.cookie } })).text();
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
    const viaKey = await expectStatus(await fetchWorker(`${TAX}/api/v1/webhooks`, { headers: { Authorization: `Bearer ${owner.key}` } }), 200);
    expect(viaKey.data).toEqual(still.data);
  });
});

async function pageOf(user: { cookie: string }, pathAndQuery = "/"): Promise<string> {
  const response = await fetchWorker(`${TAX}${pathAndQuery}`, { headers: { Cookie: user.cookie } });
  const html = await response.text();
  expect(response.status, html).toBe(200);
  return html;
}

async function accountIdOf(email: string): Promise<string> {
  const account = await env.DB.prepare("SELECT id FROM accounts WHERE email = ?").bind(email).first<{ id: string }>();
  return account!.id;
}

describe("the webhooks card's deliveries", () => {
  deliveriesCardCases({
    path: "/",
    eventType: "profile.saved",
    async signedIn() {
      const user = await signedIn();
      const accountId = await accountIdOf(user.email);
      return {
        page: (pathAndQuery) => pageOf(user, pathAndQuery),
        async endpoint() {
          const { url } = receiver(() => respond.ok());
          const created = await expectStatus(await as(user, "POST", "/admin/api/webhooks", { url }), 201);
          return { id: created.data.id, url };
        },
        record: (endpointId, statuses, newest) => insertDeliveries("owner_id", accountId, endpointId, "profile.saved", statuses, newest),
      };
    },
  });
});

describe("the Events card", () => {
  eventsCardCases({
    path: "/",
    types: ["profile.saved", "profile.deleted"],
    async signedIn() {
      const user = await signedIn();
      const accountId = await accountIdOf(user.email);
      return { page: (pathAndQuery) => pageOf(user, pathAndQuery), record: (types) => insertEvents("owner_id", accountId, types) };
    },
  });

  it("shows a saved profile's event with its body as the events API gives it, escaped, and never another account's", async () => {
    const user = await signedIn();
    const { key } = await createKey({ email: user.email, scopes: ["profiles:write", "events:read"] });
    const label = `<b>Salary</b> & "bonus" ${crypto.randomUUID()}`;
    const profile = { age: 30, residentialStatus: "resident", salary: { grossSalary: 1_800_000 } };
    const save = (withKey: string) =>
      api("/api/v1/profiles", withKey, { method: "POST", body: JSON.stringify({ label, financialYear: "2025-26", profile }) });
    const saved = await expectStatus(await save(key), 201);
    const other = await createKey({ scopes: ["profiles:write"] });
    await expectStatus(await save(other.key), 201);

    const html = await pageOf(user);
    const listed = await expectStatus(await api("/api/v1/events", key), 200);
    expect(listed.data).toHaveLength(1);
    expect(cardEvents(html)).toEqual([{ id: listed.data[0].id, type: "profile.saved", body: listed.data[0] }]);
    expect(listed.data[0].data).toMatchObject({ profileId: saved.data.id, label, created: true });
    expect(html).not.toContain("<b>Salary</b>");
    expect(html).toContain("&lt;b&gt;Salary&lt;/b&gt; &amp;");
    // The other account saved the same label: its event is not on this page.
    const theirs = await expectStatus(await admin("GET", `/admin/api/events?accountEmail=${encodeURIComponent(other.email)}`), 200);
    expect(theirs.data).toHaveLength(1);
    expect(html).not.toContain(theirs.data[0].id);
    expect(html.match(/&lt;b&gt;Salary/g)).toHaveLength(1);
  });
});
