// What both services' change-password forms promise (src/platform/auth/change-password.ts), run against each through
// a small driver: each service's test file calls `changePasswordCases` inside its own describe and keeps its own cases
// beside it.
import { env } from "cloudflare:test";
import { writesAfter } from "./d1-race";
import { setCookies } from "./web-session";
import { fetchWorker } from "./worker-under-test";
import { expect, it } from "vitest";

export const PASSWORD = "correct horse battery";
const NEW_PASSWORD = "a new passphrase for 2026";

/** A test's browser as far as these cases need it: its cookie jar and the sign-in form's double-submit token. */
export interface PasswordBrowser {
  cookies: Map<string, string>;
  formToken: string;
  /** The Worker's bindings for this browser's requests, when not the test's own. */
  bindings?: object;
}

/** How one service's tests sign in and post forms; every post keeps the browser's session and device cookies. */
export interface ChangePasswordDriver<B extends PasswordBrowser> {
  /** Whose password changes, as the test names say it: "account" or "admin". */
  holder: string;
  /** The service's origin in these tests. */
  origin: string;
  /** The signed-in page's path, where a browser without a session is sent. */
  home: string;
  /** Where the change-password form posts. */
  action: string;
  /** The session cookie's name. */
  sessionCookie: string;
  /** A new account or admin that signs in with `password`; its email. */
  create(password: string): Promise<string>;
  /** A fresh browser from a client address of its own, with the sign-in form's token and no other cookie. */
  browser(): Promise<B>;
  /** A form post from the page at `path`, from this site unless `headers` say otherwise. */
  post(b: B, path: string, fields: Record<string, string>, headers?: Record<string, string>): Promise<Response>;
  /** Posts the sign-in form. */
  signIn(b: B, email: string, password: string): Promise<Response>;
  /** The page the browser's cookies open. */
  page(b: B): Promise<string>;
  /** Text the page shows the user `email` signed in, and no one else. */
  signedInAs(email: string): string;
  /** The password hash stored for `email`. */
  storedHash(email: string): Promise<string>;
  /** How many sessions `email` has. */
  sessions(email: string): Promise<number>;
  /** When each session of `email` ends (ms). */
  sessionEnds(email: string): Promise<number[]>;
  /** Moves the end of every session of `email` to `atMs`, as if it had been signed in earlier. */
  endSessionsAt(email: string, atMs: number): Promise<void>;
}

const csrfOf = (html: string) => /<meta name="csrf-token" content="([^"]+)"/.exec(html)![1]!;

/** Signs `email` in through the form in a new browser; the session's CSRF token comes from the page it lands on. */
export async function signedIn<B extends PasswordBrowser>(
  d: ChangePasswordDriver<B>,
  email: string,
  password = PASSWORD,
): Promise<{ b: B; csrf: string }> {
  const b = await d.browser();
  const response = await d.signIn(b, email, password);
  expect(response.status, await response.clone().text()).toBe(303);
  const html = await d.page(b);
  expect(html).toContain(d.signedInAs(email));
  return { b, csrf: csrfOf(html) };
}

/** The change-password form's fields: the current password, and the new one with its confirmation. */
export function changeFields(csrf: string, current: string, next: string, confirm = next): Record<string, string> {
  return { csrf, current_password: current, new_password: next, confirm_password: confirm };
}

/** Whether a fresh browser signs in to `email` with `password`: 303 when it does, 401 when it does not. */
async function signInStatus<B extends PasswordBrowser>(d: ChangePasswordDriver<B>, email: string, password: string): Promise<number> {
  return (await d.signIn(await d.browser(), email, password)).status;
}

/** The message of a page that refused the form. */
async function errorOf(response: Response): Promise<string> {
  return /<p class="error" role="alert">([^<]*)<\/p>/.exec(await response.text())?.[1] ?? "";
}

/** The change-password cases every service's signed-in page keeps; call inside the service's describe. */
export function changePasswordCases<B extends PasswordBrowser>(d: ChangePasswordDriver<B>): void {
  /** A person signed in twice: in `b` (where the tests change the password) and in `elsewhere`. */
  async function twice() {
    const email = await d.create(PASSWORD);
    const { b, csrf } = await signedIn(d, email);
    const elsewhere = await signedIn(d, email);
    return { email, b, csrf, elsewhere: elsewhere.b, hash: await d.storedHash(email) };
  }

  /** Nothing changed: the same hash, both sessions alive, the old password still signs in. */
  async function unchanged(person: Awaited<ReturnType<typeof twice>>) {
    expect(await d.storedHash(person.email)).toBe(person.hash);
    expect(await d.page(person.b)).toContain(d.signedInAs(person.email));
    expect(await d.page(person.elsewhere)).toContain(d.signedInAs(person.email));
    expect(await d.sessions(person.email)).toBe(2);
  }

  it("the signed-in page has the form: current password, new password and its confirmation, with the session's CSRF token", async () => {
    const email = await d.create(PASSWORD);
    const { b, csrf } = await signedIn(d, email);
    const html = await d.page(b);
    const form = new RegExp(`<form method="post" action="${d.action}">[\\s\\S]*?</form>`).exec(html)?.[0] ?? "";
    expect(form).toContain(`<input type="hidden" name="csrf" value="${csrf}"/>`);
    expect(form).toMatch(/<input id="current-password" name="current_password" type="password" autocomplete="current-password" required=""/);
    expect(form).toMatch(
      /<input id="new-password" name="new_password" type="password" autocomplete="new-password" required="" minlength="10" maxlength="200"/,
    );
    expect(form).toMatch(
      /<input id="confirm-password" name="confirm_password" type="password" autocomplete="new-password" required="" minlength="10" maxlength="200"/,
    );
    expect(form).toContain('<label for="confirm-password">');
  });

  it(`with the right current password: the new password signs in and the old one does not; the ${d.holder}'s other session ends, this one stays under a new token`, async () => {
    const person = await twice();
    // A copy of this browser's cookie, as a thief who took the session (not the password) would hold it.
    const oldToken = person.b.cookies.get(d.sessionCookie)!;
    const copy = await d.browser();
    copy.cookies.set(d.sessionCookie, oldToken);
    const response = await d.post(person.b, d.action, changeFields(person.csrf, PASSWORD, NEW_PASSWORD));
    const html = await response.text();
    expect(response.status, html).toBe(200);
    expect(html).toContain("Your password has been changed. You have been signed out everywhere else; this browser stays signed in.");

    expect(await d.storedHash(person.email)).not.toBe(person.hash);
    expect(await d.storedHash(person.email)).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(await d.page(person.b)).toContain(d.signedInAs(person.email));
    const signedOut = await d.page(person.elsewhere);
    expect(signedOut).not.toContain(d.signedInAs(person.email));
    expect(signedOut).toContain('autocomplete="current-password"');
    expect(await d.sessions(person.email)).toBe(1);
    // This browser was given a new session token with the change; the copy of the old one no longer signs in.
    expect(person.b.cookies.get(d.sessionCookie)).not.toBe(oldToken);
    expect(await d.page(copy)).not.toContain(d.signedInAs(person.email));

    expect(await signInStatus(d, person.email, PASSWORD)).toBe(401);
    expect(await signInStatus(d, person.email, NEW_PASSWORD)).toBe(303);
    // The session that stayed can change it again, with the password it now has.
    const csrf = csrfOf(await d.page(person.b));
    expect((await d.post(person.b, d.action, changeFields(csrf, NEW_PASSWORD, PASSWORD))).status).toBe(200);
    expect(await signInStatus(d, person.email, PASSWORD)).toBe(303);
  });

  // A session ends 12 hours after sign-in whatever happens in them: one signed in 11 hours ago keeps its last hour,
  // in its row and in the new token's cookie, rather than 12 more.
  it("the session keeps its end: the new token ends when the old one would have", async () => {
    const email = await d.create(PASSWORD);
    const { b, csrf } = await signedIn(d, email);
    const oneHourLeft = Date.now() + 3_600_000;
    await d.endSessionsAt(email, oneHourLeft);
    const response = await d.post(b, d.action, changeFields(csrf, PASSWORD, NEW_PASSWORD));
    expect(response.status, await response.text()).toBe(200);
    expect(await d.sessionEnds(email)).toEqual([oneHourLeft]);
    const cookie = setCookies(response).find((header) => header.startsWith(`${d.sessionCookie}=`))!;
    expect(Number(/Max-Age=(\d+)/.exec(cookie)?.[1])).toBeLessThanOrEqual(3_600);
  });

  it("a wrong current password is 401, says so and changes nothing", async () => {
    const person = await twice();
    const response = await d.post(person.b, d.action, changeFields(person.csrf, "not the password", NEW_PASSWORD));
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toBe("That is not your current password. Nothing was changed.");
    await unchanged(person);
    expect(await signInStatus(d, person.email, NEW_PASSWORD)).toBe(401);
    expect(await signInStatus(d, person.email, PASSWORD)).toBe(303);
  });

  it.each([
    ["a new password of 9 characters", { new_password: "123456789", confirm_password: "123456789" }, "Use a password of at least 10 characters."],
    [
      "a new password of 201 characters",
      { new_password: "p".repeat(201), confirm_password: "p".repeat(201) },
      "Use a password of at most 200 characters.",
    ],
    ["a confirmation that differs", { confirm_password: `${NEW_PASSWORD}!` }, "The new password and its confirmation differ. Nothing was changed."],
    ["no current password", { current_password: "" }, "Enter your current password."],
  ])("%s is 400 with a clear message and changes nothing", async (_, override, message) => {
    const person = await twice();
    const response = await d.post(person.b, d.action, { ...changeFields(person.csrf, PASSWORD, NEW_PASSWORD), ...override });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(message);
    await unchanged(person);
  });

  it.each([
    ["no CSRF token", (_csrf: string, _b: B) => ({ fields: {}, headers: {} })],
    ["the signed-out forms' token instead of the session's", (_csrf: string, b: B) => ({ fields: { csrf: b.formToken }, headers: {} })],
    ["another site's Origin", (csrf: string) => ({ fields: { csrf }, headers: { Origin: "https://evil.example" } })],
  ])("a post with %s is 403 and changes nothing", async (_, make) => {
    const person = await twice();
    const { fields, headers } = make(person.csrf, person.b);
    const passwords = { current_password: PASSWORD, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD };
    const response = await d.post(person.b, d.action, { ...passwords, ...fields }, headers);
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toBe("This form has expired or did not come from this page. Reload the page and try again.");
    await unchanged(person);
  });

  it("a browser without a session is sent to sign in, and nothing changes", async () => {
    const person = await twice();
    const stranger = await d.browser();
    const response = await d.post(stranger, d.action, changeFields(stranger.formToken, PASSWORD, NEW_PASSWORD));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(d.home);
    await unchanged(person);
  });

  it("wrong current passwords count with the browser's sign-ins: after 5 in 15 minutes, 429 with Retry-After, even for the right one", async () => {
    const person = await twice();
    for (let i = 0; i < 3; i++) {
      expect((await d.post(person.b, d.action, changeFields(person.csrf, `wrong password ${i}`, NEW_PASSWORD))).status).toBe(401);
    }
    for (let i = 0; i < 2; i++) expect((await d.signIn(person.b, person.email, `wrong password ${i}`)).status).toBe(401);

    const locked = await d.post(person.b, d.action, changeFields(person.csrf, PASSWORD, NEW_PASSWORD));
    expect(locked.status).toBe(429);
    // The window is 15 minutes (900 s) from the first of those attempts, a moment ago.
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(800);
    expect(Number(locked.headers.get("Retry-After"))).toBeLessThanOrEqual(900);
    expect(await errorOf(locked)).toMatch(/^Too many attempts\. Try again in \d+ minute\(s\)\.$/);
    await unchanged(person);
    expect((await d.signIn(person.b, person.email, PASSWORD)).status).toBe(429);
  });

  it("a session copied to a browser the person never signed in from shares the account's count with wrong sign-ins from elsewhere", async () => {
    const person = await twice();
    for (let i = 0; i < 5; i++) expect(await signInStatus(d, person.email, `wrong password ${i}`)).toBe(401);
    const thief = await d.browser();
    thief.cookies.set(d.sessionCookie, person.b.cookies.get(d.sessionCookie)!);
    const refused = await d.post(thief, d.action, changeFields(person.csrf, PASSWORD, NEW_PASSWORD));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    await unchanged(person);

    // The browser the person signed in from keeps its own count, so they can still change it.
    expect((await d.post(person.b, d.action, changeFields(person.csrf, PASSWORD, NEW_PASSWORD))).status).toBe(200);
    expect(await d.page(person.elsewhere)).not.toContain(d.signedInAs(person.email));
  });

  it("two changes sent at once: one is stored, the other changes nothing", async () => {
    const person = await twice();
    const [first, second] = ["first new password", "second new password"];
    const responses = await Promise.all([first, second].map((next) => d.post(person.b, d.action, changeFields(person.csrf, PASSWORD, next))));
    const statuses = responses.map((r) => r.status);
    await Promise.all(responses.map((r) => r.arrayBuffer()));
    expect(
      statuses.filter((s) => s === 200),
      String(statuses),
    ).toHaveLength(1);
    expect([401, 409]).toContain(statuses.find((s) => s !== 200));
    const [winner, loser] = statuses[0] === 200 ? [first, second] : [second, first];
    expect(await signInStatus(d, person.email, winner)).toBe(303);
    expect(await signInStatus(d, person.email, loser)).toBe(401);
    expect(await d.page(person.b)).toContain(d.signedInAs(person.email));
  });

  // Why people change a password: someone else knows the old one. Their sign-in may have checked it just before the
  // change committed; the session it then writes must not outlive the change that "signed out everywhere else".
  it("a sign-in whose check of the old password came before the change committed gets no session: 401, the change's own session alone", async () => {
    const email = await d.create(PASSWORD);
    const owner = await signedIn(d, email);
    const other = await d.browser();
    let change = 0;
    const racing = writesAfter(env.DB, async () => {
      const response = await d.post(owner.b, d.action, changeFields(owner.csrf, PASSWORD, NEW_PASSWORD));
      change = response.status;
      await response.arrayBuffer();
    });
    other.bindings = { ...env, DB: racing.db };
    const signIn = await d.signIn(other, email, PASSWORD);
    await signIn.arrayBuffer();
    other.bindings = undefined;
    expect(racing.raced()).toBe(1);
    expect(change).toBe(200);
    expect(signIn.status).toBe(401);
    expect(other.cookies.has(d.sessionCookie)).toBe(false);
    expect(await d.page(other)).not.toContain(d.signedInAs(email));
    expect(await d.sessions(email)).toBe(1);
    expect(await d.page(owner.b)).toContain(d.signedInAs(email));
  });

  it("hostile forms from a signed-in browser never 5xx and change nothing", { timeout: 60_000 }, async () => {
    const person = await twice();
    const valid = new URLSearchParams(changeFields(person.csrf, PASSWORD, NEW_PASSWORD)).toString();
    const forms: Array<[string, BodyInit]> = [
      ["multipart/form-data; boundary=zzz", `--zzz\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${person.csrf}\r\n--zzz--`],
      ["application/json", JSON.stringify(changeFields(person.csrf, PASSWORD, NEW_PASSWORD))],
      // The form's fields with bytes that are not UTF-8 after them.
      ["application/x-www-form-urlencoded", new Uint8Array([...new TextEncoder().encode(`${valid}&x=`), 0xc3, 0x28, 0xff])],
      ["application/x-www-form-urlencoded", `${valid}&new_password=${"x".repeat(20)}`.replace("new_password=", "new_password=%00")],
      ["application/x-www-form-urlencoded", `csrf=${person.csrf}&current_password=%27%20OR%201%3D1--&new_password=${"b".repeat(100_000)}`],
      ["application/x-www-form-urlencoded", `${valid}&pad=${"x".repeat(10 * 1024 * 1024)}`],
    ];
    for (const [contentType, body] of forms) {
      const response = await fetchWorker(`${d.origin}${d.action}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": contentType, Origin: d.origin, Cookie: [...person.b.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
        body,
      });
      expect(response.status, `${contentType} ${String(body).slice(0, 60)}`).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      await response.arrayBuffer();
    }
    await unchanged(person);
  });

  it("no answer holds a password or its hash: not the page, not a header", async () => {
    const person = await twice();
    const posts: Array<Record<string, string>> = [
      changeFields(person.csrf, "not the password", NEW_PASSWORD),
      changeFields(person.csrf, PASSWORD, NEW_PASSWORD, `${NEW_PASSWORD}!`),
      changeFields(person.csrf, PASSWORD, "short"),
      changeFields("", PASSWORD, NEW_PASSWORD),
      changeFields(person.csrf, PASSWORD, NEW_PASSWORD),
    ];
    const answers: string[] = [];
    for (const fields of posts) {
      const response = await d.post(person.b, d.action, fields);
      answers.push([...response.headers].map(([name, value]) => `${name}: ${value}`).join("\n"), await response.text());
    }
    answers.push(await d.page(person.b));
    const hashes = [person.hash, await d.storedHash(person.email)];
    expect(hashes[1]).not.toBe(hashes[0]);
    // Every part of each stored hash: the scheme's salt and derived bits, so neither may leak piecemeal.
    const secrets = [PASSWORD, NEW_PASSWORD, `${NEW_PASSWORD}!`, ...hashes, ...hashes.flatMap((hash) => hash.split("$").slice(2))];
    for (const answer of answers) for (const secret of secrets) expect(answer).not.toContain(secret);
  });
}
