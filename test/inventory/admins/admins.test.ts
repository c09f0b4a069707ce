// An organisation's admins through the management API: created by the operator (or a fellow admin) they sign in to
// /admin; listed without any password; removed, their sessions end at once and they can no longer sign in. Each
// change is in the organisation's audit log, and no organisation reaches another's admins.
import { env } from "cloudflare:test";
import { fetchWorker } from "../../worker-under-test";
import { describe, expect, it } from "vitest";
import { ADMIN_ADDITIONS } from "../../../src/inventory/admins/create-admin";
import { AdminSchema, RemovedAdminSchema } from "../../../src/inventory/admins/schemas";
import { inventoryDb } from "../../../src/inventory/db/client";
import { insertSession } from "../../../src/inventory/web/queries";
import { admin, asSession, createOrg, expectError, expectStatus, INVENTORY, signIn } from "../helpers";
import { apiAs, browser, page, post, signInWith } from "../web/admin-browser";

const PASSWORD = "spinning-mill-2026";

const newEmail = () => `accounts-${crypto.randomUUID()}@yarns.example`;

async function createAdmin(orgId: string, email = newEmail(), password = PASSWORD) {
  const body = await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/admins`, { email, password }), 201);
  return AdminSchema.strict().parse(body.data);
}

async function adminRows(email: string): Promise<number> {
  return (await env.DB.prepare("SELECT COUNT(*) AS n FROM admin_users WHERE email = ?").bind(email).first<{ n: number }>())!.n;
}

async function auditOf(orgId: string): Promise<Array<{ action: string; key_id: string | null; actor: string; reason: string | null }>> {
  return (await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/audit`), 200)).data;
}

describe("POST /admin/api/orgs/{id}/admins", () => {
  it("creates an admin who signs in to /admin with that email in any letter case; the answer holds no password or hash", async () => {
    const orgId = await createOrg();
    const id = crypto.randomUUID();
    const response = await admin("POST", `/admin/api/orgs/${orgId}/admins`, { email: `Accounts-${id}@Yarns.Example`, password: PASSWORD });
    const text = await response.clone().text();
    const created = AdminSchema.strict().parse((await expectStatus(response, 201)).data);
    expect(created).toMatchObject({ org_id: orgId, email: `accounts-${id}@yarns.example` });
    expect(created.id).toMatch(/^usr_/);
    expect(Date.parse(created.created_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain("pbkdf2");

    // Typed as the operator wrote it, with capitals: sign-in looks the email up in lower case.
    const { b, csrf } = await signInWith(`ACCOUNTS-${id}@yarns.example`, PASSWORD);
    const { html } = await page(b);
    expect(html).toContain(created.email);
    // The session acts on its organisation, and only on it.
    await expectStatus(await apiAs(b, "GET", `/admin/api/orgs/${orgId}`), 200);
    await expectError(await apiAs(b, "GET", `/admin/api/orgs/${await createOrg()}`), 404, "not_found");
    await expectStatus(await apiAs(b, "POST", `/admin/api/orgs/${orgId}/keys`, { access: "read_only" }, csrf), 201);
    // The stored password is a salted hash, never the password.
    const row = await env.DB.prepare("SELECT password_hash FROM admin_users WHERE id = ?").bind(created.id).first<{ password_hash: string }>();
    expect(row!.password_hash).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(row!.password_hash).not.toContain(PASSWORD);
  });

  it("an email that is already an admin's, in this organisation or another and in any letter case, is 409 conflict and writes nothing", async () => {
    const first = await createOrg();
    const second = await createOrg();
    const email = newEmail();
    await createAdmin(first, email);
    for (const [orgId, sent] of [
      [first, email],
      [second, email],
      [second, email.toUpperCase()],
    ] as const) {
      const message = await expectError(
        await admin("POST", `/admin/api/orgs/${orgId}/admins`, { email: sent, password: "another-password-1" }),
        409,
        "conflict",
      );
      expect(message).not.toContain(first);
    }
    expect(await adminRows(email)).toBe(1);
    expect((await auditOf(second)).filter((row) => row.action.startsWith("admin."))).toEqual([]);
    expect((await auditOf(first)).filter((row) => row.action === "admin.created")).toHaveLength(1);
    // The first admin keeps their own password.
    await signInWith(email, PASSWORD);
  });

  describe.each([
    ["a 9-character password", { password: "nine-char" }, "password"],
    ["a 201-character password", { password: "p".repeat(201) }, "password"],
    ["no password", { password: undefined }, "password"],
    ["a password that is not a string", { password: 1234567890 }, "password"],
    ["no email", { email: undefined }, "email"],
    ["an email without a domain", { email: "accounts@" }, "email"],
    ["an email of 255 characters", { email: `${"a".repeat(243)}@yarns.example` }, "email"],
    ["a field the operation does not take", { role: "owner" }, "role"],
  ])("%s", (_, change, field) => {
    it(`is 400 bad_request naming ${field}, and creates nobody`, async () => {
      const orgId = await createOrg();
      const email = newEmail();
      const body = { email, password: PASSWORD, ...change };
      const message = await expectError(await admin("POST", `/admin/api/orgs/${orgId}/admins`, body), 400, "bad_request");
      expect(message).toContain(field);
      expect(await adminRows(email)).toBe(0);
      const listed = await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/admins`), 200);
      expect(listed.data).toEqual([]);
    });
  });

  it("takes passwords of exactly 10 and 200 characters", async () => {
    const orgId = await createOrg();
    for (const password of ["p".repeat(10), "p".repeat(200)]) {
      const created = await createAdmin(orgId, newEmail(), password);
      await signInWith(created.email, password);
    }
  });

  it("an unknown organisation is 404 not_found for every admin operation", async () => {
    const unknown = "org_01jd3k9x2m4n5p6q7r8s9t0v1w";
    await expectError(await admin("POST", `/admin/api/orgs/${unknown}/admins`, { email: newEmail(), password: PASSWORD }), 404, "not_found");
    await expectError(await admin("GET", `/admin/api/orgs/${unknown}/admins`), 404, "not_found");
    await expectError(await admin("DELETE", `/admin/api/orgs/${unknown}/admins/usr_01jd3k9x2m4n5p6q7r8s9t0v1w`), 404, "not_found");
  });

  it("replays an Idempotency-Key retry: one admin, one audit row, the first answer again; the key with another body is 422", async () => {
    const orgId = await createOrg();
    const email = newEmail();
    const idempotencyKey = crypto.randomUUID();
    const send = (body: unknown) =>
      fetchWorker(`${INVENTORY}/admin/api/orgs/${orgId}/admins`, {
        method: "POST",
        headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}`, "Content-Type": "application/json", "Idempotency-Key": idempotencyKey },
        body: JSON.stringify(body),
      });
    const first = await expectStatus(await send({ email, password: PASSWORD }), 201);
    const retry = await send({ email, password: PASSWORD });
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await expectStatus(retry, 201)).toEqual(first);
    await expectError(await send({ email: newEmail(), password: PASSWORD }), 422, "idempotency_key_reused");
    expect(await adminRows(email)).toBe(1);
    expect((await auditOf(orgId)).filter((row) => row.action === "admin.created")).toHaveLength(1);
  });
});

describe("GET /admin/api/orgs/{id}/admins", () => {
  it("lists the organisation's admins newest first, with no password or hash, and none of another organisation", async () => {
    const orgId = await createOrg();
    const other = await createOrg();
    const older = await createAdmin(orgId);
    const newer = await createAdmin(orgId);
    const theirs = await createAdmin(other);
    const response = await admin("GET", `/admin/api/orgs/${orgId}/admins`);
    const text = await response.clone().text();
    const listed = await expectStatus(response, 200);
    expect(listed.data.map((row: unknown) => AdminSchema.strict().parse(row))).toEqual([newer, older]);
    expect([listed.has_more, listed.next_offset]).toEqual([false, null]);
    for (const secret of [PASSWORD, "pbkdf2", "password", theirs.id, theirs.email]) expect(text).not.toContain(secret);

    const first = await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/admins?limit=1`), 200);
    expect([first.data.map((row: { id: string }) => row.id), first.has_more, first.next_offset]).toEqual([[newer.id], true, 1]);
    const second = await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/admins?limit=1&offset=1`), 200);
    expect([second.data.map((row: { id: string }) => row.id), second.has_more, second.next_offset]).toEqual([[older.id], false, null]);
  });
});

describe("DELETE /admin/api/orgs/{id}/admins/{adminId}", () => {
  it("ends the admin's session at once and they can no longer sign in; the email can be given to a new admin", async () => {
    const orgId = await createOrg();
    const removed = await createAdmin(orgId);
    const staying = await createAdmin(orgId);
    const { b } = await signInWith(removed.email, PASSWORD);
    const other = await signInWith(staying.email, PASSWORD);
    await expectStatus(await apiAs(b, "GET", `/admin/api/orgs/${orgId}`), 200);

    const answer = await expectStatus(await admin("DELETE", `/admin/api/orgs/${orgId}/admins/${removed.id}`), 200);
    const { removed_at, ...rest } = RemovedAdminSchema.strict().parse(answer.data);
    expect(rest).toEqual(removed);
    expect(Date.parse(removed_at)).toBeGreaterThanOrEqual(Date.parse(removed.created_at));

    // The very next request with the removed admin's cookie is signed out, on the API and on the page.
    await expectError(await apiAs(b, "GET", `/admin/api/orgs/${orgId}`), 401, "unauthorized");
    expect((await page(b)).html).toContain('action="/admin/signin"');
    const again = await browser();
    const refused = await post(again, "/admin/signin", { email: removed.email, password: PASSWORD, csrf: again.formToken });
    expect(refused.status).toBe(401);
    expect(again.cookies.has("__Host-inv_session")).toBe(false);
    const sessions = await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?").bind(removed.id).first<{ n: number }>();
    expect(sessions!.n).toBe(0);
    // The other admin's session goes on.
    await expectStatus(await apiAs(other.b, "GET", `/admin/api/orgs/${orgId}`), 200);
    const listed = await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/admins`), 200);
    expect(listed.data.map((row: { id: string }) => row.id)).toEqual([staying.id]);

    // Sent again, it is a 404 and changes nothing; the email is free for a new admin.
    await expectError(await admin("DELETE", `/admin/api/orgs/${orgId}/admins/${removed.id}`), 404, "not_found");
    const returning = await createAdmin(orgId, removed.email, "a-new-password-2026");
    expect(returning.id).not.toBe(removed.id);
    await signInWith(removed.email, "a-new-password-2026");
  });

  it("an admin removed after their password was checked gets no session: the sign-in's insert finds them gone", async () => {
    // The race of a sign-in and a removal: the sign-in has matched the password and now starts the session, but the
    // removal's batch has run in between. The insert writes nothing, so the page answers a failed sign-in, not a 500.
    const orgId = await createOrg();
    const removed = await createAdmin(orgId);
    const checked = await env.DB.prepare("SELECT password_hash AS hash FROM admin_users WHERE id = ?").bind(removed.id).first<{ hash: string }>();
    await expectStatus(await admin("DELETE", `/admin/api/orgs/${orgId}/admins/${removed.id}`), 200);
    const now = Date.now();
    const started = await insertSession(
      inventoryDb(env.DB),
      {
        id: `sess_${crypto.randomUUID()}`,
        userId: removed.id,
        orgId,
        tokenHash: crypto.randomUUID(),
        csrfToken: crypto.randomUUID(),
        createdAt: now,
        expiresAt: now + 3_600_000,
      },
      checked!.hash,
    );
    expect(started).toBe(false);
    const sessions = await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?").bind(removed.id).first<{ n: number }>();
    expect(sessions!.n).toBe(0);
  });

  it("another organisation's admin is 404 for the operator under this organisation and for this organisation's admin; theirs is untouched", async () => {
    const orgId = await createOrg();
    const other = await createOrg();
    const theirs = await createAdmin(other);
    const session = await signIn(orgId);
    const unknown = await asSession(session, "DELETE", `/admin/api/orgs/${orgId}/admins/usr_01jd3k9x2m4n5p6q7r8s9t0v1w`);
    const unknownBody = await expectStatus(unknown, 404);
    const asTheirs = await expectStatus(await asSession(session, "DELETE", `/admin/api/orgs/${orgId}/admins/${theirs.id}`), 404);
    expect(asTheirs).toEqual(unknownBody);
    await expectError(await asSession(session, "DELETE", `/admin/api/orgs/${other}/admins/${theirs.id}`), 404, "not_found");
    await expectError(await admin("DELETE", `/admin/api/orgs/${orgId}/admins/${theirs.id}`), 404, "not_found");
    expect(await adminRows(theirs.email)).toBe(1);
    await signInWith(theirs.email, PASSWORD);
  });
});

describe("an organisation's admin manages the organisation's admins", () => {
  it("creates, lists and removes fellow admins of their own organisation, audited under their email, never another's", async () => {
    const orgId = await createOrg();
    const other = await createOrg();
    const session = await signIn(orgId);
    const email = newEmail();
    await expectError(
      await asSession(session, "POST", `/admin/api/orgs/${orgId}/admins`, { email, password: PASSWORD }, { csrf: false }),
      403,
      "forbidden",
    );
    await expectError(await asSession(session, "POST", `/admin/api/orgs/${other}/admins`, { email, password: PASSWORD }), 404, "not_found");
    await expectError(await asSession(session, "GET", `/admin/api/orgs/${other}/admins`), 404, "not_found");
    expect(await adminRows(email)).toBe(0);

    const created = AdminSchema.strict().parse(
      (await expectStatus(await asSession(session, "POST", `/admin/api/orgs/${orgId}/admins`, { email, password: PASSWORD }), 201)).data,
    );
    const listed = await expectStatus(await asSession(session, "GET", `/admin/api/orgs/${orgId}/admins`), 200);
    expect(listed.data.map((row: { email: string }) => row.email)).toEqual([email, session.email]);
    await signInWith(email, PASSWORD);
    await expectStatus(await asSession(session, "DELETE", `/admin/api/orgs/${orgId}/admins/${created.id}`), 200);

    const audit = (await auditOf(orgId)).filter((row) => row.action.startsWith("admin."));
    expect(audit).toEqual([
      { action: "admin.removed", key_id: null, actor: session.email, reason: email, at: expect.any(String) },
      { action: "admin.created", key_id: null, actor: session.email, reason: email, at: expect.any(String) },
    ]);
  });

  it("may try to add 20 admins in 24 hours, tries refused as taken included (invalid bodies not); the 21st is 429 with Retry-After and creates nobody, while the operator and other organisations go on", async () => {
    const orgId = await createOrg();
    const session = await signIn(orgId);
    const elsewhere = await createAdmin(await createOrg());
    // A body refused as invalid learns nothing and is not counted.
    for (let attempt = 0; attempt < 3; attempt++) {
      await expectError(
        await asSession(session, "POST", `/admin/api/orgs/${orgId}/admins`, { email: newEmail(), password: "short" }),
        400,
        "bad_request",
      );
    }
    // Tries that only learn an email is taken count: they are what the limit bounds.
    for (let attempt = 0; attempt < ADMIN_ADDITIONS.limit - 1; attempt++) {
      await expectError(
        await asSession(session, "POST", `/admin/api/orgs/${orgId}/admins`, { email: elsewhere.email, password: PASSWORD }),
        409,
        "conflict",
      );
    }
    await expectStatus(await asSession(session, "POST", `/admin/api/orgs/${orgId}/admins`, { email: newEmail(), password: PASSWORD }), 201);

    const email = newEmail();
    const refused = await asSession(session, "POST", `/admin/api/orgs/${orgId}/admins`, { email, password: PASSWORD });
    await expectError(refused.clone(), 429, "rate_limited");
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(23 * 60 * 60);
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    expect(await adminRows(email)).toBe(0);

    await createAdmin(orgId, email);
    const otherOrg = await createOrg();
    await expectStatus(
      await asSession(await signIn(otherOrg), "POST", `/admin/api/orgs/${otherOrg}/admins`, { email: newEmail(), password: PASSWORD }),
      201,
    );
  }, 120_000);

  it("cannot remove the organisation's last admin (409, nothing changed); with another admin they may remove themselves; the operator may remove the last", async () => {
    const orgId = await createOrg();
    const session = await signIn(orgId);
    await expectError(await asSession(session, "DELETE", `/admin/api/orgs/${orgId}/admins/${session.userId}`), 409, "conflict");
    await expectStatus(await asSession(session, "GET", `/admin/api/orgs/${orgId}`), 200);

    const colleague = await createAdmin(orgId);
    await expectStatus(await asSession(session, "DELETE", `/admin/api/orgs/${orgId}/admins/${session.userId}`), 200);
    await expectError(await asSession(session, "GET", `/admin/api/orgs/${orgId}`), 401, "unauthorized");

    await expectStatus(await admin("DELETE", `/admin/api/orgs/${orgId}/admins/${colleague.id}`), 200);
    const listed = await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/admins`), 200);
    expect(listed.data).toEqual([]);
  });
});

describe("the audit log", () => {
  it("records the operator creating and removing an admin, with the admin's email, newest first", async () => {
    const orgId = await createOrg();
    const created = await createAdmin(orgId);
    await expectStatus(await admin("DELETE", `/admin/api/orgs/${orgId}/admins/${created.id}`), 200);
    const audit = await auditOf(orgId);
    expect(audit.slice(0, 3).map(({ action, key_id, actor, reason }) => ({ action, key_id, actor, reason }))).toEqual([
      { action: "admin.removed", key_id: null, actor: "operator", reason: created.email },
      { action: "admin.created", key_id: null, actor: "operator", reason: created.email },
      { action: "org.created", key_id: null, actor: "operator", reason: null },
    ]);
  });
});
