// GET /admin/api/orgs: the operator finds any organisation (newest first, by name prefix or GSTIN, paged like the
// other management lists); an organisation admin's session sees its own organisation and never another.
import { env } from "cloudflare:test";
import { fetchWorker } from "../../worker-under-test";
import { describe, expect, it } from "vitest";
import { inventoryDb } from "../../../src/inventory/db/client";
import { pageOf } from "../../../src/inventory/http/schemas";
import { listOrgs } from "../../../src/inventory/orgs/queries";
import { OrgSchema } from "../../../src/inventory/orgs/schemas";
import { plansOf } from "../../query-plan";
import { admin, asSession, expectError, expectStatus, INVENTORY, signIn } from "../helpers";

const OrgPage = pageOf(OrgSchema.strict()).strict();

// Valid GSTINs of Tamil Nadu (33): each check character worked by hand with the GSTN's mod-36 rule.
const GSTIN_A = "33ABCDE1234F1Z7";
const GSTIN_B = "33AAECG4315R1ZE";

/** A word no other organisation's name begins with, so a test's organisations are told apart by name prefix. */
const newTag = () => `T${crypto.randomUUID().slice(0, 8)}`;

async function createNamed(name: string, gstin?: string): Promise<string> {
  const body = { name, plan: "business", ...(gstin === undefined ? { state: "27" } : { gstin }) };
  return (await expectStatus(await admin("POST", "/admin/api/orgs", body), 201)).data.id;
}

async function list(query: string): Promise<ReturnType<typeof OrgPage.parse>> {
  return OrgPage.parse(await expectStatus(await admin("GET", `/admin/api/orgs${query}`), 200));
}

/** Every page of a query, following next_offset from the start: the ids in the order the pages gave them. */
async function walk(query: string, limit: number): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let offset: number | null = 0;
  let pages = 0;
  while (offset !== null) {
    const page = await list(`?${query}${query ? "&" : ""}limit=${limit}&offset=${offset}`);
    ids.push(...page.data.map((org) => org.id));
    expect(page.has_more).toBe(page.next_offset !== null);
    offset = page.next_offset;
    pages++;
  }
  return { ids, pages };
}

describe("GET /admin/api/orgs as the operator", () => {
  it("lists every organisation, newest first, each as GET /admin/api/orgs/{id} shows it", async () => {
    const tag = newTag();
    const created: string[] = [];
    for (const name of ["Kaveri Spinners", "Sri Lakshmi Yarns", "Annapoorna Mills"]) created.push(await createNamed(`${tag} ${name}`));
    const page = await list("?limit=1000");
    // Every organisation: as many as the database holds.
    const { n } = (await env.DB.prepare("SELECT COUNT(*) AS n FROM organisations").first<{ n: number }>())!;
    expect([page.data.length, page.has_more]).toEqual([n, false]);
    const ids = page.data.map((org) => org.id);
    // Created one after the other, so newest first is the reverse of that order (even within one millisecond).
    expect(ids.filter((id) => created.includes(id))).toEqual([...created].reverse());
    const times = page.data.map((org) => Date.parse(org.created_at));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    for (const id of created) {
      const single = await expectStatus(await admin("GET", `/admin/api/orgs/${id}`), 200);
      expect(page.data.find((org) => org.id === id)).toEqual(single.data);
    }
  });

  it("pages with limit and offset: following next_offset gives every organisation once, in the order of one long page", async () => {
    const tag = newTag();
    const created: string[] = [];
    for (let i = 1; i <= 7; i++) created.push(await createNamed(`${tag} Mill ${i}`));

    // The seven of this test alone: pages of 3, 3 and 1, then next_offset null.
    const mine = await walk(`name=${tag}`, 3);
    expect(mine).toEqual({ ids: [...created].reverse(), pages: 3 });
    const last = await list(`?name=${tag}&limit=3&offset=6`);
    expect([last.data.length, last.has_more, last.next_offset]).toEqual([1, false, null]);

    // Every organisation of the database, two at a time: no duplicate, no gap against a single page of them all.
    const whole = (await list("?limit=1000")).data.map((org) => org.id);
    const paged = await walk("", 2);
    expect(paged.ids).toEqual(whole);
    expect(new Set(paged.ids).size).toBe(paged.ids.length);
    expect(paged.pages).toBe(Math.ceil(whole.length / 2));
  });

  it("name= keeps the organisations whose name begins with it, in any letter case; a word inside the name is no match", async () => {
    const tag = newTag();
    const lakshmi = await createNamed(`${tag} Sri Lakshmi Yarns`);
    const lakshmiMills = await createNamed(`${tag} Sri Lakshmi Mills`);
    const ganesh = await createNamed(`${tag} Sri Ganesh Textiles`);
    const ids = async (name: string) => (await list(`?name=${encodeURIComponent(name)}`)).data.map((org) => org.id);
    expect(await ids(`${tag} Sri`)).toEqual([ganesh, lakshmiMills, lakshmi]);
    expect(await ids(`${tag.toLowerCase()} SRI lakshmi`)).toEqual([lakshmiMills, lakshmi]);
    expect(await ids(`  ${tag} sri lakshmi y  `)).toEqual([lakshmi]);
    expect(await ids(`${tag} Lakshmi`)).toEqual([]);
    expect(await ids(`${tag} Sri Lakshmi Yarns Pvt`)).toEqual([]);
  });

  it("name= reads % and _ as themselves, not as wildcards", async () => {
    const tag = newTag();
    const percent = await createNamed(`${tag} 100% Cotton`);
    await createNamed(`${tag} 1000 Cotton`);
    const underscore = await createNamed(`${tag} A_B Yarns`);
    await createNamed(`${tag} AxB Yarns`);
    const backslash = await createNamed(`${tag} C\\D Yarns`);
    await createNamed(`${tag} CD Yarns`);
    const ids = async (name: string) => (await list(`?name=${encodeURIComponent(name)}`)).data.map((org) => org.id);
    expect(await ids(`${tag} 100%`)).toEqual([percent]);
    expect(await ids(`${tag} A_`)).toEqual([underscore]);
    expect(await ids(`${tag} C\\`)).toEqual([backslash]);
  });

  it("gstin= keeps the organisations registered under that GSTIN, in any letter case; with name=, both apply", async () => {
    const tag = newTag();
    const registeredA = await createNamed(`${tag} Kumaran Knits`, GSTIN_A);
    const registeredB = await createNamed(`${tag} Murugan Tex`, GSTIN_B);
    const unregistered = await createNamed(`${tag} Velmurugan Yarns`);
    for (const sent of [GSTIN_A, GSTIN_A.toLowerCase()]) {
      const page = await list(`?gstin=${sent}&limit=1000`);
      expect(page.data.map((org) => org.gstin)).toEqual(page.data.map(() => GSTIN_A));
      const ids = page.data.map((org) => org.id);
      expect(ids).toContain(registeredA);
      expect(ids).not.toContain(registeredB);
      expect(ids).not.toContain(unregistered);
    }
    expect((await list(`?name=${tag}&gstin=${GSTIN_B}`)).data.map((org) => org.id)).toEqual([registeredB]);
    expect((await list(`?name=${tag}%20Kumaran&gstin=${GSTIN_B}`)).data).toEqual([]);
  });

  describe.each([
    ["name=", "name: must not be empty"],
    ["name=%20%20", "name: must not be empty"],
    [`name=${"x".repeat(201)}`, "name: must be at most 200 characters"],
    ["gstin=33ABCDE1234", "gstin: must be 15 characters: 2-digit state code, PAN, entity number, 1 character, check character"],
    ["gstin=33ABCDE1234F1Z8", "gstin: has a wrong check character (mistyped?)"],
    ["gstin=25ABCDE1234F1Z7", "gstin: has unknown state code 25"],
    ["limit=0", "limit: must be >= 1"],
    ["limit=1001", "limit: must be <= 1000"],
    ["limit=ten", "limit: must be a whole number in decimal digits"],
    ["offset=100001", "offset: must be <= 100000"],
    ["offset=-1", "offset: must be >= 0"],
    ["plan=business", "plan: unknown field"],
    ["ofset=10", "ofset: unknown field"],
  ])("?%s", (query, message) => {
    it(`is 400 bad_request: ${message}`, async () => {
      expect(await expectError(await admin("GET", `/admin/api/orgs?${query}`), 400, "bad_request")).toBe(message);
    });
  });
});

describe("GET /admin/api/orgs as an organisation admin", () => {
  it("lists the session's own organisation only, as GET /admin/api/orgs/{id} shows it, and never another", async () => {
    const tag = newTag();
    const own = await createNamed(`${tag} Kumaran Knits`, GSTIN_A);
    const other = await createNamed(`${tag} Murugan Tex`, GSTIN_B);
    const session = await signIn(own);
    const asAdmin = async (query: string) => OrgPage.parse(await expectStatus(await asSession(session, "GET", `/admin/api/orgs${query}`), 200));

    const single = await expectStatus(await admin("GET", `/admin/api/orgs/${own}`), 200);
    expect(await asAdmin("")).toEqual({ data: [single.data], has_more: false, next_offset: null });
    expect(await asAdmin(`?name=${tag}&limit=1000`)).toEqual({ data: [single.data], has_more: false, next_offset: null });
    expect(await asAdmin(`?gstin=${GSTIN_A}`)).toEqual({ data: [single.data], has_more: false, next_offset: null });
    // Filters that name the other organisation find nothing: the list never widens beyond the session's own.
    for (const query of [`?name=${tag}%20Murugan`, `?gstin=${GSTIN_B}`, "?offset=1"]) {
      const response = await asSession(session, "GET", `/admin/api/orgs${query}`);
      const text = await response.clone().text();
      expect(OrgPage.parse(await expectStatus(response, 200))).toEqual({ data: [], has_more: false, next_offset: null });
      expect(text).not.toContain(other);
    }
    // Bad filters are refused for a session as for the operator.
    await expectError(await asSession(session, "GET", "/admin/api/orgs?gstin=nope"), 400, "bad_request");
  });
});

describe("GET /admin/api/orgs without credentials", () => {
  it.each([
    ["no Authorization header or session", {}],
    ["a wrong operator token", { Authorization: "Bearer not-the-admin-token-at-all" }],
    ["a session cookie that was never issued", { Cookie: "__Host-inv_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" }],
  ])("with %s is 401 unauthorized and lists nothing", async (_name, headers: Record<string, string>) => {
    const response = await fetchWorker(`${INVENTORY}/admin/api/orgs`, { headers });
    expect(response.headers.get("WWW-Authenticate")).toContain("Bearer");
    await expectError(response, 401, "unauthorized");
  });

  // The authentication scheme's name is case-insensitive (RFC 9110 §11.1), as it is for API keys.
  it.each(["bearer", "BEARER", "Bearer  "])("takes the operator token after the scheme written %j", async (scheme) => {
    const response = await fetchWorker(`${INVENTORY}/admin/api/orgs`, { headers: { Authorization: `${scheme} ${env.ADMIN_TOKEN}` } });
    await expectStatus(response, 200);
  });
});

describe("the list's reads use an index", () => {
  const planOf = async (filter: { namePrefix?: string; gstin?: string }) => {
    const [plan] = await plansOf((db) => listOrgs(inventoryDb(db), { only: null, namePrefix: null, gstin: null, ...filter }, 200, 0));
    return plan ?? "";
  };

  it("newest first reads the creation-time index in its order, with no sort", async () => {
    const plan = await planOf({});
    expect(plan).toContain("SCAN organisations USING INDEX organisations_created");
    expect(plan).not.toContain("TEMP B-TREE");
  });

  it("a name prefix reads only the names that begin with it, from the name index in letter-case-blind order", async () => {
    expect(await planOf({ namePrefix: "Sri Lak" })).toMatch(/SEARCH organisations USING INDEX organisations_name_nocase \(name>\? AND name<\?\)/);
  });

  it("a GSTIN reads only that GSTIN's organisations, from its index", async () => {
    expect(await planOf({ gstin: GSTIN_A })).toMatch(/SEARCH organisations USING INDEX organisations_gstin \(gstin=\?\)/);
  });
});
