// The management API is metered: per signed-in account and per client network (IPv4 address, IPv6 /64),
// counted before the session or token is checked; the operator's token is not counted.
import { env } from "cloudflare:test";
import { fetchWorker } from "../../worker-under-test";
import { describe, expect, it } from "vitest";
import { checkManagementCall, MANAGEMENT_RULES } from "../../../src/platform/auth/throttle";
import { randomString, sha256Hex } from "../../../src/platform/crypto";
import { createAccount, expectError, expectStatus, randomEmail, TAX } from "../helpers";

async function session(): Promise<{ cookie: string }> {
  const email = await createAccount(randomEmail("limits"));
  const account = await env.DB.prepare("SELECT id FROM accounts WHERE email = ?").bind(email).first<{ id: string }>();
  const token = randomString(43);
  const now = Date.now();
  await env.DB.prepare("INSERT INTO sessions (id, account_id, token_hash, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(`ses_${crypto.randomUUID()}`, account!.id, await sha256Hex(token), randomString(43), now, now + 3_600_000)
    .run();
  return { cookie: `__Host-tax_session=${token}` };
}

const from = (address: string, headers: Record<string, string>) => ({ headers: { "CF-Connecting-IP": address, ...headers } });

describe("management API limits", () => {
  it("a signed-in account gets 300 calls a minute; the next is 429 with Retry-After; others and the operator are unaffected", {
    timeout: 120_000,
  }, async () => {
    const address = "198.51.100.23";
    const user = await session();
    const limit = MANAGEMENT_RULES.account.limit;
    for (let sent = 0; sent < limit; sent += 50) {
      const batch = await Promise.all(
        Array.from({ length: 50 }, () => fetchWorker(`${TAX}/admin/api/account`, from(address, { Cookie: user.cookie }))),
      );
      for (const response of batch) await expectStatus(response, 200);
    }
    const refused = await fetchWorker(`${TAX}/admin/api/account`, from(address, { Cookie: user.cookie }));
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await expectError(refused, 429, "rate_limited")).toContain("Too many management requests");
    // The page, built from those same calls, says so too: the session has not ended.
    const page = await fetchWorker(`${TAX}/`, from(address, { Cookie: user.cookie }));
    expect(page.status).toBe(429);
    expect(Number(page.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    const html = await page.text();
    expect(html).toContain("you are still signed in");
    expect(html).not.toContain("session has ended");

    const neighbour = await session();
    await expectStatus(await fetchWorker(`${TAX}/admin/api/account`, from(address, { Cookie: neighbour.cookie })), 200);
    const email = await createAccount(randomEmail("limits-op"));
    const asOperator = from(address, { Authorization: `Bearer ${env.ADMIN_TOKEN}` });
    await expectStatus(await fetchWorker(`${TAX}/admin/api/account?accountEmail=${encodeURIComponent(email)}`, asOperator), 200);
  });

  it("a page's own management calls count against its client's network, as the client's direct calls do", async () => {
    const user = await session();
    const address = `198.51.100.${Math.floor(Math.random() * 250)}`;
    const page = await fetchWorker(`${TAX}/`, from(address, { Cookie: user.cookie }));
    expect(page.status).toBe(200);
    await page.text();
    // A budget of one call for that network is already spent by the page's calls (without them it would allow one).
    const oneCall = { account: { limit: 1_000, windowMs: 60_000 }, address: { limit: 1, windowMs: 60_000 } };
    expect((await checkManagementCall(env.SIGN_IN_THROTTLE, { address, nowMs: Date.now() }, oneCall)).allowed).toBe(false);
  });

  it("a client network's budget counts refused tokens too, and an IPv6 /64 is one network", async () => {
    const rules = { account: { limit: 100, windowMs: 60_000 }, address: { limit: 3, windowMs: 60_000 } };
    const now = Date.now();
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`;
    const verdicts = [];
    for (const host of ["::1", "::2", "::abcd", "::ffff"]) {
      verdicts.push((await checkManagementCall(env.SIGN_IN_THROTTLE, { address: `${prefix}${host}`, nowMs: now }, rules)).allowed);
    }
    expect(verdicts).toEqual([true, true, true, false]);
    expect((await checkManagementCall(env.SIGN_IN_THROTTLE, { address: `${prefix.slice(0, -1)}8::1`, nowMs: now }, rules)).allowed).toBe(true);

    // Through the API: a wrong operator token is counted against its address before it is refused, so with a
    // limit of 2 the guess and one more call fill the budget.
    const address = `203.0.113.${Math.floor(Math.random() * 250)}`;
    const guess = await fetchWorker(`${TAX}/admin/api/account`, from(address, { Authorization: "Bearer not-the-token" }));
    await expectError(guess, 401, "unauthorized");
    const two = { ...rules, address: { limit: 2, windowMs: 60_000 } };
    expect((await checkManagementCall(env.SIGN_IN_THROTTLE, { address, nowMs: Date.now() }, two)).allowed).toBe(true);
    expect((await checkManagementCall(env.SIGN_IN_THROTTLE, { address, nowMs: Date.now() }, two)).allowed).toBe(false);
  });

  // A call its network's limit refuses does not spend the account's allowance: with one call a minute per network
  // and two per account, the refused second call leaves the account a call for its other network.
  it("a call refused by its network's limit is not counted against the signed-in account", async () => {
    const ownerId = `acc_${crypto.randomUUID()}`;
    const rules = { account: { limit: 2, windowMs: 60_000 }, address: { limit: 1, windowMs: 60_000 } };
    const nowMs = Date.now();
    const [a, b] = crypto.getRandomValues(new Uint8Array(2));
    const [office, home, phone] = [1, 2, 3].map((host) => `10.${a}.${b}.${host}`);
    expect((await checkManagementCall(env.SIGN_IN_THROTTLE, { ownerId, address: office!, nowMs }, rules)).allowed).toBe(true);
    expect((await checkManagementCall(env.SIGN_IN_THROTTLE, { ownerId, address: office!, nowMs }, rules)).allowed).toBe(false);
    expect((await checkManagementCall(env.SIGN_IN_THROTTLE, { ownerId, address: home!, nowMs }, rules)).allowed).toBe(true);
    expect((await checkManagementCall(env.SIGN_IN_THROTTLE, { ownerId, address: phone!, nowMs }, rules)).allowed).toBe(false);
  });
});
