// Key caps (race-safe), key lists that page through every key, billing that buys a bounded paid period, a won
// dispute that gives back the paid time its dispute ended, and billing changes racing key creation and rotation.
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { hashApiKey } from "../../../src/platform/keys/format";
import type { KeyGuard, Verdict } from "../../../src/platform/keys/guard";
import { guardForKey } from "../../key-guards";
import { holdNextStateWrite } from "../../reliability/kit";
import { admin, api, billing, capture, createAccount, createKey, expectError, expectStatus, PRICE_PAISE } from "../helpers";

const DAY_MS = 86_400_000;

async function verdictAt(key: string, nowMs: number): Promise<Verdict> {
  const stub = env.KEY_GUARD.get(env.KEY_GUARD.idFromName(await hashApiKey(key)));
  return runInDurableObject(stub, (instance) => (instance as unknown as KeyGuard).authorize(nowMs, [])) as Promise<Verdict>;
}

async function stateOf(key: string) {
  const stub = env.KEY_GUARD.get(env.KEY_GUARD.idFromName(await hashApiKey(key)));
  return runInDurableObject(stub, (instance) => (instance as unknown as KeyGuard).snapshot().state);
}

async function accountRow(email: string) {
  return env.DB.prepare("SELECT id, plan, paid_until FROM accounts WHERE email = ?")
    .bind(email)
    .first<{ id: string; plan: string; paid_until: number | null }>();
}

async function audit(accountId: string) {
  const rows = await env.DB.prepare("SELECT event, outcome, payment_id, paid_until FROM billing_audit WHERE account_id = ? ORDER BY created_at, id")
    .bind(accountId)
    .all();
  return rows.results as Array<{ event: string; outcome: string; payment_id: string | null; paid_until: number | null }>;
}

async function limitOf(key: string): Promise<string | null> {
  const response = await api("/api/v1/deadlines", key);
  await response.arrayBuffer();
  return response.headers.get("X-RateLimit-Limit");
}

function create(email: string) {
  return admin("POST", "/admin/api/keys", { accountEmail: email, scopes: ["deadlines:read"] });
}

async function activeKeys(email: string): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT count(*) AS n FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE a.email = ? AND k.revoked_at IS NULL AND k.replaced_by_key_id IS NULL",
  )
    .bind(email)
    .first<{ n: number }>();
  return row!.n;
}

describe("key caps", () => {
  it("20 concurrent creates on a free account give exactly 10 keys; the rest get 409 key_limit_reached", async () => {
    const email = await createAccount();
    const responses = await Promise.all(Array.from({ length: 20 }, () => create(email)));
    const statuses = await Promise.all(responses.map(async (r) => ({ status: r.status, body: (await r.json()) as any })));
    expect(statuses.filter((s) => s.status === 201)).toHaveLength(10);
    const refused = statuses.filter((s) => s.status === 409);
    expect(refused).toHaveLength(10);
    expect(refused.every((s) => s.body.error.code === "key_limit_reached")).toBe(true);
    expect(await activeKeys(email)).toBe(10);
  }, 60_000);

  it("at the cap a rotation still works (the replacement takes the old key's place); a revocation frees a place", async () => {
    const email = await createAccount();
    const keys = [];
    for (let i = 0; i < 10; i++) keys.push(await createKey({ email, scopes: ["deadlines:read"] }));
    await expectError(await create(email), 409, "key_limit_reached");
    const rotated = await expectStatus(await admin("POST", `/admin/api/keys/${keys[0]!.id}/rotate`, { overlapHours: 1 }), 201);
    expect(await activeKeys(email)).toBe(10);
    await expectError(await create(email), 409, "key_limit_reached");
    await expectStatus(await admin("POST", `/admin/api/keys/${rotated.data.id}/revoke`), 200);
    await expectStatus(await create(email), 201);
    await expectError(await create(email), 409, "key_limit_reached");
  }, 60_000);

  it("rotating again and again never keeps more old keys working than the cap: a free account has at most 10 in their overlap", async () => {
    // Each rotation's replacement can be rotated at once, so without a bound a chain of rotations with an
    // overlap would leave any number of keys working beside the 10 active ones. The bound is the plan's cap.
    const email = await createAccount();
    let current = await createKey({ email, scopes: ["deadlines:read"] });
    const working = [current.key];
    for (let i = 0; i < 10; i++) {
      const rotated = await expectStatus(await admin("POST", `/admin/api/keys/${current.id}/rotate`, { overlapHours: 24 }), 201);
      current = { id: rotated.data.id, key: rotated.data.key, email };
      working.push(current.key);
    }
    const message = await expectError(await admin("POST", `/admin/api/keys/${current.id}/rotate`, { overlapHours: 24 }), 409, "key_limit_reached");
    expect(message).toContain("10");
    // Refused changes nothing: the key still works, unrotated, and so do the 10 old keys in their overlap.
    const listed = await expectStatus(await admin("GET", `/admin/api/keys?accountEmail=${encodeURIComponent(email)}`), 200);
    expect(listed.data.find((k: { id: string }) => k.id === current.id)).toMatchObject({ state: "active", replacedByKeyId: null });
    expect(listed.data).toHaveLength(11);
    for (const key of working) expect(await limitOf(key)).toBe("30");

    // A rotation without an overlap ends the old key at once, so it is not refused; nor is one after an old key is revoked.
    const first = listed.data.at(-1) as { id: string };
    await expectStatus(await admin("POST", `/admin/api/keys/${first.id}/revoke`), 200);
    const again = await expectStatus(await admin("POST", `/admin/api/keys/${current.id}/rotate`, { overlapHours: 24 }), 201);
    await expectError(await admin("POST", `/admin/api/keys/${again.data.id}/rotate`, { overlapHours: 24 }), 409, "key_limit_reached");
    const atOnce = await expectStatus(await admin("POST", `/admin/api/keys/${again.data.id}/rotate`, { overlapHours: 0 }), 201);
    expect(atOnce.data.replaces).toBe(again.data.id);
  }, 60_000);

  it("a paid account may hold 100 active keys: 110 concurrent creates give exactly 100", async () => {
    const email = await createAccount();
    expect((await capture(email, `pay_${crypto.randomUUID()}`)).data.activated).toBe(true);
    const responses = await Promise.all(Array.from({ length: 110 }, () => create(email)));
    const statuses = await Promise.all(responses.map(async (r) => (await r.arrayBuffer(), r.status)));
    expect(statuses.filter((s) => s === 201)).toHaveLength(100);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    expect(await activeKeys(email)).toBe(100);
  }, 120_000);
});

describe("key lists page through every key", () => {
  async function seedKeys(email: string, count: number): Promise<string[]> {
    const account = (await accountRow(email))!;
    const ids = Array.from({ length: count }, (_, i) => `key_seed${String(i).padStart(5, "0")}${crypto.randomUUID().slice(0, 8)}`);
    // Many keys of one creation time, so the cursor must break ties by id; all revoked, as an old account's would be.
    const statements = ids.map((id, i) =>
      env.DB.prepare(
        "INSERT INTO api_keys (id, account_id, name, prefix, key_hash, scopes, created_at, expires_at, revoked_at) VALUES (?, ?, NULL, ?, ?, '[]', ?, ?, ?)",
      ).bind(id, account.id, `p${i}`, `hash-${id}`, 1_700_000_000_000 + Math.floor(i / 7), 1_800_000_000_000, 1_700_000_000_001),
    );
    for (let i = 0; i < statements.length; i += 100) await env.DB.batch(statements.slice(i, i + 100));
    return ids;
  }

  it("201 keys come back across three pages of 100, each once, newest first, with nextCursor null at the end", async () => {
    const email = await createAccount();
    // Every listed key asks its Durable Object for lastUsedAt, so each seeded key costs a new object here.
    const seeded = await seedKeys(email, 201);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `accountEmail=${encodeURIComponent(email)}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const page = await expectStatus<{ data: Array<{ id: string; createdAt: string }>; nextCursor: string | null }>(
        await admin("GET", `/admin/api/keys?${query}`),
        200,
      );
      expect(page.data.length).toBeLessThanOrEqual(100);
      seen.push(...page.data.map((k) => k.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor !== null && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(201);
    // Seeded in creation order with ids rising alongside, so newest first (ties by id, descending) is the reverse.
    expect(seen).toEqual([...seeded].reverse());
  }, 120_000);

  it("a forged cursor, or another account's, is a 400", async () => {
    const [a, b] = [await createAccount(), await createAccount()];
    await seedKeys(a, 3);
    const page = await expectStatus(await admin("GET", `/admin/api/keys?accountEmail=${encodeURIComponent(a)}&limit=1`), 200);
    expect(page.nextCursor).toEqual(expect.any(String));
    await expectError(
      await admin("GET", `/admin/api/keys?accountEmail=${encodeURIComponent(b)}&cursor=${encodeURIComponent(page.nextCursor)}`),
      400,
      "validation_error",
    );
    await expectError(
      await admin("GET", `/admin/api/keys?accountEmail=${encodeURIComponent(a)}&cursor=${encodeURIComponent(`${page.nextCursor}x`)}`),
      400,
      "validation_error",
    );
  });
});

describe("billing buys a bounded paid period", () => {
  it("a payment of another amount or currency is acknowledged, changes nothing and is recorded", async () => {
    const key = await createKey({ scopes: ["deadlines:read"] });
    const account = (await accountRow(key.email))!;
    const onePaisaUsd = await capture(key.email, `pay_${crypto.randomUUID()}`, 1, "USD");
    expect(onePaisaUsd.data).toMatchObject({ activated: false, reason: expect.stringContaining("USD") });
    const priceInUsd = await capture(key.email, `pay_${crypto.randomUUID()}`, PRICE_PAISE, "USD");
    expect(priceInUsd.data.activated).toBe(false);
    const underpaid = await capture(key.email, `pay_${crypto.randomUUID()}`, PRICE_PAISE - 1);
    expect(underpaid.data).toMatchObject({ activated: false, reason: expect.stringContaining("plan price") });
    expect(await accountRow(key.email)).toMatchObject({ plan: "free", paid_until: null });
    expect(await limitOf(key.key)).toBe("30");
    expect((await audit(account.id)).map((r) => r.outcome)).toEqual(["refused_currency", "refused_currency", "refused_amount"]);
    const events = await env.DB.prepare("SELECT count(*) AS n FROM events WHERE owner_id = ?").bind(account.id).first<{ n: number }>();
    expect(events?.n).toBe(0);
  });

  it("the plan price buys 30 days; the keys fall back to free limits the moment the period ends", async () => {
    const key = await createKey({ scopes: ["deadlines:read"] });
    const before = Date.now();
    expect((await capture(key.email, `pay_${crypto.randomUUID()}`)).data.activated).toBe(true);
    const after = Date.now();
    const account = (await accountRow(key.email))!;
    expect(account.plan).toBe("paid");
    expect(account.paid_until).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(account.paid_until).toBeLessThanOrEqual(after + 30 * DAY_MS);
    expect(await limitOf(key.key)).toBe("120");

    const paidUntil = account.paid_until!;
    const lastPaid = await verdictAt(key.key, paidUntil - 1);
    expect(lastPaid.outcome === "allowed" && lastPaid.usage.minute.limit).toBe(120);
    const firstFree = await verdictAt(key.key, paidUntil);
    expect(firstFree.outcome === "allowed" && firstFree.usage.minute.limit).toBe(30);
    expect(firstFree.outcome === "allowed" && firstFree.state.attributes.plan).toBe("free");

    // The account reads as free once its period is over, whatever the stored plan column says.
    await env.DB.prepare("UPDATE accounts SET paid_until = ? WHERE id = ?")
      .bind(Date.now() - 1, account.id)
      .run();
    const detail = await expectStatus(await admin("GET", `/admin/api/account?accountEmail=${encodeURIComponent(key.email)}`), 200);
    expect(detail.data).toMatchObject({ plan: "free", paidUntil: null, keyCap: 10, limits: { perMinute: 30, perDay: 500 } });
  });

  it("a payment reaches the working keys only: a revoked key's state is left as it was", async () => {
    const email = await createAccount();
    const revoked = await createKey({ scopes: ["deadlines:read"], email });
    const working = await createKey({ scopes: ["deadlines:read"], email });
    await expectStatus(await admin("POST", `/admin/api/keys/${revoked.id}/revoke`), 200);
    const before = await stateOf(revoked.key);
    expect((await capture(email, `pay_${crypto.randomUUID()}`)).data.activated).toBe(true);
    expect(await limitOf(working.key)).toBe("120");
    expect(await stateOf(revoked.key)).toEqual(before);
    expect(before?.attributes.plan).toBe("free");
  });

  it("a second payment extends a running period by 30 days", async () => {
    const email = await createAccount();
    await capture(email, `pay_${crypto.randomUUID()}`);
    const first = (await accountRow(email))!.paid_until!;
    await capture(email, `pay_${crypto.randomUUID()}`);
    expect((await accountRow(email))!.paid_until).toBe(first + 30 * DAY_MS);
  });

  for (const [event, payload] of [
    [
      "refund.processed",
      (paymentId: string) => ({
        refund: { entity: { id: `rfnd_${crypto.randomUUID()}`, payment_id: paymentId, amount: PRICE_PAISE, currency: "INR" } },
      }),
    ],
    [
      "payment.dispute.created",
      (paymentId: string) => ({
        dispute: { entity: { id: `disp_${crypto.randomUUID()}`, payment_id: paymentId, amount: PRICE_PAISE, currency: "INR" } },
      }),
    ],
  ] as const) {
    it(`${event} ends the paid period at once, once, with plan.deactivated and an audit entry`, async () => {
      const key = await createKey({ scopes: ["deadlines:read"] });
      const paymentId = `pay_${crypto.randomUUID()}`;
      await capture(key.email, paymentId);
      expect(await limitOf(key.key)).toBe("120");
      const ended = await billing(event, payload(paymentId));
      expect(ended.data.deactivated).toBe(true);
      expect(await limitOf(key.key)).toBe("30");
      const account = (await accountRow(key.email))!;
      expect(account.plan).toBe("free");
      expect(account.paid_until).toBeLessThanOrEqual(Date.now());

      expect((await billing(event, payload(paymentId))).data.deactivated).toBe(false);
      const events = await env.DB.prepare("SELECT type, payload FROM events WHERE owner_id = ? ORDER BY created_at, id")
        .bind(account.id)
        .all<{ type: string; payload: string }>();
      expect(events.results.map((e) => e.type)).toEqual(["plan.activated", "plan.deactivated"]);
      expect(JSON.parse(events.results[1]!.payload)).toEqual({
        accountId: account.id,
        plan: "free",
        paymentId,
        reason: event === "refund.processed" ? "refund" : "dispute",
      });
      expect((await audit(account.id)).map((r) => [r.event, r.outcome])).toEqual([
        ["payment.captured", "activated"],
        [event, "ended"],
        [event, "already_reversed"],
      ]);
    });
  }

  it("a refund of the earlier of two payments moves the period's end on every key; no event is sent", async () => {
    const key = await createKey({ scopes: ["deadlines:read"] });
    const other = await createKey({ email: key.email, scopes: ["deadlines:read"] });
    const first = `pay_${crypto.randomUUID()}`;
    await capture(key.email, first);
    await capture(key.email, `pay_${crypto.randomUUID()}`);
    const refundPayload = { refund: { entity: { id: `rfnd_${crypto.randomUUID()}`, payment_id: first, amount: PRICE_PAISE, currency: "INR" } } };

    const before = Date.now();
    const refunded = await billing("refund.processed", refundPayload);
    const after = Date.now();
    expect(refunded.data).toMatchObject({ activated: false, deactivated: false, reason: expect.stringContaining("no webhook event is sent") });
    // The first payment held the first 30 days, the second the next 30. Refunded at time R, the first loses what
    // it had left, and the second's 30 days count from R: the period ends at R + 30 days.
    const account = (await accountRow(key.email))!;
    expect(account.plan).toBe("paid");
    expect(account.paid_until! - 30 * DAY_MS).toBeGreaterThanOrEqual(before);
    expect(account.paid_until! - 30 * DAY_MS).toBeLessThanOrEqual(after);
    for (const { key: each } of [key, other]) {
      expect(await limitOf(each)).toBe("120");
      const lastPaid = await verdictAt(each, account.paid_until! - 1);
      expect(lastPaid.outcome === "allowed" && lastPaid.usage.minute.limit).toBe(120);
      const firstFree = await verdictAt(each, account.paid_until!);
      expect(firstFree.outcome === "allowed" && firstFree.usage.minute.limit).toBe(30);
    }
    const events = await env.DB.prepare("SELECT type FROM events WHERE owner_id = ? ORDER BY created_at, id")
      .bind(account.id)
      .all<{ type: string }>();
    expect(events.results.map((e) => e.type)).toEqual(["plan.activated", "plan.activated"]);
    expect((await audit(account.id)).at(-1)).toMatchObject({
      event: "refund.processed",
      outcome: "shortened_no_event",
      paid_until: account.paid_until,
    });
  });

  it("a refund of a payment the service never activated changes nothing", async () => {
    const email = await createAccount();
    await capture(email, `pay_${crypto.randomUUID()}`);
    const result = await billing("refund.processed", {
      refund: { entity: { id: "rfnd_x", payment_id: `pay_${crypto.randomUUID()}`, amount: PRICE_PAISE } },
    });
    expect(result.data).toMatchObject({ deactivated: false, reason: expect.any(String) });
    expect((await accountRow(email))!.plan).toBe("paid");
  });
});

describe("a won dispute gives back the paid time its dispute ended", () => {
  const dispute = (event: string, paymentId: string) =>
    billing(event, {
      payment: { entity: { id: paymentId, amount: PRICE_PAISE, currency: "INR" } },
      dispute: { entity: { id: `disp_${crypto.randomUUID()}`, payment_id: paymentId, amount: PRICE_PAISE, currency: "INR", status: "won" } },
    });
  const reversal = (paymentId: string) =>
    env.DB.prepare("SELECT remaining_ms FROM payment_reversals WHERE payment_id = ?").bind(paymentId).first<{ remaining_ms: number | null }>();

  it("payment.dispute.won puts the account's keys back on paid limits with the remaining time, once", async () => {
    const key = await createKey({ scopes: ["deadlines:read"] });
    const paymentId = `pay_${crypto.randomUUID()}`;
    await capture(key.email, paymentId);
    const paidUntil = (await accountRow(key.email))!.paid_until!;
    const beforeDispute = Date.now();
    expect((await dispute("payment.dispute.created", paymentId)).data.deactivated).toBe(true);
    const afterDispute = Date.now();
    expect(await limitOf(key.key)).toBe("30");
    // What was left of the 30 days when the dispute ended them.
    const remaining = (await reversal(paymentId))!.remaining_ms!;
    expect(remaining).toBeGreaterThanOrEqual(paidUntil - afterDispute);
    expect(remaining).toBeLessThanOrEqual(paidUntil - beforeDispute);

    const beforeWin = Date.now();
    const won = await dispute("payment.dispute.won", paymentId);
    const afterWin = Date.now();
    expect(won.data).toEqual({ received: true, activated: true, deactivated: false });
    expect(await limitOf(key.key)).toBe("120");
    const account = (await accountRow(key.email))!;
    expect(account.plan).toBe("paid");
    expect(account.paid_until! - remaining).toBeGreaterThanOrEqual(beforeWin);
    expect(account.paid_until! - remaining).toBeLessThanOrEqual(afterWin);
    const restored = await verdictAt(key.key, account.paid_until! - 1);
    expect(restored.outcome === "allowed" && restored.usage.minute.limit).toBe(120);
    const lapsed = await verdictAt(key.key, account.paid_until!);
    expect(lapsed.outcome === "allowed" && lapsed.usage.minute.limit).toBe(30);

    const replay = await dispute("payment.dispute.won", paymentId);
    expect(replay.data).toMatchObject({ activated: false, deactivated: false, reason: expect.stringContaining("already given back") });
    expect(await accountRow(key.email)).toEqual(account);
    expect(await limitOf(key.key)).toBe("120");
    const events = await env.DB.prepare("SELECT type FROM events WHERE owner_id = ? ORDER BY created_at, id")
      .bind(account.id)
      .all<{ type: string }>();
    expect(events.results.map((e) => e.type)).toEqual(["plan.activated", "plan.deactivated", "plan.activated"]);
    expect((await audit(account.id)).map((r) => [r.event, r.outcome])).toEqual([
      ["payment.captured", "activated"],
      ["payment.dispute.created", "ended"],
      ["payment.dispute.won", "restored"],
      ["payment.dispute.won", "already_restored"],
    ]);
  });

  it.each([
    {
      case: "a dispute that came after the period had lapsed",
      setup: async (email: string, paymentId: string) => {
        await capture(email, paymentId);
        await env.DB.prepare("UPDATE accounts SET paid_until = ? WHERE email = ?")
          .bind(Date.now() - 1, email)
          .run();
        expect((await dispute("payment.dispute.created", paymentId)).data.deactivated).toBe(false);
      },
      outcome: "nothing_to_restore",
      reason: "nothing to give back",
    },
    {
      case: "a refunded payment",
      setup: async (email: string, paymentId: string) => {
        await capture(email, paymentId);
        await billing("refund.processed", { refund: { entity: { id: `rfnd_${crypto.randomUUID()}`, payment_id: paymentId, amount: PRICE_PAISE } } });
      },
      outcome: "refunded",
      reason: "refunded",
    },
  ])("a win of $case changes nothing and is recorded as $outcome", async ({ setup, outcome, reason }) => {
    const key = await createKey({ scopes: ["deadlines:read"] });
    const paymentId = `pay_${crypto.randomUUID()}`;
    await setup(key.email, paymentId);
    const before = (await accountRow(key.email))!;
    const limit = await limitOf(key.key);

    const won = await dispute("payment.dispute.won", paymentId);
    expect(won.data).toMatchObject({ activated: false, deactivated: false, reason: expect.stringContaining(reason) });
    expect(await accountRow(key.email)).toEqual(before);
    expect(await limitOf(key.key)).toBe(limit);
    expect((await audit(before.id)).at(-1)).toMatchObject({ event: "payment.dispute.won", outcome, payment_id: paymentId });
  });

  it("a win delivered before its dispute keeps the keys on paid limits when the dispute arrives; a full refund still ends them", async () => {
    const key = await createKey({ scopes: ["deadlines:read"] });
    const paymentId = `pay_${crypto.randomUUID()}`;
    await capture(key.email, paymentId);
    const paid = (await accountRow(key.email))!;

    const won = await dispute("payment.dispute.won", paymentId);
    expect(won.data).toMatchObject({ activated: false, deactivated: false, reason: expect.stringContaining("the win is kept") });
    const disputed = await dispute("payment.dispute.created", paymentId);
    expect(disputed.data).toMatchObject({ activated: false, deactivated: false, reason: expect.stringContaining("already won") });
    expect(await accountRow(key.email)).toEqual(paid);
    expect(await limitOf(key.key)).toBe("120");

    const refunded = await billing("refund.processed", {
      refund: { entity: { id: `rfnd_${crypto.randomUUID()}`, payment_id: paymentId, amount: PRICE_PAISE, currency: "INR" } },
    });
    expect(refunded.data.deactivated).toBe(true);
    expect(await limitOf(key.key)).toBe("30");
    expect((await audit(paid.id)).map((r) => [r.event, r.outcome])).toEqual([
      ["payment.captured", "activated"],
      ["payment.dispute.won", "won_before_dispute"],
      ["payment.dispute.created", "dispute_already_won"],
      ["refund.processed", "ended"],
    ]);
  });
});

describe("billing changes racing key creation and rotation", () => {
  async function read(key: string) {
    const response = await api("/api/v1/deadlines?limit=1", key);
    await response.arrayBuffer();
    return {
      status: response.status,
      limit: response.headers.get("X-RateLimit-Limit"),
      expiresSoon: response.headers.get("X-Service-Key-Expires-Soon"),
    };
  }
  const refund = (paymentId: string) =>
    billing("refund.processed", { refund: { entity: { id: `rfnd_${crypto.randomUUID()}`, payment_id: paymentId, amount: PRICE_PAISE } } });

  // Limits per key and minute (the management contract): free 30, paid 120.
  it.each([
    { change: "a refund ends the paid period", paidBefore: true, limit: "30" },
    { change: "a payment starts a paid period", paidBefore: false, limit: "120" },
  ])("keys created while $change get the account's new limits", async ({ paidBefore, limit }) => {
    const wrong: string[] = [];
    for (let round = 0; round < 5; round++) {
      const email = await createAccount();
      const paymentId = `pay_${crypto.randomUUID()}`;
      if (paidBefore) await capture(email, paymentId);
      const change = paidBefore ? refund(paymentId) : capture(email, paymentId);
      const creates = Array.from({ length: 6 }, () => admin("POST", "/admin/api/keys", { accountEmail: email, scopes: ["deadlines:read"] }));
      const [, ...created] = await Promise.all([change, ...creates]);
      for (const response of created) {
        const { data } = await expectStatus<{ data: { id: string; key: string } }>(response, 201);
        const answer = await read(data.key);
        if (answer.status !== 200 || answer.limit !== limit) wrong.push(`round ${round}, ${data.id}: ${answer.status}, limit ${answer.limit}`);
      }
    }
    expect(wrong, `keys on limits other than ${limit}: ${wrong.join("; ")}`).toEqual([]);
  });

  it("keys created while a refund of the earlier of two payments moves the period's end lapse at the new end", async () => {
    const wrong: string[] = [];
    for (let round = 0; round < 3; round++) {
      const email = await createAccount();
      const first = `pay_${crypto.randomUUID()}`;
      await capture(email, first);
      await capture(email, `pay_${crypto.randomUUID()}`);
      const creates = Array.from({ length: 6 }, () => admin("POST", "/admin/api/keys", { accountEmail: email, scopes: ["deadlines:read"] }));
      const [refunded, ...created] = await Promise.all([refund(first), ...creates]);
      expect(refunded.data).toMatchObject({ activated: false, deactivated: false });
      // The second payment's 30 days now run from the refund: every key falls back to free limits there, not later.
      const paidUntil = (await accountRow(email))!.paid_until!;
      for (const response of created) {
        const { data } = await expectStatus<{ data: { id: string; key: string } }>(response, 201);
        const limits = [];
        for (const at of [paidUntil - 1, paidUntil]) {
          const verdict = await verdictAt(data.key, at);
          limits.push(verdict.outcome === "allowed" ? verdict.usage.minute.limit : verdict.outcome);
        }
        if (limits[0] !== 120 || limits[1] !== 30) wrong.push(`round ${round}, ${data.id}: ${limits.join(" then ")}`);
      }
    }
    expect(wrong, `keys not lapsing at the new end: ${wrong.join("; ")}`).toEqual([]);
  });

  it("a key rotated while a refund ends the paid period keeps its overlap end; it and its replacement get free limits", async () => {
    const email = await createAccount();
    const paymentId = `pay_${crypto.randomUUID()}`;
    await capture(email, paymentId);
    const { id, key } = await createKey({ email, scopes: ["deadlines:read"] });
    // The refund reaches this key's live state only after the rotation has answered.
    const hold = await holdNextStateWrite(await guardForKey(env.KEY_GUARD, key));
    const ending = refund(paymentId);
    await hold.held();
    const rotated = await expectStatus<{ data: { key: string; previousKeyValidUntil: string } }>(
      await admin("POST", `/admin/api/keys/${id}/rotate`, { overlapHours: 24 }),
      201,
    );
    hold.release();
    expect((await ending).data.deactivated).toBe(true);
    // The old key ends within 7 days, so its answers name that end (X-Service-Key-Expires-Soon).
    expect(await read(key)).toEqual({ status: 200, limit: "30", expiresSoon: rotated.data.previousKeyValidUntil });
    expect(await read(rotated.data.key)).toMatchObject({ status: 200, limit: "30" });
  });
});
