import { env } from "cloudflare:test";
import { fetchWorker } from "../../worker-under-test";
import { describe, expect, it } from "vitest";
import { newId } from "../../../src/platform/ids";
import { listProfiles } from "../../../src/tax/profiles/queries";
import { ProfileListItemSchema, ProfileListSchema, SavedProfileSchema } from "../../../src/tax/profiles/schemas";
import { plansOf } from "../../query-plan";
import { admin, api, createKey, expectError, expectStatus, TAX } from "../helpers";

const profile = {
  age: 30,
  residentialStatus: "resident",
  houseProperties: [],
  salary: { grossSalary: 1_800_000, basicPlusDA: 900_000, hraReceived: 360_000, rentPaid: 300_000, isMetroCity: true, professionalTax: 2_400 },
  deductions: { section80C: 150_000, section80D_selfFamily: 25_000 },
  taxesPaid: 150_000,
};

function save(key: string, label: string, body: Record<string, unknown> = {}) {
  return api("/api/v1/profiles", key, { method: "POST", body: JSON.stringify({ label, profile, financialYear: "2025-26", ...body }) });
}

async function listAll(key: string, limit: number, between?: (page: number) => Promise<void>): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const query = `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const body = ProfileListSchema.parse(await expectStatus(await api(`/api/v1/profiles?${query}`, key), 200));
    ids.push(...body.data.map((p) => p.id));
    cursor = body.nextCursor;
    if (!cursor) break;
    await between?.(page);
  }
  return ids;
}

describe("POST /api/v1/profiles", () => {
  it("creates (201), then replaces by label (200, same id), case-insensitively, with one event per save", async () => {
    const { key } = await createKey();
    const created = await expectStatus(await save(key, "  Salary 2025 "), 201);
    expect(created.data.label).toBe("Salary 2025");
    const updated = await expectStatus(await save(key, "salary 2025", { profile: { ...profile, taxesPaid: 0 } }), 200);
    expect(updated.data.id).toBe(created.data.id);
    expect(Date.parse(updated.data.updatedAt)).toBeGreaterThan(Date.parse(created.data.updatedAt));

    const stored = SavedProfileSchema.parse((await expectStatus(await api(`/api/v1/profiles/${created.data.id}`, key), 200)).data);
    expect(stored.profile.taxesPaid).toBe(0);
    expect(stored.label).toBe("salary 2025");
    expect(stored.summary.financialYear).toBe("2025-26");

    const events = await env.DB.prepare("SELECT type, payload FROM events WHERE payload LIKE ? ORDER BY created_at")
      .bind(`%${created.data.id}%`)
      .all<{ type: string; payload: string }>();
    expect(events.results.map((e) => e.type)).toEqual(["profile.saved", "profile.saved"]);
    const payload = JSON.parse(events.results[0]!.payload);
    expect(payload).toMatchObject({ profileId: created.data.id, created: true, summary: { recommendedRegime: expect.any(String) } });
    expect(events.results[0]!.payload).not.toContain("grossSalary");
  });

  async function savedEvents(profileId: string): Promise<number> {
    const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM events WHERE type = 'profile.saved' AND json_extract(payload, '$.profileId') = ?")
      .bind(profileId)
      .first<{ n: number }>();
    return row!.n;
  }

  /** The same object with every object's keys in reverse order. */
  const reversed = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(reversed)
      : typeof value === "object" && value !== null
        ? Object.fromEntries(
            Object.entries(value)
              .reverse()
              .map(([k, v]) => [k, reversed(v)]),
          )
        : value;

  it("saving what is stored again, keys in any order, changes nothing: 200 with the stored profile, no event, and it keeps its place in the list", async () => {
    const { key } = await createKey();
    const withExemptions = { ...profile, salary: { ...profile.salary, exemptions10: { "10(5)": 20_000, "10(13A)": 120_000 } } };
    const created = await expectStatus(await save(key, "Salary 2025", { profile: withExemptions }), 201);
    const newer = await expectStatus(await save(key, "Bonus 2025"), 201);

    const again = await expectStatus(await save(key, "Salary 2025", { profile: reversed(withExemptions) }), 200);
    expect(ProfileListItemSchema.parse(again.data)).toEqual(created.data);
    // A row whose inputs an earlier version stored with its keys in another order holds the same profile.
    await env.DB.prepare("UPDATE profiles SET inputs = ? WHERE id = ?")
      .bind(JSON.stringify(reversed(withExemptions)), created.data.id)
      .run();
    expect((await expectStatus(await save(key, "Salary 2025", { profile: withExemptions }), 200)).data).toEqual(created.data);

    expect(await savedEvents(created.data.id)).toBe(1);
    const stored = SavedProfileSchema.parse((await expectStatus(await api(`/api/v1/profiles/${created.data.id}`, key), 200)).data);
    expect(stored.updatedAt).toBe(created.data.updatedAt);
    const listed = ProfileListSchema.parse(await expectStatus(await api("/api/v1/profiles", key), 200));
    expect(listed.data.map((p) => p.id)).toEqual([newer.data.id, created.data.id]);
  });

  it.each([
    ["an input", { profile: { ...profile, taxesPaid: 0 } }],
    ["the label's case, which is what is shown", { label: "salary 2025" }],
    ["the financial year, which changes the summary", { financialYear: "2024-25" }],
  ])("a save that changes %s replaces the profile: 200, a later updatedAt, and one more profile.saved", async (_, change) => {
    const { key } = await createKey();
    const created = await expectStatus(await save(key, "Salary 2025"), 201);
    const changed = await expectStatus(await save(key, "Salary 2025", change), 200);
    expect(changed.data.id).toBe(created.data.id);
    expect(Date.parse(changed.data.updatedAt)).toBeGreaterThan(Date.parse(created.data.updatedAt));
    expect(await savedEvents(created.data.id)).toBe(2);
  });

  it("counts a label's length in the form it is compared in: 100 accented letters sent decomposed (NFD) are one label, the same as sent composed", async () => {
    const { key } = await createKey();
    const composed = "\u00e9".repeat(100);
    const decomposed = "e\u0301".repeat(100);
    const created = await expectStatus(await save(key, decomposed), 201);
    expect(created.data.label).toBe(composed);
    const replaced = await expectStatus(await save(key, composed), 200);
    expect(replaced.data.id).toBe(created.data.id);
    await expectError(await save(key, `${decomposed}e`), 400, "validation_error");
  });

  it("concurrent saves of the same new label end as one profile and one event, never an error", async () => {
    const { key } = await createKey();
    const responses = await Promise.all(Array.from({ length: 8 }, () => save(key, "race")));
    const bodies = await Promise.all(responses.map((r) => r.json<{ data: { id: string } }>()));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(bodies.map((b) => b.data.id)).size).toBe(1);
    // The seven that found the profile saved already changed nothing: one profile.saved between them.
    expect(await savedEvents(bodies[0]!.data.id)).toBe(1);
  });

  it.each([
    [{ label: "" }, "label"],
    [{ label: "x".repeat(101) }, "label"],
    [{ label: "half of a pair \ud83d" }, "label"],
    [{ label: "ok", profile: { ...profile, age: -1 } }, "profile.age"],
    [{ label: "ok", extra: 1 }, "extra"],
  ])("refuses %j naming %s and saves nothing", async (body, field) => {
    const { key } = await createKey();
    const message = await expectError(
      await api("/api/v1/profiles", key, { method: "POST", body: JSON.stringify({ profile, ...body }) }),
      400,
      "validation_error",
    );
    expect(message.startsWith(field)).toBe(true);
    const listed = await expectStatus(await api("/api/v1/profiles", key), 200);
    expect(listed.data).toEqual([]);
  });

  const preJuly2024Transfer = { ...profile, capitalGains: [{ section: "112", gain: 100_000, transferredBefore23July2024: true }] };

  it.each([[{ financialYear: "2025-26" }], [{ financialYear: undefined }]])(
    "refuses a transfer before 23 July 2024 outside FY 2024-25 (%j), as /compute does, and saves nothing",
    async (year) => {
      const { key, email } = await createKey();
      const message = await expectError(await save(key, "old gains", { profile: preJuly2024Transfer, ...year }), 400, "validation_error");
      expect(message).toMatch(/^profile\.capitalGains\[0\]\.transferredBefore23July2024: only FY 2024-25/);
      expect((await expectStatus(await api("/api/v1/profiles", key), 200)).data).toEqual([]);
      const events = await env.DB.prepare("SELECT e.id FROM events e JOIN accounts a ON a.id = e.owner_id WHERE a.email = ?").bind(email).all();
      expect(events.results).toEqual([]);
    },
  );

  it("saves a transfer before 23 July 2024 in FY 2024-25", async () => {
    const { key } = await createKey();
    const { data } = await expectStatus(await save(key, "old gains", { profile: preJuly2024Transfer, financialYear: "2024-25" }), 201);
    expect(data.summary.financialYear).toBe("2024-25");
  });

  it("keeps the dated payments and filing date of a profile, and refuses them without a year or outside it", async () => {
    const { key } = await createKey({ scopes: ["profiles:write", "profiles:read"] });
    const { taxesPaid: _paid, ...rest } = profile;
    const dated = {
      ...rest,
      taxPayments: {
        tdsTcs: 120_000,
        advanceTax: [{ date: "2025-12-15", amount: 20_000 }],
        selfAssessmentTax: [{ date: "2026-07-20", amount: 10_000 }],
      },
      returnFiledOn: "2026-07-20",
    };
    const { data } = await expectStatus(await save(key, "dated", { profile: dated }), 201);
    const stored = SavedProfileSchema.parse((await expectStatus(await api(`/api/v1/profiles/${data.id}`, key), 200)).data);
    expect(stored.summary.computedWithCurrentRules).toBe(true);
    expect(stored.profile).toMatchObject({ taxPayments: dated.taxPayments, returnFiledOn: "2026-07-20" });
    expect(await expectError(await save(key, "no year", { profile: dated, financialYear: undefined }), 400, "validation_error")).toMatch(
      /^financialYear: is required with profile\.taxPayments/,
    );
    expect(await expectError(await save(key, "wrong year", { profile: dated, financialYear: "2024-25" }), 400, "validation_error")).toBe(
      "profile.taxPayments.advanceTax[0].date: must fall in FY 2024-25 (2024-04-01 to 2025-03-31): advance tax is paid during the year; tax paid after it is self-assessment tax",
    );
  });

  it("requires profiles:write", async () => {
    const { key } = await createKey({ scopes: ["profiles:read"] });
    await expectError(await save(key, "x"), 403, "forbidden");
  });
});

describe("GET /api/v1/profiles", () => {
  it("pages newest first and visits every profile exactly once while others are saved and deleted", async () => {
    const { key } = await createKey();
    const original: string[] = [];
    for (let i = 0; i < 12; i++) original.push((await expectStatus(await save(key, `p${i}`), 201)).data.id);
    const doomed = original[3]!;
    const seen = await listAll(key, 5, async (page) => {
      await expectStatus(await save(key, `new-${page}`), 201);
      if (page === 0) await expectStatus(await api(`/api/v1/profiles/${doomed}`, key, { method: "DELETE" }), 200);
    });
    const survivors = original.filter((id) => id !== doomed).reverse();
    expect(seen.filter((id) => survivors.includes(id))).toEqual(survivors);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("a profile re-saved while paging moves to the front: not repeated, not shown later in that walk, first in a new listing", async () => {
    const { key } = await createKey();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await expectStatus(await save(key, `p${i}`), 201)).data.id);
    const seen = await listAll(key, 2, async (page) => {
      if (page !== 0) return;
      await expectStatus(await save(key, "p5", { profile: { ...profile, taxesPaid: 1 } }), 200);
      await expectStatus(await save(key, "p1", { profile: { ...profile, taxesPaid: 1 } }), 200);
    });
    expect(seen).toEqual([ids[5], ids[4], ids[3], ids[2], ids[0]]);
    const fresh = ProfileListSchema.parse(await expectStatus(await api("/api/v1/profiles?limit=2", key), 200));
    expect(fresh.data.map((p) => p.id)).toEqual([ids[1], ids[5]]);
  });

  it("pages 20 by default", async () => {
    const { key } = await createKey();
    for (let i = 0; i < 21; i++) await expectStatus(await save(key, `p${i}`), 201);
    const page = ProfileListSchema.parse(await expectStatus(await api("/api/v1/profiles", key), 200));
    expect(page.data).toHaveLength(20);
    expect(page.nextCursor).not.toBeNull();
  });

  it.each([["0"], ["101"], ["abc"]])("refuses limit=%s", async (limit) => {
    const { key } = await createKey();
    await expectError(await api(`/api/v1/profiles?limit=${limit}`, key), 400, "validation_error");
  });

  it("refuses a tampered cursor and another owner's cursor with 400", async () => {
    const a = await createKey();
    const b = await createKey();
    for (const label of ["one", "two"]) await expectStatus(await save(a.key, label), 201);
    const page = await expectStatus(await api("/api/v1/profiles?limit=1", a.key), 200);
    const cursor: string = page.data && page.nextCursor;
    const tampered = cursor.slice(0, -1) + (cursor.endsWith("a") ? "b" : "a");
    await expectError(await api(`/api/v1/profiles?cursor=${encodeURIComponent(tampered)}`, a.key), 400, "validation_error");
    await expectError(await api(`/api/v1/profiles?cursor=${encodeURIComponent(cursor)}`, b.key), 400, "validation_error");
    await expectError(await api("/api/v1/profiles?cursor=%00%27%20OR%201%3D1", a.key), 400, "validation_error");
  });
  it("a cursor issued before a SESSION_SECRET rotation still pages while the old value is SESSION_SECRET_PREVIOUS, and not after", async () => {
    const list = (bindings: object, key: string, query: string) =>
      fetchWorker(`${TAX}/api/v1/profiles?${query}`, { headers: { Authorization: `Bearer ${key}` } }, bindings);
    const { key } = await createKey();
    const saved: string[] = [];
    for (const label of ["one", "two", "three"]) saved.push((await expectStatus<{ data: { id: string } }>(await save(key, label), 201)).data.id);
    const first = ProfileListSchema.parse(await expectStatus(await api("/api/v1/profiles?limit=1", key), 200));

    const newSecret = "a-new-session-secret-0123456789abcdef";
    const rotating = { ...env, SESSION_SECRET: newSecret, SESSION_SECRET_PREVIOUS: env.SESSION_SECRET };
    const second = ProfileListSchema.parse(
      await expectStatus(await list(rotating, key, `limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`), 200),
    );

    // Once the previous value is removed, the cursor issued during the rotation pages on; the one from before is refused.
    const rotated = { ...env, SESSION_SECRET: newSecret };
    const third = ProfileListSchema.parse(
      await expectStatus(await list(rotated, key, `limit=1&cursor=${encodeURIComponent(second.nextCursor!)}`), 200),
    );
    // The three pages show each saved profile once: paging across the rotation neither skips nor repeats one.
    expect([...first.data, ...second.data, ...third.data].map((p) => p.id).sort()).toEqual([...saved].sort());
    expect(third.nextCursor).toBeNull();
    await expectError(await list(rotated, key, `limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`), 400, "validation_error");
  });

  it("refuses, with 400, the same owner's cursor from the key listing, which is signed with the same secret", async () => {
    const { key, email } = await createKey();
    await createKey({ email });
    for (const label of ["one", "two"]) await expectStatus(await save(key, label), 201);
    const keys = await expectStatus(await admin("GET", `/admin/api/keys?accountEmail=${encodeURIComponent(email)}&limit=1`), 200);
    expect(keys.nextCursor).toEqual(expect.any(String));
    await expectError(await api(`/api/v1/profiles?limit=1&cursor=${encodeURIComponent(keys.nextCursor)}`, key), 400, "validation_error");
  });
});

describe("GET and DELETE /api/v1/profiles/{id}", () => {
  it("another owner's id is 404 on read and delete (never 403), and nothing changes", async () => {
    const owner = await createKey();
    const stranger = await createKey();
    const { data } = await expectStatus(await save(owner.key, "mine"), 201);
    await expectError(await api(`/api/v1/profiles/${data.id}`, stranger.key), 404, "not_found");
    await expectError(await api(`/api/v1/profiles/${data.id}`, stranger.key, { method: "DELETE" }), 404, "not_found");
    await expectStatus(await api(`/api/v1/profiles/${data.id}`, owner.key), 200);
  });

  it.each([["GET"], ["DELETE"]])("%s with an id over 64 characters is a 400 naming id, and the OpenAPI document declares it", async (method) => {
    const { key } = await createKey();
    const message = await expectError(await api(`/api/v1/profiles/prof_${"0".repeat(60)}`, key, { method }), 400, "validation_error");
    expect(message.startsWith("id: ")).toBe(true);
    const document = await (await fetchWorker(`${TAX}/api/v1/openapi.json`)).json<{ paths: Record<string, Record<string, { responses: object }>> }>();
    expect(Object.keys(document.paths["/api/v1/profiles/{id}"]![method.toLowerCase()]!.responses)).toContain("400");
  });

  it("deletes with 200 and the id, records profile.deleted, then a second delete is 404", async () => {
    const { key } = await createKey();
    const { data } = await expectStatus(await save(key, "short-lived"), 201);
    const deleted = await expectStatus(await api(`/api/v1/profiles/${data.id}`, key, { method: "DELETE" }), 200);
    expect(deleted.data).toEqual({ id: data.id, deleted: true });
    await expectError(await api(`/api/v1/profiles/${data.id}`, key, { method: "DELETE" }), 404, "not_found");
    const event = await env.DB.prepare("SELECT payload FROM events WHERE type = 'profile.deleted' AND payload LIKE ?")
      .bind(`%${data.id}%`)
      .first<{ payload: string }>();
    expect(JSON.parse(event!.payload)).toEqual({ profileId: data.id, label: "short-lived" });
  });
});

describe("summaries follow the current tax rules", () => {
  // FY 2025-26, resident aged 30, gross salary ₹15,00,000 and nothing else (tax-rules.md §§1-5):
  // new regime: standard deduction ₹75,000 (§2), TI ₹14,25,000; slabs s.115BAC(1A)(iii) (§1.1): 5 % of 4,00,000 =
  //   20,000, 10 % of 4,00,000 = 40,000, 15 % of 2,25,000 = 33,750, total 93,750; TI is above ₹12,70,588, so no
  //   s.87A rebate or marginal relief (§3); 4 % cess (§5) 3,750: totalTax ₹97,500.
  // old regime: standard deduction ₹50,000 (§2), TI ₹14,50,000; under 60 (§1.2): 1,12,500 + 30 % of 4,50,000 =
  //   2,47,500; no rebate above ₹5,00,000 (§3); 4 % cess 9,900: totalTax ₹2,57,400. The new regime costs less.
  const salaried = { age: 30, residentialStatus: "resident", salary: { grossSalary: 1_500_000 } };
  const salariedSummary = { financialYear: "2025-26", recommendedRegime: "new", totalTax: { old: 257_400, new: 97_500 } };
  /** Figures no release ever gave these inputs: a summary stored by rules since corrected. */
  const staleSummary = { financialYear: "2025-26", recommendedRegime: "old", totalTax: { old: 1, new: 2 } };

  /** Writes a profile row as an earlier release may have stored it, bypassing today's save. */
  async function storeRow(email: string, label: string, inputs: object, summary: object): Promise<string> {
    const account = await env.DB.prepare("SELECT id FROM accounts WHERE email = ?").bind(email).first<{ id: string }>();
    const id = newId("prof");
    await env.DB.prepare(
      "INSERT INTO profiles (id, owner_id, label, label_key, inputs, summary, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    )
      .bind(id, account!.id, label, label.toLowerCase(), JSON.stringify(inputs), JSON.stringify(summary), Date.now(), Date.now())
      .run();
    return id;
  }

  async function read(key: string, id: string) {
    const one = SavedProfileSchema.parse((await expectStatus(await api(`/api/v1/profiles/${id}`, key), 200)).data);
    const listed = ProfileListSchema.parse(await expectStatus(await api("/api/v1/profiles", key), 200)).data.find((p) => p.id === id);
    return { one, listed };
  }

  it("a stored summary the rules have since corrected reads back as the current rules work out its inputs, in GET one and the list", async () => {
    const { key, email } = await createKey();
    const id = await storeRow(email, "salary", salaried, staleSummary);
    const { one, listed } = await read(key, id);
    expect(one.summary).toEqual({ ...salariedSummary, computedWithCurrentRules: true });
    expect(one.profile).toEqual(salaried);
    expect(listed!.summary).toEqual({ ...salariedSummary, computedWithCurrentRules: true });
  });

  it("a profile saved with returnFormFacts, which rows stored before them lack, reads them back with the same summary", async () => {
    const { key } = await createKey();
    const withFacts = { ...salaried, returnFormFacts: { companyDirector: true, heldUnlistedEquityShares: false } };
    const created = await expectStatus(await save(key, "director", { profile: withFacts }), 201);
    const { one, listed } = await read(key, created.data.id);
    expect(one.profile).toEqual(withFacts);
    // The facts choose only the return form, which a summary does not carry: the tax is the salaried profile's.
    expect(one.summary).toEqual({ ...salariedSummary, computedWithCurrentRules: true });
    expect(listed!.summary).toEqual({ ...salariedSummary, computedWithCurrentRules: true });
  });

  it("a profile saved again with other inputs reads back with their summary, not the one read before", async () => {
    const { key } = await createKey();
    const created = await expectStatus(await save(key, "salary", { profile: salaried }), 201);
    expect((await read(key, created.data.id)).listed!.summary).toEqual({ ...salariedSummary, computedWithCurrentRules: true });
    // Gross salary ₹10,00,000, FY 2025-26 (tax-rules.md §§1-5): new regime TI ₹9,25,000, within ₹12,00,000, so the
    // s.87A rebate takes all of its ₹42,500: totalTax 0. Old regime TI ₹9,50,000: 12,500 + 20 % of 4,50,000 =
    // 1,02,500, plus 4 % cess 4,100: ₹1,06,600.
    await expectStatus(await save(key, "salary", { profile: { ...salaried, salary: { grossSalary: 1_000_000 } } }), 200);
    const { one, listed } = await read(key, created.data.id);
    const lower = { financialYear: "2025-26", recommendedRegime: "new", totalTax: { old: 106_600, new: 0 }, computedWithCurrentRules: true };
    expect(one.summary).toEqual(lower);
    expect(listed!.summary).toEqual(lower);
  });

  it("saving the same inputs again after a rules correction stores the new summary and announces it in profile.saved", async () => {
    const { key } = await createKey();
    const created = await expectStatus(await save(key, "salary", { profile: salaried }), 201);
    await env.DB.prepare("UPDATE profiles SET summary = ? WHERE id = ?").bind(JSON.stringify(staleSummary), created.data.id).run();
    const resaved = await expectStatus(await save(key, "salary", { profile: salaried }), 200);
    expect(Date.parse(resaved.data.updatedAt)).toBeGreaterThan(Date.parse(created.data.updatedAt));
    const events = await env.DB.prepare(
      "SELECT payload FROM events WHERE type = 'profile.saved' AND json_extract(payload, '$.profileId') = ? ORDER BY created_at, id",
    )
      .bind(created.data.id)
      .all<{ payload: string }>();
    expect(events.results.map((e) => JSON.parse(e.payload).summary)).toEqual([salariedSummary, salariedSummary]);
    const stored = await env.DB.prepare("SELECT summary FROM profiles WHERE id = ?").bind(created.data.id).first<{ summary: string }>();
    expect(JSON.parse(stored!.summary)).toEqual(salariedSummary);
  });

  it.each([
    ["basic + DA above gross salary", { age: 30, residentialStatus: "resident", salary: { grossSalary: 500_000, basicPlusDA: 900_000 } }],
    ["a field no profile has", { ...salaried, section80C: 150_000 }],
    [
      "a transfer before 23 July 2024 under FY 2025-26",
      { ...salaried, capitalGains: [{ section: "112", gain: 100_000, transferredBefore23July2024: true }] },
    ],
  ])("stored inputs the current validation refuses (%s) keep their stored summary, marked as such, in GET one and the list", async (_, inputs) => {
    const { key, email } = await createKey();
    const refused = await storeRow(email, "refused", inputs, staleSummary);
    const valid = await storeRow(email, "valid", salaried, staleSummary);
    const { one, listed } = await read(key, refused);
    expect(one.summary).toEqual({ ...staleSummary, computedWithCurrentRules: false });
    expect(one.profile).toEqual(inputs);
    expect(listed!.summary).toEqual({ ...staleSummary, computedWithCurrentRules: false });
    expect((await read(key, valid)).listed!.summary).toEqual({ ...salariedSummary, computedWithCurrentRules: true });
  });
});

describe("the list's query plan", () => {
  it("seeks the owner's newest profiles in their index, and a later page from its position, with no sort", async () => {
    const [first, later] = await plansOf(async (db) => {
      await listProfiles(db, "acct_x", 21, null);
      await listProfiles(db, "acct_x", 21, { updatedAt: 1_700_000_000_000, id: "prf_x" });
    });
    expect(first).toMatch(/SEARCH profiles USING (COVERING )?INDEX profiles_owner_updated \(owner_id=\?\)/);
    expect(later).toMatch(/SEARCH profiles USING (COVERING )?INDEX profiles_owner_updated \(owner_id=\? AND \(updated_at,id\)<\(\?,\?\)\)/);
    expect(`${first}\n${later}`).not.toMatch(/TEMP B-TREE|SCAN/);
  });
});
