// The management API is metered per signed-in organisation (and per client network); the operator's token is not.
import { env } from "cloudflare:test";
import { fetchWorker } from "../../worker-under-test";
import { expect, it } from "vitest";
import { MANAGEMENT_RULES } from "../../../src/platform/auth/throttle";
import { createOrg, expectError, expectStatus, INVENTORY, signIn } from "../helpers";

it("a signed-in organisation gets 300 management calls a minute, then 429 with Retry-After; the operator is not counted", {
  timeout: 120_000,
}, async () => {
  const orgId = await createOrg();
  const session = await signIn(orgId);
  const call = (headers: Record<string, string>) =>
    fetchWorker(`${INVENTORY}/admin/api/orgs/${orgId}`, { headers: { "CF-Connecting-IP": "198.51.100.77", ...headers } });
  for (let sent = 0; sent < MANAGEMENT_RULES.account.limit; sent += 50) {
    const batch = await Promise.all(Array.from({ length: 50 }, () => call({ Cookie: session.cookie })));
    for (const response of batch) await expectStatus(response, 200);
  }
  const refused = await call({ Cookie: session.cookie });
  expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
  await expectError(refused, 429, "rate_limited");
  // The admin page, built from those same calls, says so too: the session has not ended.
  const page = await fetchWorker(`${INVENTORY}/admin`, { headers: { "CF-Connecting-IP": "198.51.100.77", Cookie: session.cookie } });
  expect(page.status).toBe(429);
  expect(Number(page.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
  const html = await page.text();
  expect(html).toContain("you are still signed in");
  expect(html).not.toContain("session has ended");
  await expectStatus(await call({ Authorization: `Bearer ${env.ADMIN_TOKEN}` }), 200);
});
