// GET /admin/api/accounts: the operator finds who signed up and who is on the paid plan (newest first, by email prefix
// or plan, in keyset pages like the other tax lists); a signed-in user's session sees its own account and never another.
import { env } from "cloudflare:test";
import { fetchWorker } from "../../worker-under-test";
import { describe, expect, it } from "vitest";
import { listAccountsPage } from "../../../src/tax/accounts/queries";
import { AccountDetailSchema, AccountListSchema } from "../../../src/tax/accounts/schemas";
import { taxDb } from "../../../src/tax/db/client";
import { plansOf } from "../../query-plan";
import { sessionCaller } from "../../web-session";
import { DAY_MS, pay, paymentId } from "../billing/billing-days";
import { admin, capture, expectError, expectStatus, signedIn, TAX } from "../helpers";

const AccountPage = AccountListSchema.extend({ data: AccountDetailSchema.strict().array() }).strict();
type Page = ReturnType<typeof AccountPage.parse>;
const as = sessionCaller(TAX);

/** A word no other test's emails begin with, so a test's accounts are told apart by email prefix. */
const newTag = () => `t${crypto.randomUUID().slice(0, 8)}`;

async function create(email: string): Promise<{ id: string; email: string }> {
  const { data } = await expectStatus(await admin("POST", "/admin/api/accounts", { email }), 201);
  return { id: data.id, email: data.email };
}

async function list(query: string): Promise<Page> {
  return AccountPage.parse(await expectStatus(await admin("GET", `/admin/api/accounts${query}`), 200));
}

/** Every page of a query, following nextCursor from the start: the ids in the order the pages gave them. */
async function walk(query: string, limit: number, between?: () => Promise<void>): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const params = new URLSearchParams(query);
    params.set("limit", String(limit));
    if (cursor !== null) params.set("cursor", cursor);
    const page = await list(`?${params}`);
    ids.push(...page.data.map((account) => account.id));
    cursor = page.nextCursor;
    pages++;
    if (between) await between();
  } while (cursor !== null);
  return { ids, pages };
}

async function accountView(email: string) {
  return (await expectStatus(await admin("GET", `/admin/api/account?accountEmail=${encodeURIComponent(email)}`), 200)).data;
}

describe("GET /admin/api/accounts as the operator", () => {
  it("lists every account, newest first, each as GET /admin/api/account shows it and as its creation answered", async () => {
    const tag = newTag();
    const created: Array<{ id: string; email: string }> = [];
    const answers = new Map<string, unknown>();
    for (const name of ["asha", "bharat", "chitra"]) {
      const response = await expectStatus(await admin("POST", "/admin/api/accounts", { email: `${tag}-${name}@example.com` }), 201);
      created.push({ id: response.data.id, email: response.data.email });
      answers.set(response.data.id, response.data);
    }
    const all = await walk("", 100);
    // Every account: as many as the database holds, each once.
    const { n } = (await env.DB.prepare("SELECT COUNT(*) AS n FROM accounts").first<{ n: number }>())!;
    expect([all.ids.length, new Set(all.ids).size]).toEqual([n, n]);
    // Created one after the other, so newest first is the reverse of that order (even within one millisecond).
    const ids = created.map((account) => account.id);
    expect(all.ids.filter((id) => ids.includes(id))).toEqual([...ids].reverse());

    const page = await list(`?email=${tag}`);
    const times = page.data.map((account) => Date.parse(account.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    for (const account of created) {
      const item = page.data.find((listed) => listed.id === account.id);
      expect(item).toEqual(await accountView(account.email));
      expect(item).toEqual(answers.get(account.id));
    }
    // A new account is free: 10 active keys, 30 requests a minute and 500 a day per key.
    expect(page.data[0]).toMatchObject({ plan: "free", paidUntil: null, keyCap: 10, limits: { perMinute: 30, perDay: 500 } });
  });

  it("pages with limit and cursor: following nextCursor gives every account once, in the order of one long page", async () => {
    const tag = newTag();
    const created: string[] = [];
    for (let i = 1; i <= 7; i++) created.push((await create(`${tag}-user${i}@example.com`)).id);

    // The seven of this test alone: pages of 3, 3 and 1.
    expect(await walk(`email=${tag}`, 3)).toEqual({ ids: [...created].reverse(), pages: 3 });
    // Exactly a page's worth: no empty page after it.
    expect(await walk(`email=${tag}`, 7)).toEqual({ ids: [...created].reverse(), pages: 1 });

    // Every account of the database, two at a time: no duplicate, no gap against a walk in pages of 100.
    const whole = await walk("", 100);
    const paged = await walk("", 2);
    expect(paged.ids).toEqual(whole.ids);
    expect(new Set(paged.ids).size).toBe(paged.ids.length);
    expect(paged.pages).toBe(Math.ceil(whole.ids.length / 2));
  });

  it("accounts created while the operator pages neither repeat nor push one out: the walk lists exactly those there at its start", async () => {
    const tag = newTag();
    const before: string[] = [];
    for (let i = 1; i <= 5; i++) before.push((await create(`${tag}-early${i}@example.com`)).id);
    const during: string[] = [];
    const walked = await walk(`email=${tag}`, 2, async () => {
      during.push((await create(`${tag}-late${during.length + 1}@example.com`)).id);
    });
    expect(walked).toEqual({ ids: [...before].reverse(), pages: 3 });
    // A new listing shows them first.
    expect((await list(`?email=${tag}`)).data.map((account) => account.id)).toEqual([...during].reverse().concat([...before].reverse()));
  });

  it("email= keeps the accounts whose email begins with it, in any letter case; text inside an email is no match", async () => {
    const tag = newTag();
    const anand = await create(`${tag}-anand@example.com`);
    const anandWork = await create(`${tag}-anand.k@work.example`);
    const anita = await create(`${tag}-anita@example.com`);
    const ids = async (prefix: string) => (await list(`?email=${encodeURIComponent(prefix)}`)).data.map((account) => account.id);
    expect(await ids(`${tag}-an`)).toEqual([anita.id, anandWork.id, anand.id]);
    expect(await ids(`${tag.toUpperCase()}-ANAND`)).toEqual([anandWork.id, anand.id]);
    expect(await ids(`  ${tag}-Anand@  `)).toEqual([anand.id]);
    expect(await ids(`${tag}-anand@example.com`)).toEqual([anand.id]);
    expect(await ids(`${tag}-anand@example.comx`)).toEqual([]);
    expect(await ids("anand@example.com")).not.toContain(anand.id);
  });

  it("email= reads _ as itself, not a wildcard, and + when sent as %2B (a bare + in a query is a space)", async () => {
    const tag = newTag();
    const underscore = await create(`${tag}-a_b@example.com`);
    await create(`${tag}-axb@example.com`);
    const plus = await create(`${tag}-dev+ci@example.com`);
    await create(`${tag}-dev@example.com`);
    const ids = async (query: string) => (await list(`?email=${query}`)).data.map((account) => account.id);
    expect(await ids(`${tag}-a_`)).toEqual([underscore.id]);
    expect(await ids(`${tag}-dev%2B`)).toEqual([plus.id]);
    expect(await ids(`${tag}-dev+ci`)).toEqual([]);
  });

  it("plan= keeps the accounts on that plan now, as each item's plan says: a paid period that has ended is free", async () => {
    const tag = newTag();
    const free = await create(`${tag}-free@example.com`);
    const paid = await create(`${tag}-paid@example.com`);
    await capture(paid.email, paymentId());
    // Paid 31 days ago: its 30-day period ended yesterday, though the stored plan column still reads paid.
    const lapsed = await create(`${tag}-lapsed@example.com`);
    await pay(lapsed.id, paymentId(), Date.now() - 31 * DAY_MS);
    expect(await env.DB.prepare("SELECT plan FROM accounts WHERE id = ?").bind(lapsed.id).first("plan")).toBe("paid");

    const paidPage = await list(`?email=${tag}&plan=paid`);
    expect(paidPage.data.map((account) => account.id)).toEqual([paid.id]);
    const paidUntil = (await env.DB.prepare("SELECT paid_until FROM accounts WHERE id = ?").bind(paid.id).first<number>("paid_until"))!;
    expect(paidPage.data[0]).toMatchObject({ plan: "paid", paidUntil: new Date(paidUntil).toISOString(), keyCap: 100 });
    expect(paidPage.data[0]!.limits).toEqual({ perMinute: 120, perDay: 10_000 });
    expect(paidPage.data[0]).toEqual(await accountView(paid.email));

    const freePage = await list(`?email=${tag}&plan=free`);
    expect(freePage.data.map((account) => account.id)).toEqual([lapsed.id, free.id]);
    for (const account of freePage.data) expect(account).toMatchObject({ plan: "free", paidUntil: null, keyCap: 10 });
    expect(freePage.data[0]).toEqual(await accountView(lapsed.email));

    // Filtered pages page like the others, the filter kept by each cursor.
    expect(await walk(`email=${tag}&plan=free`, 1)).toEqual({ ids: [lapsed.id, free.id], pages: 2 });
    // Over every account: each item's plan is the one asked for, and the two plans together are every account.
    const everyPaid = await walk("plan=paid", 100);
    const everyFree = await walk("plan=free", 100);
    expect(everyPaid.ids).toContain(paid.id);
    expect([...everyPaid.ids, ...everyFree.ids].sort()).toEqual((await walk("", 100)).ids.sort());
    for (const account of (await list("?plan=paid&limit=100")).data) expect(account.plan).toBe("paid");
    for (const account of (await list("?plan=free&limit=100")).data) expect(account.plan).toBe("free");
  });

  it("the plan filter turns at the paid period's end: paid the millisecond before, free at the end itself", async () => {
    const tag = newTag();
    const account = await create(`${tag}-ending@example.com`);
    await capture(account.email, paymentId());
    const end = (await env.DB.prepare("SELECT paid_until FROM accounts WHERE id = ?").bind(account.id).first<number>("paid_until"))!;
    const listed = async (plan: "free" | "paid", nowMs: number) =>
      (await listAccountsPage(taxDb(env.DB), { only: null, emailPrefix: tag, plan }, nowMs, 10, null)).map((row) => row.id);
    expect([await listed("paid", end - 1), await listed("free", end - 1)]).toEqual([[account.id], []]);
    expect([await listed("paid", end), await listed("free", end)]).toEqual([[], [account.id]]);
  });

  it("a cursor continues only the list it was given for: other filters are a 400 naming the filter", async () => {
    const tag = newTag();
    for (let i = 1; i <= 3; i++) await create(`${tag}-user${i}@example.com`);
    const { nextCursor } = await list(`?email=${tag}&plan=free&limit=1`);
    const again = (query: string) => admin("GET", `/admin/api/accounts?${query}&limit=1&cursor=${encodeURIComponent(nextCursor!)}`);
    expect(await expectError(await again(`email=${tag}&plan=paid`), 400, "validation_error")).toBe(
      "plan: was free in the request that gave this cursor; send the same filters with cursor, or start again without it to change them",
    );
    expect(await expectError(await again("plan=free"), 400, "validation_error")).toBe(
      `email: was ${tag} in the request that gave this cursor; send the same filters with cursor, or start again without it to change them`,
    );
    // The same filters, in another letter case: the same list.
    expect((await expectStatus(await again(`email=${tag.toUpperCase()}&plan=free`), 200)).data).toHaveLength(1);
    const edited = `${nextCursor!.slice(0, -1)}${nextCursor!.endsWith("0") ? "1" : "0"}`;
    const forged = await admin("GET", `/admin/api/accounts?email=${tag}&plan=free&cursor=${encodeURIComponent(edited)}`);
    expect(await expectError(forged, 400, "validation_error")).toBe("cursor: is not a cursor this API issued");
  });

  describe.each([
    ["email=", "email: must not be empty"],
    ["email=%20%20", "email: must not be empty"],
    [`email=${"a".repeat(255)}`, "email: must be at most 254 characters"],
    ["plan=gold", 'plan: must be one of "free", "paid"'],
    ["plan=PAID", 'plan: must be one of "free", "paid"'],
    ["plan=paid&plan=free", "plan: must be given once, not repeated"],
    ["limit=0", "limit: must be >= 1"],
    ["limit=101", "limit: must be <= 100"],
    ["limit=ten", "limit: must be a whole number in decimal digits"],
    ["cursor=abc", "cursor: is not a cursor this API issued"],
    [`cursor=${"a".repeat(513)}`, "cursor: must be at most 512 characters"],
    ["accountEmail=someone%40example.com", "accountEmail: unknown field"],
    ["emial=someone", "emial: unknown field"],
  ])("?%s", (query, message) => {
    it(`is 400 validation_error: ${message}`, async () => {
      expect(await expectError(await admin("GET", `/admin/api/accounts?${query}`), 400, "validation_error")).toBe(message);
    });
  });
});

describe("GET /admin/api/accounts as a signed-in user", () => {
  it("lists the session's own account only, as GET /admin/api/account shows it, and never another", async () => {
    const user = await signedIn();
    const other = await create(`${newTag()}-other@example.com`);
    const mine = async (query: string) => AccountPage.parse(await expectStatus(await as(user, "GET", `/admin/api/accounts${query}`), 200));
    const own = (await expectStatus(await as(user, "GET", "/admin/api/account"), 200)).data;

    expect(await mine("")).toEqual({ data: [own], nextCursor: null });
    expect(await mine(`?email=${user.email.slice(0, 8).toUpperCase()}&plan=free&limit=1`)).toEqual({ data: [own], nextCursor: null });
    // Filters that name another account, or a plan the user is not on, find nothing: the list never widens.
    for (const query of [`?email=${encodeURIComponent(other.email)}`, "?email=t", "?plan=paid"]) {
      const response = await as(user, "GET", `/admin/api/accounts${query}`);
      const text = await response.clone().text();
      expect(AccountPage.parse(await expectStatus(response, 200))).toEqual({ data: [], nextCursor: null });
      expect(text).not.toContain(other.id);
    }
    // The operator's cursor does not page a session's list; bad filters are refused as for the operator.
    const { nextCursor } = await list("?limit=1");
    const borrowed = await as(user, "GET", `/admin/api/accounts?limit=1&cursor=${encodeURIComponent(nextCursor!)}`);
    expect(await expectError(borrowed, 400, "validation_error")).toBe("cursor: is not a cursor this API issued");
    expect(await expectError(await as(user, "GET", "/admin/api/accounts?plan=gold"), 400, "validation_error")).toBe(
      'plan: must be one of "free", "paid"',
    );
  });
});

describe("GET /admin/api/accounts without credentials", () => {
  it.each([
    ["no Authorization header or session", {}],
    ["a wrong operator token", { Authorization: "Bearer not-the-admin-token-at-all" }],
    ["an API key", { Authorization: "Bearer tax_aaaaaaaa_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" }],
    ["a session cookie that was never issued", { Cookie: "__Host-tax_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" }],
  ])("with %s is 401 unauthorized and lists nothing", async (_name, headers: Record<string, string>) => {
    const response = await fetchWorker(`${TAX}/admin/api/accounts`, { headers });
    expect(response.headers.get("WWW-Authenticate")).toBe("Bearer");
    await expectError(response, 401, "unauthorized");
  });

  // The authentication scheme's name is case-insensitive (RFC 9110 §11.1), as it is for API keys.
  it.each(["bearer", "BEARER", "Bearer  "])("takes the operator token after the scheme written %j", async (scheme) => {
    const response = await fetchWorker(`${TAX}/admin/api/accounts`, { headers: { Authorization: `${scheme} ${env.ADMIN_TOKEN}` } });
    await expectStatus(response, 200);
  });
});

describe("the list's reads use an index", () => {
  const planOf = async (filter: { emailPrefix?: string; plan?: "free" | "paid" }, after: { createdAt: number; id: string } | null = null) => {
    const [plan] = await plansOf((db) =>
      listAccountsPage(taxDb(db), { only: null, emailPrefix: null, plan: null, ...filter }, Date.now(), 51, after),
    );
    return plan ?? "";
  };

  it("newest first reads the creation-time index in its order, with no sort, from the cursor on", async () => {
    const first = await planOf({});
    expect(first).toContain("SCAN accounts USING INDEX accounts_created");
    const later = await planOf({}, { createdAt: 1_700_000_000_000, id: "acct_x" });
    expect(later).toMatch(/SEARCH accounts USING INDEX accounts_created \(created_at<\?\)/);
    for (const plan of [first, later]) expect(plan).not.toContain("TEMP B-TREE");
  });

  it("a plan reads the same index in its order: no sort, whichever plan", async () => {
    for (const plan of ["free", "paid"] as const) {
      const read = await planOf({ plan });
      expect(read).toContain("SCAN accounts USING INDEX accounts_created");
      expect(read).not.toContain("TEMP B-TREE");
    }
  });

  it("an email prefix reads only the emails that begin with it, from the email index", async () => {
    expect(await planOf({ emailPrefix: "asha" })).toMatch(/SEARCH accounts USING INDEX accounts_email_unique \(email>\? AND email<\?\)/);
  });
});
