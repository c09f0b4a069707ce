// Both web pages end to end in real Chromium, against both Workers on free ports with their own temporary state and
// secrets. Screenshots of every page land in test-artifacts/screenshots/.
import { once } from "node:events";
import { existsSync, mkdirSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Response as PlaywrightResponse } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib.mjs";
import { verifyWebhook } from "../../src/platform/webhooks/verify";
import { DEMO_ADMIN, DEMO_ORG_ID } from "../../scripts/seed.mjs";
import { type DemoWorkers, serveDemoWorkers } from "../demo-workers";

const CHROMIUM = "/usr/bin/chromium";
const SHOTS = path.join(ROOT, "test-artifacts", "screenshots");
const ADMIN_TOKEN = `browser-admin-${crypto.randomUUID()}`;

let workers: DemoWorkers | undefined;
let taxUrl: string;
let inventoryUrl: string;
let browser: Browser;
let receiver: Server;
let receiverUrl: string;
const received: Array<{ headers: IncomingMessage["headers"]; body: string; answered: number }> = [];
/** While true the receiver is down: it answers 503, and every delivery attempt fails. */
let receiverDown = false;

/**
 * Controls and text that run past the right edge of their table cell (a stacked card on a phone), where the
 * cell's overflow cuts them off: the page itself need not scroll sideways for a field to be half hidden.
 */
function clippedInCells(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll("table td")).flatMap((cell) => {
      const edge = cell.getBoundingClientRect().right;
      return Array.from(cell.querySelectorAll("input, select, button, code, .mono, span, summary, pre"))
        .filter((element) => element.getBoundingClientRect().right > edge + 1)
        .map((element) => element.outerHTML.slice(0, 100));
    }),
  );
}

async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

/** A phone's screen, not the whole page: the first open event scrolled into view, as a reader would see it. */
async function phoneShot(page: Page, name: string): Promise<void> {
  await page.locator("#events details[open]").first().scrollIntoViewIfNeeded();
  await shot(page, name, false);
}

async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // Ceilings for a loaded CI machine: the first page of a fresh isolate comes slowly there.
  context.setDefaultTimeout(60_000);
  context.setDefaultNavigationTimeout(120_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    // A CSP violation would show up here: the pages must run with no inline script or style.
    if (message.type() === "error") errors.push(message.text());
  });
  (page as Page & { errors: string[] }).errors = errors;
  return { context, page };
}

const errorsOf = (page: Page) => (page as Page & { errors: string[] }).errors;

async function revealed(page: Page): Promise<string> {
  await expect.poll(() => page.locator("#reveal").isVisible()).toBe(true);
  return page.locator("#reveal-value").inputValue();
}

async function dismissReveal(page: Page): Promise<void> {
  await page.getByRole("button", { name: "I have stored it" }).click();
  await expect.poll(() => page.locator("#reveal").isVisible()).toBe(false);
}

function prefixOf(key: string): string {
  return key.split("_")[1]!;
}

const eventIdOf = (delivery: { body: string }): string => (JSON.parse(delivery.body) as { id: string }).id;

/**
 * With the receiver down, a test send to the endpoint fails and waits for its retry; disabling the endpoint ends it
 * failed (and disables re-sending what failed), enabling it gives the button back. Returns the event that failed.
 */
async function failTestSendThroughOutage(page: Page, endpointRow: Locator): Promise<string> {
  receiverDown = true;
  // Back up when this returns, or fails: the next test expects its deliveries received.
  try {
    const before = received.length;
    await endpointRow.getByRole("button", { name: /Send test/ }).click();
    await expect.poll(() => received.length).toBeGreaterThan(before);
    const attempt = received[before]!;
    const lost = eventIdOf(attempt);
    // The receiver has the attempt before the page has the answer: wait for the page's refresh to list the delivery,
    // so the click below lands on the card as it will stay, not on one about to be replaced.
    const deliveryId = attempt.headers["service-delivery"] ?? attempt.headers["x-service-delivery"];
    await expect.poll(() => page.locator(`#webhooks tr[data-delivery-id="${deliveryId}"]`).count()).toBe(1);
    await endpointRow.getByRole("button", { name: /^Disable/ }).click();
    await expect.poll(() => endpointRow.locator(".state").textContent()).toBe("disabled");
    expect(await endpointRow.getByRole("button", { name: /Send test/ }).count()).toBe(0);
    expect(await endpointRow.getByRole("button", { name: /Re-send failed/ }).isDisabled()).toBe(true);
    await expect.poll(() => page.locator("#webhooks td[data-label='Status'] .state-failed").count()).toBe(1);
    await endpointRow.getByRole("button", { name: /^Enable/ }).click();
    await expect.poll(() => endpointRow.locator(".state").textContent()).toBe("enabled");
    return lost;
  } finally {
    receiverDown = false;
  }
}

/**
 * Re-sends what failed since the field's default (24 hours ago): the one failed event's delivery was ended by the
 * disabling, before the endpoint's present enabled period, so the page says there was nothing to re-send and it is
 * not sent again.
 */
async function recoverAfterEnabling(endpointRow: Locator, lost: string): Promise<void> {
  const before = received.length;
  // The page's script fills in its default; a datetime-local value leaves out seconds that are :00 (HTML's
  // normalized local date and time string), so a default falling on a whole minute reads HH:MM.
  await expect.poll(() => endpointRow.getByLabel(/Re-send failed .* since/).inputValue()).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?$/);
  await endpointRow.getByRole("button", { name: /Re-send failed/ }).click();
  // Said beside the form, in the row (its live region comes along when the card is re-rendered).
  await expect.poll(() => endpointRow.getByRole("status").textContent()).toBe("No failed deliveries since then: nothing to re-send.");
  // The action ends with the section re-rendered, the button given back.
  await expect.poll(() => endpointRow.getByRole("button", { name: /Re-send failed/ }).isEnabled()).toBe(true);
  expect(received.slice(before).some((r) => eventIdOf(r) === lost)).toBe(false);
}

/**
 * Rolls the endpoint's secret, the old one signing on for `overlapHours`, then sends a test event; returns the new
 * secret and the delivery the receiver got. The click waits for the page's refresh after the roll (the row then shows
 * the old secret's end): a click on the row about to be replaced once sent nothing on a loaded machine.
 */
async function rollSecretAndSendTest(page: Page, endpointRow: Locator, overlapHours: string) {
  await endpointRow.getByLabel(/Old secret keeps signing for/).selectOption(overlapHours);
  await endpointRow.getByRole("button", { name: /Roll secret/ }).click();
  const rolledSecret = await revealed(page);
  await dismissReveal(page);
  await expect.poll(() => endpointRow.textContent()).toContain("Old secret signs until");
  const before = received.length;
  await endpointRow.getByRole("button", { name: /Send test/ }).click();
  await expect.poll(() => received.length).toBe(before + 1);
  return { rolledSecret, rolledDelivery: received[before]! };
}

/** Re-sends the newest of the endpoint's two deliveries from its card; returns the delivery the receiver got. */
async function resendNewest(page: Page) {
  await expect.poll(() => page.locator("#webhooks tr[data-delivery-id]").count()).toBe(2);
  const before = received.length;
  await page
    .locator("#webhooks tr[data-delivery-id]")
    .first()
    .getByRole("button", { name: /Re-send/ })
    .click();
  await expect.poll(() => received.length).toBe(before + 1);
  return received[before]!;
}

/**
 * A read from a Worker, bounded: on a loaded machine `wrangler dev`'s proxy, which served these tests before, once
 * never answered a request while answering everything else. Each try is bounded, and a second one tells a lost request
 * from a service that stopped answering. For reads only, which a second try cannot repeat.
 */
async function readOnceMore(url: string, headers: Record<string, string> = {}): Promise<Response> {
  const once = () => fetch(url, { headers, signal: AbortSignal.timeout(60_000) });
  return once().catch((error: unknown) => {
    if (!(error instanceof Error && error.name === "TimeoutError")) throw error;
    return once();
  });
}

/**
 * Opens `url` in `page`, bounded as `readOnceMore` is: each try has its ceiling, and a second one tells a lost
 * navigation from a service that stopped answering.
 */
async function visit(page: Page, url: string): Promise<PlaywrightResponse | null> {
  const once = () => page.goto(url, { timeout: 60_000 });
  return once().catch((error: unknown) => {
    if (!(error instanceof Error && error.name === "TimeoutError")) throw error;
    return once();
  });
}

/** A call the operator makes with its token; its answer's JSON, once its status is as expected. */
async function operator<T>(url: string, method: string, body: unknown, status: number): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

interface DeliveredEvent {
  id: string;
  type: string;
  time: string;
  /** The delivery's body, parsed. */
  body: unknown;
}

/** The events of these types the receiver got since `from`, once each (a re-sent delivery repeats its event). */
function eventsReceived(from: number, types: readonly string[]): DeliveredEvent[] {
  const byId = new Map<string, DeliveredEvent>();
  for (const delivery of received.slice(from)) {
    const event = JSON.parse(delivery.body) as { id: string; type: string; createdAt?: string; created_at?: string };
    if (types.includes(event.type) && !byId.has(event.id))
      byId.set(event.id, { id: event.id, type: event.type, time: (event.createdAt ?? event.created_at)!, body: event });
  }
  return [...byId.values()];
}

/**
 * The Events card against what the receiver got (its endpoint takes every event): the newest 20 events with the
 * bodies delivered, newest first (events of one millisecond by id), the rest behind "Older events", and the type
 * filter narrowing the list to the `rare` type's events.
 */
async function checkEventsCard(page: Page, pageUrl: string, delivered: DeliveredEvent[], rare: string, shotName: string): Promise<void> {
  const newestFirst = [...delivered]
    .sort((a, b) => (a.time === b.time ? (a.id < b.id ? 1 : -1) : a.time < b.time ? 1 : -1))
    .map(({ id, body }) => ({ id, body }));
  const rows = page.locator("#events tr[data-event-id]");
  const shown = () =>
    rows.evaluateAll((trs) =>
      trs.map((tr) => ({ id: tr.getAttribute("data-event-id"), body: JSON.parse(tr.querySelector("pre")?.textContent ?? "null") })),
    );
  await visit(page, pageUrl);
  expect(await shown()).toEqual(newestFirst.slice(0, 20));
  await rows.first().locator("summary").click();
  await expect.poll(() => rows.first().locator("pre").isVisible()).toBe(true);
  await page.locator("#events").screenshot({ path: path.join(SHOTS, `${shotName}.png`) });

  await Promise.all([page.waitForURL(/[?&]events=/), page.getByRole("link", { name: "Older events" }).click()]);
  expect(await shown()).toEqual(newestFirst.slice(20));
  expect(await page.getByRole("link", { name: "Newest events" }).count()).toBe(1);

  await page.getByLabel("Event type").selectOption(rare);
  await Promise.all([
    page.waitForURL((url) => url.searchParams.get("event_type") === rare && !url.searchParams.has("events")),
    page.locator("#events").getByRole("button", { name: "Show" }).click(),
  ]);
  expect(await shown()).toEqual(newestFirst.filter(({ id }) => delivered.find((e) => e.id === id)!.type === rare));
}

/**
 * The endpoint's whole delivery log through its row's Deliveries link, page after page with "Older deliveries":
 * exactly what the management API's log lists for it, once each and in its order; then back to every endpoint's.
 */
async function checkDeliveriesLog(page: Page, pageUrl: string, endpointUrl: string, logUrl: (endpointId: string) => string): Promise<void> {
  await visit(page, pageUrl);
  const row = page.locator("#webhooks tr[data-endpoint-id]", { hasText: endpointUrl });
  const endpointId = (await row.getAttribute("data-endpoint-id"))!;
  const rows = page.locator("#webhooks tr[data-delivery-id]");
  const shown = () => rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-delivery-id")!));
  await Promise.all([
    page.waitForURL((url) => url.searchParams.get("endpoint") === endpointId),
    row.getByRole("link", { name: `Deliveries to ${endpointUrl}` }).click(),
  ]);
  const seen = await shown();
  const older = page.getByRole("link", { name: "Older deliveries" });
  while ((await older.count()) > 0) {
    const from = page.url();
    await Promise.all([page.waitForURL((url) => url.href !== from), older.click()]);
    seen.push(...(await shown()));
  }
  const log = await page.request.get(logUrl(endpointId));
  expect(log.status(), await log.text()).toBe(200);
  const listed = ((await log.json()) as { data: Array<{ id: string }> }).data.map((delivery) => delivery.id);
  expect(listed.length).toBeGreaterThan(20);
  expect(seen).toEqual(listed);

  await Promise.all([page.waitForURL((url) => !url.searchParams.has("deliveries")), page.getByRole("link", { name: "Newest deliveries" }).click()]);
  expect(await shown()).toEqual(listed.slice(0, 20));
  await Promise.all([page.waitForURL((url) => !url.searchParams.has("endpoint")), page.getByRole("link", { name: "All endpoints" }).click()]);
  expect(await page.locator("#deliveries").textContent()).toBe("Recent deliveries");
}

beforeAll(async () => {
  expect(existsSync(CHROMIUM), "Chromium is missing: apt-get install -y chromium (.ci/run does it)").toBe(true);
  mkdirSync(SHOTS, { recursive: true });
  const servers = serveDemoWorkers("pages-browser", ADMIN_TOKEN);

  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const answered = receiverDown ? 503 : 200;
      received.push({ headers: request.headers, body, answered });
      response.writeHead(answered, { "Content-Type": "text/plain" }).end(answered === 200 ? "ok" : "down");
    });
  });
  receiver.listen(0, "127.0.0.1");
  await once(receiver, "listening");
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`;

  [browser, workers] = await Promise.all([
    chromium.launch({
      executablePath: CHROMIUM,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    }),
    servers,
  ]);
  ({ taxUrl, inventoryUrl } = workers);
});

afterAll(async () => {
  await browser?.close();
  receiver?.close();
  await workers?.stop();
});

describe("tax web page in Chromium", () => {
  it("signs up, creates a key and uses it, rotates, revokes, and manages a webhook endpoint", async () => {
    const { context, page } = await newPage();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: taxUrl });
    const api = (key: string) => readOnceMore(`${taxUrl}/api/v1/deadlines?limit=1`, { Authorization: `Bearer ${key}` });

    const response = await visit(page, `${taxUrl}/`);
    expect(response!.headers()["content-security-policy"]).toContain("script-src 'self'");
    await expect.poll(() => page.getByRole("heading", { name: "Sign in" }).isVisible()).toBe(true);
    await shot(page, "tax-1-sign-in");

    // Sign up with the keyboard-reachable, labelled form.
    const email = `browser-${Date.now()}@example.com`;
    await page.getByLabel("Email").nth(1).fill(email);
    await page.locator("#signup-password").fill("short");
    await page.locator("#signup-password").fill("a long enough passphrase");
    await Promise.all([page.waitForURL(`${taxUrl}/`), page.getByRole("button", { name: "Create account" }).click()]);
    await expect.poll(() => page.getByText(`Signed in as ${email}`).isVisible()).toBe(true);
    const cookies = await context.cookies(taxUrl);
    expect(cookies.find((c) => c.name === "tax_session")).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(await page.locator("#events").textContent()).toContain("No events in the last 30 days.");
    await shot(page, "tax-2-dashboard");

    // Create a key: name, scopes as checkboxes, lifetime; shown once with a copy button.
    await page.getByLabel("Name (optional)").fill("browser test");
    await page.getByRole("checkbox", { name: /webhooks:manage/ }).check();
    await page.getByLabel("Lifetime in days").fill("30");
    await page.getByRole("button", { name: "Create key" }).click();
    const first = await revealed(page);
    expect(first).toMatch(/^tax_[0-9a-z]{8}_[0-9A-Za-z]{32}$/);
    await page.getByRole("button", { name: "Copy", exact: true }).click();
    await expect.poll(() => page.locator("#status").textContent()).toContain("Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
    const firstRow = page.locator("tr", { hasText: `tax_${prefixOf(first)}_` });
    await expect.poll(() => firstRow.isVisible()).toBe(true);
    expect(await firstRow.textContent()).toContain("deadlines:read");
    await shot(page, "tax-3-key-created");
    await dismissReveal(page);
    expect((await api(first)).status).toBe(200);
    await page.reload();
    await expect.poll(() => firstRow.locator("td[data-label='Last used'] time").count()).toBe(1);

    // Rotate with no overlap: the replacement works, the old key fails on its next request.
    await firstRow.getByLabel(/Overlap for/).selectOption("0");
    await firstRow.getByRole("button", { name: /Rotate/ }).click();
    const second = await revealed(page);
    expect(second).not.toBe(first);
    await dismissReveal(page);
    expect((await api(second)).status).toBe(200);
    expect((await api(first)).status).toBe(401);

    // Revoke with confirmation: the very next call fails.
    const secondRow = page.locator("tr", { hasText: `tax_${prefixOf(second)}_` });
    await expect.poll(() => secondRow.isVisible()).toBe(true);
    page.once("dialog", (dialog) => void dialog.accept());
    await secondRow.getByRole("button", { name: /Revoke/ }).click();
    await expect.poll(() => secondRow.locator(".state").textContent()).toBe("revoked");
    const refused = await api(second);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("invalid_api_key");
    await shot(page, "tax-4-rotated-and-revoked");

    // Webhooks: register (secret once), send a test to a local receiver, see the delivery.
    await page.getByLabel("Endpoint URL").fill(receiverUrl);
    await page.getByRole("button", { name: "Register endpoint" }).click();
    const secret = await revealed(page);
    expect(secret.length).toBeGreaterThan(20);
    await dismissReveal(page);
    const endpointRow = page.locator("#webhooks tr[data-endpoint-id]", { hasText: receiverUrl });
    await expect.poll(() => endpointRow.isVisible()).toBe(true);
    // The form's default registers for every event, those added later included, rather than today's list.
    expect(await endpointRow.locator("td[data-label='Events']").textContent()).toBe("Every event");
    await endpointRow.getByRole("button", { name: /Send test/ }).click();
    await expect.poll(() => page.locator("#webhooks td[data-label='Event']", { hasText: "webhook.test" }).isVisible()).toBe(true);
    expect(received.some((r) => r.body.includes("webhook.test") && typeof r.headers["service-signature"] === "string")).toBe(true);

    // Roll the secret keeping the old one signing for 24 h: the next delivery verifies with either secret.
    const { rolledSecret, rolledDelivery } = await rollSecretAndSendTest(page, endpointRow, "24");
    expect(rolledSecret).not.toBe(secret);
    for (const signingSecret of [secret, rolledSecret]) {
      const verified = await verifyWebhook(signingSecret, rolledDelivery.headers, rolledDelivery.body, { scheme: "service-signature" });
      expect(verified.ok).toBe(true);
    }

    // Re-send the newest delivery: the same event again under a new delivery id.
    const resent = await resendNewest(page);
    expect(resent.body).toBe(rolledDelivery.body);
    expect(resent.headers["service-delivery"]).not.toBe(rolledDelivery.headers["service-delivery"]);
    await expect.poll(() => page.locator("#webhooks tr[data-delivery-id]").count()).toBe(3);

    // An outage: a test send fails, disabling the endpoint ends it failed, and once the endpoint is enabled and the
    // receiver is back, re-sending what failed since yesterday leaves it: it is from before the enabling.
    const lost = await failTestSendThroughOutage(page, endpointRow);
    await recoverAfterEnabling(endpointRow, lost);

    await shot(page, "tax-5-webhooks");

    // Events: a key made on the page saves 21 profiles and deletes one; the card lists what the receiver got.
    await page.getByLabel("Name (optional)").fill("profiles");
    await page.getByRole("checkbox", { name: /profiles:write/ }).check();
    await page.getByRole("button", { name: "Create key" }).click();
    const profilesKey = await revealed(page);
    await dismissReveal(page);
    const eventsFrom = received.length;
    const saveProfile = async (n: number) => {
      const response = await fetch(`${taxUrl}/api/v1/profiles`, {
        method: "POST",
        headers: { Authorization: `Bearer ${profilesKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({
          label: `Events ${n}`,
          financialYear: "2025-26",
          profile: { age: 30, residentialStatus: "resident", salary: { grossSalary: 1_800_000 } },
        }),
      });
      expect(response.status, await response.clone().text()).toBe(201);
      return ((await response.json()) as { data: { id: string } }).data.id;
    };
    const profileIds = await Promise.all(Array.from({ length: 21 }, (_, n) => saveProfile(n)));
    const deleted = await fetch(`${taxUrl}/api/v1/profiles/${profileIds[0]}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${profilesKey}` },
    });
    expect(deleted.status).toBe(200);
    const profileEvents = () => eventsReceived(eventsFrom, ["profile.saved", "profile.deleted"]);
    await expect.poll(() => profileEvents().length, { timeout: 120_000 }).toBe(22);
    await checkEventsCard(page, `${taxUrl}/`, profileEvents(), "profile.deleted", "tax-6-events");
    await checkDeliveriesLog(page, `${taxUrl}/`, receiverUrl, (id) => `${taxUrl}/admin/api/webhooks/${id}/deliveries?limit=100`);

    // A phone-sized view of the same page, one event's body open.
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, `${taxUrl}/`);
    await page.locator("#events summary").first().click();
    await expect.poll(() => page.locator("#events pre").first().isVisible()).toBe(true);
    await phoneShot(page, "tax-7-phone");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    expect(await clippedInCells(page)).toEqual([]);

    await page.setViewportSize({ width: 1280, height: 900 });
    await Promise.all([page.waitForURL(`${taxUrl}/`), page.getByRole("button", { name: "Sign out" }).click()]);
    await expect.poll(() => page.getByRole("heading", { name: "Sign in" }).isVisible()).toBe(true);
    expect(errorsOf(page)).toEqual([]);
    await context.close();
  });

  it("shows one generic message for a wrong password", async () => {
    const { context, page } = await newPage();
    await visit(page, `${taxUrl}/`);
    await page.locator("#signin-email").fill("nobody@example.com");
    await page.locator("#signin-password").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("That email and password do not match an account.");
    await context.close();
  });

  it("changes the password: a wrong current one is refused, then the other browser is signed out and this one stays", async () => {
    const [mine, other, later] = await Promise.all([newPage(), newPage(), newPage()]);
    const email = `browser-password-${Date.now()}@example.com`;
    const signIn = async (page: Page, password: string) => {
      await visit(page, `${taxUrl}/`);
      await page.locator("#signin-email").fill(email);
      await page.locator("#signin-password").fill(password);
      await page.getByRole("button", { name: "Sign in" }).click();
    };
    await visit(mine.page, `${taxUrl}/`);
    await mine.page.locator("#signup-email").fill(email);
    await mine.page.locator("#signup-password").fill("the first passphrase");
    await Promise.all([mine.page.waitForURL(`${taxUrl}/`), mine.page.getByRole("button", { name: "Create account" }).click()]);
    await signIn(other.page, "the first passphrase");
    await expect.poll(() => other.page.getByText(`Signed in as ${email}`).isVisible()).toBe(true);

    const card = mine.page.locator("#password");
    const change = async (current: string, next: string) => {
      await card.getByLabel("Current password").fill(current);
      await card.getByLabel("New password", { exact: true }).fill(next);
      await card.getByLabel("New password again").fill(next);
      await Promise.all([mine.page.waitForURL(`${taxUrl}/auth/password`), card.getByRole("button", { name: "Change password" }).click()]);
    };
    await change("not the passphrase", "the second passphrase");
    await expect.poll(() => mine.page.getByRole("alert").textContent()).toBe("That is not your current password. Nothing was changed.");
    await change("the first passphrase", "the second passphrase");
    await expect
      .poll(() => mine.page.locator("#status").textContent())
      .toBe("Your password has been changed. You have been signed out everywhere else; this browser stays signed in.");
    await Promise.all([mine.page.waitForURL(`${taxUrl}/`), mine.page.getByRole("link", { name: "Back to your keys" }).click()]);
    await expect.poll(() => mine.page.getByText(`Signed in as ${email}`).isVisible()).toBe(true);

    await other.page.reload();
    await expect.poll(() => other.page.getByRole("heading", { name: "Sign in" }).isVisible()).toBe(true);
    await signIn(later.page, "the first passphrase");
    await expect.poll(() => later.page.getByRole("alert").textContent()).toBe("That email and password do not match an account.");
    await signIn(later.page, "the second passphrase");
    await expect.poll(() => later.page.getByText(`Signed in as ${email}`).isVisible()).toBe(true);
    // Chromium logs each refusal this test asks for (the wrong passwords, the ended session) as a page that failed to
    // load with 401; anything else, a CSP violation say, fails the test.
    for (const { context, page } of [mine, other, later]) {
      expect(errorsOf(page).filter((error) => !error.endsWith("status of 401 (Unauthorized)"))).toEqual([]);
      await context.close();
    }
  });
});

describe("inventory admin area in Chromium", () => {
  it("signs in, issues, rotates, regenerates and revokes a key with a reason, and sees the audit log", async () => {
    const { context, page } = await newPage();
    const api = (key: string) => readOnceMore(`${inventoryUrl}/api/v1/inventory?limit=1`, { Authorization: `Bearer ${key}` });

    await visit(page, `${inventoryUrl}/admin`);
    await shot(page, "inventory-1-sign-in");
    await page.getByLabel("Email").fill(DEMO_ADMIN.email);
    await page.getByLabel("Password").fill(DEMO_ADMIN.password);
    await Promise.all([page.waitForURL(`${inventoryUrl}/admin`), page.getByRole("button", { name: "Sign in" }).click()]);
    await expect.poll(() => page.getByRole("heading", { name: "Plan and subscription" }).isVisible()).toBe(true);
    expect(await page.locator("#plan").textContent()).toContain("business");
    await shot(page, "inventory-2-dashboard");

    // Issue a read-only key limited to inventory:read.
    await page.getByLabel("Name (optional)").fill("browser test");
    await page.getByRole("checkbox", { name: /inventory:read/ }).check();
    await page.getByRole("button", { name: "Issue key" }).click();
    const issued = await revealed(page);
    expect(issued).toMatch(/^inv_/);
    await dismissReveal(page);
    expect((await api(issued)).status).toBe(200);

    // Rotate with a 24 h grace: both keys work, the old one says it is superseded.
    const issuedRow = page.locator("tr", { hasText: `inv_${prefixOf(issued)}_` });
    await issuedRow.getByLabel(/Grace period for/).selectOption("24");
    await issuedRow.getByRole("button", { name: /Rotate/ }).click();
    const rotated = await revealed(page);
    await dismissReveal(page);
    const old = await api(issued);
    expect(old.status).toBe(200);
    expect(old.headers.get("X-Service-Key-Superseded")).toBe("true");
    expect((await api(rotated)).status).toBe(200);

    // Regenerate the replacement: the old one stops at once.
    const rotatedRow = page.locator("tr", { hasText: `inv_${prefixOf(rotated)}_` });
    await expect.poll(() => rotatedRow.isVisible()).toBe(true);
    page.once("dialog", (dialog) => void dialog.accept());
    await rotatedRow.getByRole("button", { name: /Regenerate/ }).click();
    const regenerated = await revealed(page);
    await dismissReveal(page);
    expect((await api(rotated)).status).toBe(401);
    expect((await api(regenerated)).status).toBe(200);

    // Revoke with a reason, confirmed; the reason shows in the audit log.
    const reason = `leaked in a screenshot ${Date.now()}`;
    const regeneratedRow = page.locator("tr", { hasText: `inv_${prefixOf(regenerated)}_` });
    await expect.poll(() => regeneratedRow.isVisible()).toBe(true);
    await regeneratedRow.getByLabel(/Reason for revoking/).fill(reason);
    page.once("dialog", (dialog) => void dialog.accept());
    await regeneratedRow.getByRole("button", { name: /Revoke/ }).click();
    await expect.poll(() => page.locator("#audit").textContent()).toContain(reason);
    expect((await api(regenerated)).status).toBe(401);
    const auditText = (await page.locator("#audit").textContent()) ?? "";
    for (const action of ["rotate", "regenerat", "revok"]) expect(auditText).toContain(action);
    expect(auditText).toContain(DEMO_ADMIN.email);
    await shot(page, "inventory-3-keys-and-audit");

    // Webhooks: register (secret once), send a test to a local receiver, see the delivery.
    const before = received.length;
    await page.getByLabel("Endpoint URL").fill(`${receiverUrl}/inventory`);
    await page.getByRole("button", { name: "Register endpoint" }).click();
    expect((await revealed(page)).length).toBeGreaterThan(20);
    await dismissReveal(page);
    const endpointRow = page.locator("#webhooks tr[data-endpoint-id]", { hasText: `${receiverUrl}/inventory` });
    await expect.poll(() => endpointRow.isVisible()).toBe(true);
    await endpointRow.getByRole("button", { name: /Send test/ }).click();
    await expect.poll(() => page.locator("#webhooks td[data-label='Status'] .state-delivered").count()).toBe(1);
    expect(received.slice(before).some((r) => typeof r.headers["x-service-signature"] === "string")).toBe(true);

    // Roll the secret with a 1 h overlap: the next delivery carries X-Service-Signature-Previous as well.
    const { rolledSecret, rolledDelivery } = await rollSecretAndSendTest(page, endpointRow, "1");
    expect(rolledSecret).toMatch(/^whsec_/);
    expect(rolledDelivery.headers["x-service-signature-previous"]).toMatch(/^[0-9a-f]{64}$/);

    // Re-send, then an outage and a recovery after enabling, as on the tax page.
    const resent = await resendNewest(page);
    expect(resent.body).toBe(rolledDelivery.body);
    expect(resent.headers["x-service-delivery"]).not.toBe(rolledDelivery.headers["x-service-delivery"]);
    const lost = await failTestSendThroughOutage(page, endpointRow);
    await recoverAfterEnabling(endpointRow, lost);
    await shot(page, "inventory-4-webhooks");

    // Events: 21 customers created and an expense voided through the management API; the card lists what the receiver got.
    const eventsFrom = received.length;
    const org = `${inventoryUrl}/admin/api/orgs/${DEMO_ORG_ID}`;
    await Promise.all(
      Array.from({ length: 21 }, (_, n) => operator(`${org}/customers`, "POST", { name: `Events customer ${n} ${Date.now()}` }, 201)),
    );
    const expense = await operator<{ data: { id: string } }>(`${org}/expenses`, "POST", { category: "Freight", amount: 100 }, 201);
    await operator(`${org}/expenses/${expense.data.id}/void`, "POST", { reason: "entered twice" }, 200);
    const orgEvents = () => eventsReceived(eventsFrom, ["customer.created", "entry.voided"]);
    await expect.poll(() => orgEvents().length, { timeout: 120_000 }).toBe(22);
    await checkEventsCard(page, `${inventoryUrl}/admin`, orgEvents(), "entry.voided", "inventory-5-events");
    await checkDeliveriesLog(page, `${inventoryUrl}/admin`, `${receiverUrl}/inventory`, (id) => `${org}/webhooks/${id}/deliveries?limit=100`);

    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, `${inventoryUrl}/admin`);
    await page.locator("#events summary").first().click();
    await expect.poll(() => page.locator("#events pre").first().isVisible()).toBe(true);
    await phoneShot(page, "inventory-6-phone");
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
    expect(await clippedInCells(page)).toEqual([]);
    expect(errorsOf(page)).toEqual([]);
    await context.close();
  });

  it("adds an admin with the Admins card, removes them after a confirmation, refuses the last admin, and signs out an admin who removes themselves", async () => {
    // An organisation of its own with one admin, made by the operator: the demo admin the test above signs in as stays.
    const orgs = `${inventoryUrl}/admin/api/orgs`;
    const orgId = (await operator<{ data: { id: string } }>(orgs, "POST", { name: `Admins card ${Date.now()}`, plan: "business" }, 201)).data.id;
    const person = (name: string) => ({ email: `${name}-${crypto.randomUUID()}@yarns.example`, password: `${name} spins cotton 2026` });
    const first = person("first");
    const second = person("second");
    const third = person("third");
    await operator(`${orgs}/${orgId}/admins`, "POST", first, 201);

    const { context, page } = await newPage();
    const card = page.locator("#admins");
    const rowOf = (email: string) => card.locator("tr[data-admin-id]", { hasText: email });
    const shownAdmins = () =>
      card.locator("tr[data-admin-id]").evaluateAll((trs) =>
        trs.map((tr) => ({
          email: tr.querySelector("td[data-label='Email']")!.firstChild!.textContent!.trim(),
          you: tr.querySelector(".state")?.textContent ?? null,
        })),
      );
    const signIn = async (who: { email: string; password: string }) => {
      await visit(page, `${inventoryUrl}/admin`);
      await page.getByLabel("Email").fill(who.email);
      await page.getByLabel("Password").fill(who.password);
      await Promise.all([page.waitForURL(`${inventoryUrl}/admin`), page.getByRole("button", { name: "Sign in" }).click()]);
      await expect.poll(() => page.getByRole("heading", { name: "Admins", exact: true }).isVisible()).toBe(true);
    };
    const deletes: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "DELETE") deletes.push(request.url());
    });
    const dialogs: string[] = [];
    const answerNextDialog = (accept: boolean) =>
      page.once("dialog", (dialog) => {
        dialogs.push(dialog.message());
        void (accept ? dialog.accept() : dialog.dismiss());
      });

    await signIn(first);
    expect(await shownAdmins()).toEqual([{ email: first.email, you: "you" }]);

    // Add an admin from the keyboard: Enter in the password field sends the form; the page announces it beside the
    // form and lists them.
    await card.getByLabel("Email").fill(second.email);
    await card.getByLabel("Password").fill(second.password);
    await card.getByLabel("Password").press("Enter");
    const added = card.locator("form", { has: page.locator("#admin-password") }).getByRole("status");
    await expect.poll(() => added.textContent()).toBe("Admin added: they can sign in here now.");
    await expect.poll(shownAdmins).toEqual([
      { email: second.email, you: null },
      { email: first.email, you: "you" },
    ]);
    expect(await card.getByLabel("Password").inputValue()).toBe("");
    await expect.poll(() => page.locator("#audit").textContent()).toContain("admin.created");
    const secondId = await rowOf(second.email).getAttribute("data-admin-id");

    // Remove asks first: dismissed, nothing is sent; accepted, they leave the card.
    answerNextDialog(false);
    await rowOf(second.email)
      .getByRole("button", { name: `Remove ${second.email}` })
      .click();
    expect(dialogs).toEqual([expect.stringContaining(second.email)]);
    answerNextDialog(true);
    await rowOf(second.email)
      .getByRole("button", { name: `Remove ${second.email}` })
      .click();
    await expect.poll(shownAdmins).toEqual([{ email: first.email, you: "you" }]);
    // Their row is gone, so the outcome is said under the card's heading, where focus went.
    expect(await page.locator("#admins-title + [role=status]").textContent()).toBe("Admin removed.");
    expect(deletes).toEqual([`${orgs}/${orgId}/admins/${secondId}`]);
    await expect.poll(() => page.locator("#audit").textContent()).toContain("admin.removed");
    const listed = await operator<{ data: Array<{ email: string }> }>(`${orgs}/${orgId}/admins`, "GET", undefined, 200);
    expect(listed.data.map((a) => a.email)).toEqual([first.email]);

    // The last admin cannot remove themselves: the page shows the service's refusal, as it shows any, and stays signed in.
    answerNextDialog(true);
    await rowOf(first.email).getByRole("button", { name: "Remove yourself" }).click();
    const refused = rowOf(first.email).getByRole("status");
    await expect.poll(() => refused.textContent()).toMatch(/last admin/);
    expect(await refused.getAttribute("class")).toContain("status-error");
    const csrf = (await page.locator('meta[name="csrf-token"]').getAttribute("content"))!;
    const refusal = await page.request.delete(`${orgs}/${orgId}/admins/${await rowOf(first.email).getAttribute("data-admin-id")}`, {
      headers: { "X-CSRF-Token": csrf },
    });
    expect(refusal.status()).toBe(409);
    expect(await refused.textContent()).toBe(((await refusal.json()) as { error: string }).error);
    expect(await shownAdmins()).toEqual([{ email: first.email, you: "you" }]);
    await shot(page, "inventory-7-admins");

    // On a phone the card's rows are stacked cards, nothing cut off.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
    expect(await clippedInCells(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    // With a fellow admin, removing yourself signs you out: the page becomes the sign-in form, where the other signs in.
    await card.getByLabel("Email").fill(third.email);
    await card.getByLabel("Password").fill(third.password);
    await card.getByRole("button", { name: "Add admin" }).click();
    await expect.poll(() => rowOf(third.email).count()).toBe(1);
    answerNextDialog(true);
    await rowOf(first.email).getByRole("button", { name: "Remove yourself" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Sign in" }).isVisible()).toBe(true);
    expect(dialogs.at(-1)).toContain("You are signed out at once");
    await signIn(third);
    expect(await shownAdmins()).toEqual([{ email: third.email, you: "you" }]);
    // Chromium logs the refused removal's answer; nothing else went wrong (no CSP violation, no script error).
    expect(errorsOf(page)).toEqual(["Failed to load resource: the server responded with a status of 409 (Conflict)"]);
    await context.close();
  });
});

/** The service's live OpenAPI document. */
async function liveDocument(
  base: string,
): Promise<{ paths: Record<string, Record<string, unknown>>; webhooks: Record<string, Record<string, unknown>> }> {
  const response = await readOnceMore(`${base}/api/v1/openapi.json`);
  expect(response.status).toBe(200);
  return (await response.json()) as { paths: Record<string, Record<string, unknown>>; webhooks: Record<string, Record<string, unknown>> };
}

describe("API reference in Chromium", () => {
  // One test per service, each with its own ceiling: the 1.5 MB Swagger bundle is parsed and every operation
  // rendered by a renderer that gets a small share of a loaded machine's cores.
  it.each([
    ["tax", () => taxUrl, "/api/v1/docs"],
    // The inventory service's root leads to its reference.
    ["inventory", () => inventoryUrl, "/"],
  ] as const)(
    "%s: renders every operation of the live document, loading nothing from another origin",
    async (service, baseOf, entryPath) => {
      const base = baseOf();
      const document = await liveDocument(base);
      // Swagger UI draws each operation and each webhook event as one block.
      const count = (items: Record<string, Record<string, unknown>>) => Object.values(items).reduce((sum, item) => sum + Object.keys(item).length, 0);
      const operations = count(document.paths) + count(document.webhooks);
      const origins = new Set<string>();
      const failed: string[] = [];
      const open = async () => {
        const opened = await newPage();
        opened.page.on("request", (request) => origins.add(new URL(request.url()).origin));
        opened.page.on("response", (response) => response.status() >= 400 && failed.push(`${response.status()} ${response.url()}`));
        try {
          // "load": the Swagger bundle has arrived, or the try ends (it once never did, and nothing was drawn).
          await opened.page.goto(`${base}${entryPath}`, { waitUntil: "load", timeout: 120_000 });
        } catch (error) {
          await opened.context.close();
          throw error;
        }
        return opened;
      };
      // A navigation that never completes or a script that never arrives (each seen once under `wrangler dev` on a
      // loaded machine) gets a second page, once, then fails.
      const { context, page } = await open().catch(async (error: unknown) => {
        if (!(error instanceof Error && error.name === "TimeoutError")) throw error;
        return open();
      });
      expect(page.url()).toBe(`${base}/api/v1/docs`);
      await expect.poll(() => page.locator(".opblock").count(), { timeout: 240_000 }).toBe(operations);
      await shot(page, `${service}-api-reference`);
      expect([...origins].filter((origin) => origin !== base && origin !== "null" && !origin.startsWith("data:"))).toEqual([]);
      expect(failed).toEqual([]);
      expect(errorsOf(page)).toEqual([]);
      await context.close();
    },
    // Two document fetches of 60 s and two navigations of 120 s at most, then the drawing's 240 s.
    600_000,
  );
});
