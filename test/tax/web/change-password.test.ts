// The tax page's change-password form: the cases both services share (test/change-password.ts), through the tax
// page's sign-up, sign-in and form posts.
import { env } from "cloudflare:test";
import { describe, expect } from "vitest";
import { type ChangePasswordDriver, changePasswordCases, PASSWORD } from "../../change-password";
import { admin, expectStatus, randomEmail, TAX } from "../helpers";
import { type Browser, browser, page, post, SESSION } from "./tax-browser";

const taxPasswords: ChangePasswordDriver<Browser> = {
  holder: "account",
  origin: TAX,
  home: "/",
  action: "/auth/password",
  sessionCookie: SESSION,
  async create(password = PASSWORD) {
    const email = randomEmail();
    await expectStatus(await admin("POST", "/admin/api/accounts", { email, password }), 201);
    return email;
  },
  browser: () => browser(),
  post,
  signIn: (b, email, password) => post(b, "/auth/signin", { email, password, csrf: b.formToken }),
  page: async (b) => (await page(b)).html,
  signedInAs: (email) => `Signed in as ${email}`,
  async storedHash(email) {
    const row = await env.DB.prepare("SELECT password_hash FROM accounts WHERE email = ?").bind(email).first<{ password_hash: string }>();
    expect(row).not.toBeNull();
    return row!.password_hash;
  },
  async sessions(email) {
    const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE a.email = ?")
      .bind(email)
      .first<{ n: number }>();
    return row!.n;
  },
  async sessionEnds(email) {
    const rows = await env.DB.prepare("SELECT s.expires_at AS endsAt FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE a.email = ?")
      .bind(email)
      .all<{ endsAt: number }>();
    return rows.results.map((row) => row.endsAt);
  },
  async endSessionsAt(email, atMs) {
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE account_id = (SELECT id FROM accounts WHERE email = ?)").bind(atMs, email).run();
  },
};

describe("changing the password on the tax page", () => {
  changePasswordCases(taxPasswords);
});
