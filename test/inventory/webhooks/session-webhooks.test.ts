// The admin area's webhook management with the session: register (secret once), list, test send, recent
// deliveries, delete; CSRF; and isolation between organisations.
import { env } from "cloudflare:test";
import { fetchWorker } from "../../worker-under-test";
import { describe, expect, it } from "vitest";
import { hashPassword } from "../../../src/platform/auth/password";
import { installReceivers, receiver, respond } from "../../webhook-receiver";
import { sessionCaller, setCookies } from "../../web-session";
import { admin, createOrg, expectError, expectStatus, INVENTORY } from "../helpers";

installReceivers();

/** An admin of `orgId`, signed in through the real form. */
async function signedIn(orgId: string): Promise<{ cookie: string; csrf: string }> {
  const email = `admin-${crypto.randomUUID()}@example.com`;
  await env.DB.prepare("INSERT INTO admin_users (id, org_id, email, password_hash, created_at) VALUES (?, ?, ?, ?, ?)")
    .bind(`usr_${crypto.randomUUID()}`, orgId, email, await hashPassword("correct horse battery"), Date.now())
    .run();
  const first = await fetchWorker(`${INVENTORY}/admin`);
  await first.text();
  const formToken = /^__Host-inv_form=([^;]+)/.exec(setCookies(first).find((h) => h.startsWith("__Host-inv_form="))!)![1]!;
  const response = await fetchWorker(`${INVENTORY}/admin/signin`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: INVENTORY,
      Cookie: `__Host-inv_form=${formToken}`,
      "CF-Connecting-IP": `10.8.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`,
    },
    body: new URLSearchParams({ email, password: "correct horse battery", csrf: formToken }).toString(),
  });
  expect(response.status).toBe(303);
  const cookie = setCookies(response)
    .find((h) => h.startsWith("__Host-inv_session="))!
    .split(";")[0]!;
  const page = await (await fetchWorker(`${INVENTORY}/admin`, { headers: { Cookie: cookie } })).text();
  return { cookie, csrf: /<meta name="csrf-token" content="([^"]+)"/.exec(page)![1]! };
}

const as = sessionCaller(INVENTORY);

describe("webhooks in the admin area", () => {
  it("registers an endpoint (secret shown once), sends a test, shows the delivery on the page, deletes it", async () => {
    const orgId = await createOrg();
    const user = await signedIn(orgId);
    const { url, received } = receiver(() => respond.ok());
    const base = `/admin/api/orgs/${orgId}/webhooks`;
    await expectError(await as(user, "POST", base, { url }, false), 403, "forbidden");

    const created = await expectStatus(await as(user, "POST", base, { url, events: ["sale.created", "stock.low"] }), 201);
    expect(created.data.secret).toEqual(expect.any(String));
    const listed = await expectStatus(await as(user, "GET", base), 200);
    expect(listed.data.map((e: { id: string }) => e.id)).toEqual([created.data.id]);
    expect(JSON.stringify(listed)).not.toContain(created.data.secret);

    const sent = await expectStatus(await as(user, "POST", `${base}/${created.data.id}/test`), 200);
    expect(sent.data.status).toBe("delivered");
    expect(received).toHaveLength(1);

    const page = await (await fetchWorker(`${INVENTORY}/admin`, { headers: { Cookie: user.cookie } })).text();
    expect(page).toContain(url);
    expect(page).toMatch(/<code>[a-z.]*test[a-z.]*<\/code>/);
    expect(page).not.toContain(created.data.secret);

    await expectError(await as(user, "DELETE", `${base}/${created.data.id}`, undefined, false), 403, "forbidden");
    await expectStatus(await as(user, "DELETE", `${base}/${created.data.id}`), 200);
    expect((await expectStatus(await as(user, "GET", base), 200)).data).toEqual([]);
  });

  it("an admin never sees, tests or deletes another organisation's endpoints", async () => {
    const otherOrg = await createOrg();
    const { url } = receiver(() => respond.ok());
    const theirs = await expectStatus(await admin("POST", `/admin/api/orgs/${otherOrg}/webhooks`, { url }), 201);
    const user = await signedIn(await createOrg());
    const base = `/admin/api/orgs/${otherOrg}/webhooks`;
    await expectError(await as(user, "GET", base), 404, "not_found");
    await expectError(await as(user, "POST", base, { url }), 404, "not_found");
    await expectError(await as(user, "POST", `${base}/${theirs.data.id}/test`), 404, "not_found");
    await expectError(await as(user, "GET", `${base}/${theirs.data.id}/deliveries`), 404, "not_found");
    await expectError(await as(user, "DELETE", `${base}/${theirs.data.id}`), 404, "not_found");
    const still = await expectStatus(await admin("GET", base), 200);
    expect(still.data.map((e: { id: string }) => e.id)).toEqual([theirs.data.id]);
  });
});
