// The admin area's change-password form: the cases both services share (test/change-password.ts), and what only the
// inventory keeps: the audit log records the change, and the organisation's other admins stay signed in.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type ChangePasswordDriver, changeFields, changePasswordCases, PASSWORD, signedIn } from "../../change-password";
import { admin, createOrg, expectStatus, INVENTORY } from "../helpers";
import { type Browser, browser, page, post } from "./admin-browser";

/** A new admin of `orgId` (a new organisation when absent), created by the operator as in production. */
async function createAdmin(password: string, orgId?: string): Promise<{ email: string; orgId: string }> {
  const org = orgId ?? (await createOrg());
  const email = `admin-${crypto.randomUUID()}@example.com`;
  await expectStatus(await admin("POST", `/admin/api/orgs/${org}/admins`, { email, password }), 201);
  return { email, orgId: org };
}

const adminPasswords: ChangePasswordDriver<Browser> = {
  holder: "admin",
  origin: INVENTORY,
  home: "/admin",
  action: "/admin/password",
  sessionCookie: "__Host-inv_session",
  create: async (password) => (await createAdmin(password)).email,
  browser,
  post,
  signIn: (b, email, password) => post(b, "/admin/signin", { email, password, csrf: b.formToken }),
  page: async (b) => (await page(b)).html,
  // The header names the admin and their organisation.
  signedInAs: (email) => `${email} · Mill `,
  async storedHash(email) {
    const row = await env.DB.prepare("SELECT password_hash FROM admin_users WHERE email = ?").bind(email).first<{ password_hash: string }>();
    expect(row).not.toBeNull();
    return row!.password_hash;
  },
  async sessions(email) {
    const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions s JOIN admin_users u ON u.id = s.user_id WHERE u.email = ?")
      .bind(email)
      .first<{ n: number }>();
    return row!.n;
  },
  async sessionEnds(email) {
    const rows = await env.DB.prepare("SELECT s.expires_at AS endsAt FROM sessions s JOIN admin_users u ON u.id = s.user_id WHERE u.email = ?")
      .bind(email)
      .all<{ endsAt: number }>();
    return rows.results.map((row) => row.endsAt);
  },
  async endSessionsAt(email, atMs) {
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE user_id = (SELECT id FROM admin_users WHERE email = ?)").bind(atMs, email).run();
  },
};

const NEW_PASSWORD = "the admin's new passphrase";

describe("changing the password in the admin area", () => {
  changePasswordCases(adminPasswords);

  it("records admin.password_changed by the admin, without a reason, in the organisation's audit log and on the page; a refused change records nothing", async () => {
    const { email, orgId } = await createAdmin(PASSWORD);
    const { b, csrf } = await signedIn(adminPasswords, email);
    const audit = async () =>
      (await expectStatus<{ data: Array<{ action: string }> }>(await admin("GET", `/admin/api/orgs/${orgId}/audit`), 200)).data.filter(
        (entry) => entry.action === "admin.password_changed",
      );

    expect((await post(b, "/admin/password", changeFields(csrf, "not the password", NEW_PASSWORD))).status).toBe(401);
    expect((await post(b, "/admin/password", changeFields(csrf, PASSWORD, NEW_PASSWORD, "a different one"))).status).toBe(400);
    expect(await audit()).toEqual([]);

    expect((await post(b, "/admin/password", changeFields(csrf, PASSWORD, NEW_PASSWORD))).status).toBe(200);
    expect(await audit()).toEqual([{ action: "admin.password_changed", key_id: null, actor: email, reason: null, at: expect.any(String) }]);
    const newest = (await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/audit?limit=1`), 200)).data[0];
    expect(newest.action).toBe("admin.password_changed");

    const card = /<section class="card" id="audit"[\s\S]*?<\/section>/.exec((await page(b)).html)![0];
    expect(card).toContain("<code>admin.password_changed</code>");
    expect(card).toContain(`<td data-label="By">${email}</td>`);
  });

  it("the organisation's other admins stay signed in; only the admin's own other sessions end", async () => {
    const { email, orgId } = await createAdmin(PASSWORD);
    const colleague = await createAdmin(PASSWORD, orgId);
    const { b, csrf } = await signedIn(adminPasswords, email);
    const own = await signedIn(adminPasswords, email);
    const theirs = await signedIn(adminPasswords, colleague.email);
    const colleagueHash = await adminPasswords.storedHash(colleague.email);

    expect((await post(b, "/admin/password", changeFields(csrf, PASSWORD, NEW_PASSWORD))).status).toBe(200);
    expect((await page(own.b)).html).not.toContain(email);
    expect((await page(theirs.b)).html).toContain(adminPasswords.signedInAs(colleague.email));
    expect(await adminPasswords.sessions(colleague.email)).toBe(1);
    expect(await adminPasswords.storedHash(colleague.email)).toBe(colleagueHash);
  });

  it("another organisation's audit log gets no row", async () => {
    const { email } = await createAdmin(PASSWORD);
    const other = await createAdmin(PASSWORD);
    const { b, csrf } = await signedIn(adminPasswords, email);
    expect((await post(b, "/admin/password", changeFields(csrf, PASSWORD, NEW_PASSWORD))).status).toBe(200);
    const theirs = await expectStatus<{ data: Array<{ action: string }> }>(await admin("GET", `/admin/api/orgs/${other.orgId}/audit`), 200);
    expect(theirs.data.map((entry) => entry.action)).not.toContain("admin.password_changed");
  });
});
