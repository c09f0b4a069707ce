// The Admins card of the inventory admin area: the organisation's admins (never another organisation's) with the
// signed-in one marked, each with a Remove form the page script sends after a confirmation, the add form with the
// API's password rules, and older admins behind "Older admins".
import { env } from "cloudflare:test";
import { fetchWorker } from "../../worker-under-test";
import { describe, expect, it } from "vitest";
import { AdminSchema } from "../../../src/inventory/admins/schemas";
import { hashPassword } from "../../../src/platform/auth/password";
import { PAGE_CSP } from "../../../src/platform/ui/headers";
import { admin, createOrg, expectError, expectStatus, INVENTORY } from "../helpers";
import { apiAs, type Browser, cookieHeader, page, signInWith } from "./admin-browser";

const PASSWORD = "spinning-mill-2026";

const newEmail = () => `accounts-${crypto.randomUUID()}@yarns.example`;

/** An admin created by the operator, as the API lists it. */
async function createAdmin(orgId: string, email = newEmail()) {
  const body = await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/admins`, { email, password: PASSWORD }), 201);
  return AdminSchema.strict().parse(body.data);
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}(?:="([^"]*)")?[\\s>/]`).exec(tag);
  return match ? (match[1] ?? "") : null;
}

/** The Admins card of a page's HTML. */
function card(html: string): string {
  const match = /<section class="card" id="admins"[\s\S]*?<\/section>/.exec(html);
  expect(match, html).not.toBeNull();
  return match![0];
}

/** The card's rows as a reader sees them: email, created, "you", and what its Remove form sends. */
function rows(html: string) {
  return [...card(html).matchAll(/<tr data-admin-id="([^"]+)">([\s\S]*?)<\/tr>/g)].map(([, id, row]) => {
    const email = /<td data-label="Email">([^<]*)(<span class="state">you<\/span>)?<\/td>/.exec(row!);
    const form = /<form[^>]*>/.exec(row!)![0];
    return {
      id: id!,
      email: email![1]!.trim(),
      you: email![2] !== undefined,
      created: /<td data-label="Created"><time datetime="([^"]+)"/.exec(row!)![1],
      remove: {
        api: attribute(form, "data-api"),
        method: attribute(form, "data-method"),
        confirm: attribute(form, "data-confirm"),
        reload: attribute(form, "data-reload") !== null,
      },
      button: /<button type="submit" class="danger">([\s\S]*?)<\/button>/.exec(row!)![1]!.replace(/<[^>]+>/g, ""),
    };
  });
}

async function pageAt(b: Browser, pathAndQuery: string): Promise<string> {
  const response = await fetchWorker(`${INVENTORY}${pathAndQuery}`, { headers: { Cookie: cookieHeader(b) } });
  const html = await response.text();
  expect(response.status, html).toBe(200);
  return html;
}

describe("the Admins card", () => {
  it("lists the organisation's admins newest first with when each was created, marks the signed-in one, and never another organisation's", async () => {
    const orgId = await createOrg();
    const otherOrg = await createOrg();
    const first = await createAdmin(orgId);
    const me = await createAdmin(orgId);
    const newest = await createAdmin(orgId);
    const theirs = await createAdmin(otherOrg);
    const { b } = await signInWith(me.email, PASSWORD);

    const { response, html } = await page(b);
    expect(response.headers.get("Content-Security-Policy")).toBe(PAGE_CSP);
    expect(html).not.toMatch(/<script>|\sstyle=|<style|\son[a-z]+=/);
    expect(rows(html).map(({ id, email, you, created }) => ({ id, email, you, created }))).toEqual(
      [newest, me, first].map((a) => ({ id: a.id, email: a.email, you: a.id === me.id, created: a.created_at })),
    );
    expect(html).not.toContain(theirs.email);
    expect(html).not.toContain(theirs.id);
    expect(html).not.toContain(otherOrg);

    // Each Remove is a DELETE of that admin, asked about first; removing yourself loads the page again (signed out).
    for (const row of rows(html)) {
      expect(row.remove.api).toBe(`/admin/api/orgs/${orgId}/admins/${row.id}`);
      expect(row.remove.method).toBe("DELETE");
      expect(row.remove.confirm).toContain(row.email);
      expect(row.remove.reload).toBe(row.you);
      expect(row.button).toBe(row.you ? "Remove yourself" : `Remove ${row.email}`);
    }
    // On a phone each row is a stacked card: every cell carries its column's name.
    const cells = card(html).match(/<td[\s>]/g)!;
    expect(card(html).match(/<td data-label="[^"]+">/g)).toHaveLength(cells.length);
  });

  it("the add form sends an email and a password of 10 to 200 characters, each labelled, the password as a new one", async () => {
    const orgId = await createOrg();
    const me = await createAdmin(orgId);
    const { b } = await signInWith(me.email, PASSWORD);
    const html = card((await page(b)).html);
    const form = /<form[^>]*aria-labelledby="add-admin-title"[^>]*>([\s\S]*?)<\/form>/.exec(html)!;
    expect(attribute(form[0], "data-api")).toBe(`/admin/api/orgs/${orgId}/admins`);
    expect(attribute(form[0], "data-method")).toBeNull();
    const inputs = [...form[1]!.matchAll(/<input[^>]*>/g)].map(([tag]) => tag);
    const field = (name: string) => inputs.find((tag) => attribute(tag, "name") === name)!;
    expect(inputs).toHaveLength(2);
    for (const name of ["email", "password"]) {
      const id = attribute(field(name), "id")!;
      expect(form[1]).toMatch(new RegExp(`<label for="${id}">[^<]+</label>`));
      expect(attribute(field(name), "required")).not.toBeNull();
    }
    expect(attribute(field("email"), "type")).toBe("email");
    expect(attribute(field("password"), "type")).toBe("password");
    expect(attribute(field("password"), "autocomplete")).toBe("new-password");
    expect([attribute(field("password"), "minlength"), attribute(field("password"), "maxlength")]).toEqual(["10", "200"]);
  });

  it.each([
    [9, 400],
    [10, 201],
    [200, 201],
    [201, 400],
  ])("a password of %i characters, sent as the add form sends it, is answered %i: the form's bounds are the API's", async (length, status) => {
    const orgId = await createOrg();
    const me = await createAdmin(orgId);
    const { b, csrf } = await signInWith(me.email, PASSWORD);
    const email = newEmail();
    const response = await apiAs(b, "POST", `/admin/api/orgs/${orgId}/admins`, { email, password: "p".repeat(length) }, csrf);
    if (status === 400) await expectError(response, 400, "bad_request");
    else await expectStatus(response, 201);
    expect(rows((await page(b)).html).some((row) => row.email === email)).toBe(status === 201);
  });

  it("an admin added and removed with the calls the page makes joins and leaves the card, both in the audit log; the last admin stays", async () => {
    const orgId = await createOrg();
    const me = await createAdmin(orgId);
    const { b, csrf } = await signInWith(me.email, PASSWORD);
    const email = newEmail();
    const added = AdminSchema.parse(
      (await expectStatus(await apiAs(b, "POST", `/admin/api/orgs/${orgId}/admins`, { email, password: PASSWORD }, csrf), 201)).data,
    );
    let html = (await page(b)).html;
    expect(rows(html).map((row) => row.email)).toEqual([email, me.email]);

    const remove = rows(html).find((row) => row.id === added.id)!.remove;
    await expectStatus(await apiAs(b, remove.method!, remove.api!, undefined, csrf), 200);
    html = (await page(b)).html;
    expect(rows(html).map((row) => row.email)).toEqual([me.email]);
    // The audit log's action, by whom and the reason (the admin's email), newest first.
    const audit = [.../<section class="card" id="audit"[\s\S]*?<\/section>/.exec(html)![0].matchAll(/<tr>([\s\S]*?)<\/tr>/g)]
      .map(([, row]) => [...row!.matchAll(/<td data-label="[^"]+">([\s\S]*?)<\/td>/g)].map(([, cell]) => cell!.replace(/<[^>]+>/g, "")))
      .filter((cells) => cells.length > 0)
      .map(([, action, , by, reason]) => [action, by, reason]);
    expect(audit.slice(0, 2)).toEqual([
      ["admin.removed", me.email, email],
      ["admin.created", me.email, email],
    ]);

    // Alone, the signed-in admin's own Remove is refused (the page shows the API's message) and they stay signed in.
    const own = rows(html).find((row) => row.you)!.remove;
    await expectError(await apiAs(b, own.method!, own.api!, undefined, csrf), 409, "conflict");
    expect(rows((await page(b)).html)).toMatchObject([{ id: me.id, you: true }]);
  });

  it("shows 50 admins a page, newest first, the rest behind Older admins; each link keeps the other cards' parameters", async () => {
    const orgId = await createOrg();
    const passwordHash = await hashPassword(PASSWORD);
    const now = Date.now();
    const older = Array.from({ length: 55 }, (_, i) => ({
      id: `usr_page${String(i).padStart(2, "0")}${crypto.randomUUID().slice(0, 8)}`,
      createdAt: now - 60_000 - i,
    }));
    await env.DB.batch(
      older.map((a) =>
        env.DB.prepare("INSERT INTO admin_users (id, org_id, email, password_hash, created_at) VALUES (?, ?, ?, ?, ?)").bind(
          a.id,
          orgId,
          newEmail(),
          passwordHash,
          a.createdAt,
        ),
      ),
    );
    const me = await createAdmin(orgId);
    const { b } = await signInWith(me.email, PASSWORD);

    const firstPage = await pageAt(b, "/admin?event_type=customer.created");
    expect(rows(firstPage).map((row) => row.id)).toEqual([me.id, ...older.slice(0, 49).map((a) => a.id)]);
    expect(card(firstPage)).not.toContain("Newest admins");
    const olderLink = /<a href="([^"]+)">Older admins<\/a>/.exec(card(firstPage))![1]!.replace(/&amp;/g, "&");
    const params = (link: string) => Object.fromEntries(new URL(link, INVENTORY).searchParams);
    expect(params(olderLink)).toEqual({ event_type: "customer.created", admins: "50" });
    expect(new URL(olderLink, INVENTORY).hash).toBe("#admins");

    const secondPage = await pageAt(b, olderLink.replace(/#.*/, ""));
    expect(rows(secondPage).map((row) => row.id)).toEqual(older.slice(49).map((a) => a.id));
    expect(card(secondPage)).not.toContain("Older admins");
    expect(/<a href="([^"]+)">Newest admins<\/a>/.exec(card(secondPage))![1]!.replace(/&amp;/g, "&")).toBe(
      "/admin?event_type=customer.created#admins",
    );
    // The Events card's filter keeps the page of admins shown.
    const filter = /<form method="get" action="\/admin#events" class="filter">([\s\S]*?)<\/form>/.exec(secondPage)![1]!;
    expect(filter).toMatch(/<input type="hidden" name="admins" value="50"\/?>/);
  });

  it("an offset that is not a number shows the newest admins", async () => {
    const orgId = await createOrg();
    const me = await createAdmin(orgId);
    const { b } = await signInWith(me.email, PASSWORD);
    const html = await pageAt(b, "/admin?admins=abc");
    expect(rows(html).map((row) => row.id)).toEqual([me.id]);
    expect(card(html)).not.toContain("Newest admins");
  });
});
