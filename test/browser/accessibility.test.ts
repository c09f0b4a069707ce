// Both web pages and both API reference pages in real Chromium, for keyboard, screen-reader and low-vision users
// (docs/web-pages.md): focus after an action, a form's outcome beside it, visible focus, reflow at 320 CSS px.
// Contrast is WCAG 2.2's relative-luminance ratio, written out here; the thresholds are WCAG's own.
import { type Browser, chromium, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN } from "../../scripts/seed.mjs";
import { type DemoWorkers, serveDemoWorkers } from "../demo-workers";

let workers: DemoWorkers | undefined;
let browser: Browser;
let taxUrl: string;
let inventoryUrl: string;

beforeAll(async () => {
  [browser, workers] = await Promise.all([
    chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    }),
    serveDemoWorkers("accessibility", `accessibility-${crypto.randomUUID()}`),
  ]);
  ({ taxUrl, inventoryUrl } = workers);
});

afterAll(async () => {
  await browser?.close();
  await workers?.stop();
});

async function newPage(width = 1280, height = 900): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  // Ceilings for a loaded machine: the first page of a fresh isolate comes slowly there.
  context.setDefaultTimeout(60_000);
  context.setDefaultNavigationTimeout(120_000);
  return context.newPage();
}

/** WCAG 2.2 relative luminance of a computed `rgb(…)` colour (https://www.w3.org/TR/WCAG22/#dfn-relative-luminance). */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The focused element as `TAG#id`, `BODY#` when focus was lost. */
const focused = (page: Page) => page.evaluate(() => `${document.activeElement?.tagName}#${document.activeElement?.id}`);

/** Whether the element is at least partly inside the viewport. */
const inView = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.height > 0 && r.bottom > 0 && r.top < innerHeight;
  });

/** The texts of the elements that describe a field (its aria-describedby). */
const descriptionOf = (field: Locator) =>
  field.evaluate((el) =>
    (el.getAttribute("aria-describedby") ?? "")
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" "),
  );

async function signUpTax(page: Page): Promise<void> {
  await page.goto(`${taxUrl}/`);
  await page.locator("#signup-email").fill(`a11y-${crypto.randomUUID()}@example.com`);
  await page.locator("#signup-password").fill("a long enough passphrase");
  await Promise.all([page.waitForURL(`${taxUrl}/`), page.locator("#signup-password").press("Enter")]);
  await page.waitForSelector("#keys");
}

async function signInInventory(page: Page): Promise<void> {
  await page.goto(`${inventoryUrl}/admin`);
  await page.locator("#signin-email").fill(DEMO_ADMIN.email);
  await page.locator("#signin-password").fill(DEMO_ADMIN.password);
  await page.locator("#signin-password").press("Enter");
  await page.waitForSelector("#keys");
}

/** Dismisses the panel showing a new secret from the keyboard. */
async function storedIt(page: Page): Promise<void> {
  await page.waitForSelector("#reveal:not([hidden])");
  await page.getByRole("button", { name: "I have stored it" }).press("Enter");
}

/** The action is over: the script gives every button of the page's API forms back last, then settles focus. */
const actionsIdle = (page: Page) =>
  page.waitForFunction(() => Array.from(document.querySelectorAll("form[data-api] button")).every((b) => !(b as HTMLButtonElement).disabled));

/** The page is no wider than the screen: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const [scrollWidth, clientWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

describe("keyboard focus after an action that re-renders its card", () => {
  it("tax: after a key's Revoke is confirmed, focus is on the Your keys heading, which says the key was revoked", async () => {
    const page = await newPage();
    await signUpTax(page);
    await page.locator("#key-lifetime").press("Enter");
    await storedIt(page);
    await page
      .locator("#keys tr[data-key-id]")
      .first()
      .getByRole("button", { name: /Revoke/ })
      .focus();
    page.once("dialog", (dialog) => void dialog.accept());
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator("#keys .state").first().textContent()).toBe("revoked");
    // A revoked key has no actions left: focus goes to its card's heading, not to the page's body.
    await expect.poll(() => focused(page)).toBe("H2#keys-title");
    expect(await page.locator("#keys").getByRole("status").textContent()).toBe("Key revoked.");
  });

  it("tax: after Disable of a webhook endpoint, focus is on its Enable button and the outcome beside it", async () => {
    const page = await newPage();
    await signUpTax(page);
    await page.locator("#webhook-url").fill("https://example.com/hooks");
    await page.locator("#webhook-url").press("Enter");
    await storedIt(page);
    const row = page.locator("#webhooks tr[data-endpoint-id]");
    await row.getByRole("button", { name: /^Disable/ }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => row.getAttribute("data-state")).toBe("disabled");
    const enable = row.getByRole("button", { name: /^Enable/ });
    await expect.poll(() => enable.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await row.getByRole("status").textContent()).toBe("Endpoint disabled.");
  });

  it("inventory: after a key's Revoke with a reason is confirmed, focus is on the Keys heading", async () => {
    const page = await newPage();
    await signInInventory(page);
    await page.locator("#key-name").fill(`a11y ${crypto.randomUUID()}`);
    await page.locator("#key-name").press("Enter");
    await storedIt(page);
    const row = page.locator("#keys tr[data-key-id]").first();
    const keyId = await row.getAttribute("data-key-id");
    await row.getByLabel(/Reason for revoking/).fill("left the team");
    page.once("dialog", (dialog) => void dialog.accept());
    await row.getByLabel(/Reason for revoking/).press("Enter");
    await expect.poll(() => page.locator(`#keys tr[data-key-id="${keyId}"] .state`).textContent()).toBe("revoked");
    await expect.poll(() => focused(page)).toBe("H2#keys-title");
  });
});

describe("keyboard focus after a new secret's panel is dismissed", () => {
  it("tax: after Register endpoint and 'I have stored it', focus is back in the register form", async () => {
    const page = await newPage();
    await signUpTax(page);
    await page.locator("#webhook-url").fill("https://example.com/hooks");
    await page.locator("#webhook-url").press("Enter");
    await page.waitForSelector("#reveal:not([hidden])");
    await expect.poll(() => page.locator("#webhooks tr[data-endpoint-id]").count()).toBe(1);
    await actionsIdle(page);
    expect(await focused(page)).toBe("H2#reveal-title");
    await storedIt(page);
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest("form")?.querySelector("#webhook-url"))).toBe(true);
  });

  it("tax: after Create key and 'I have stored it', focus is back in the Create a key form, even before the card is redrawn", async () => {
    const page = await newPage();
    await signUpTax(page);
    await page.locator("#key-lifetime").press("Enter");
    await storedIt(page);
    await expect.poll(() => page.locator("#keys tr[data-key-id]").count()).toBe(1);
    await actionsIdle(page);
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest("form")?.querySelector("#key-lifetime"))).toBe(true);
  });
});

describe("a form's outcome, shown beside the form", () => {
  it("tax: a refused Register endpoint says why in view beside the form and marks the URL field invalid, described by the refusal", async () => {
    const page = await newPage();
    await signUpTax(page);
    const form = page.locator("form", { has: page.locator("#webhook-url") });
    await page.locator("#webhook-url").fill("https://10.0.0.1/hooks");
    await page.locator("#webhook-url").press("Enter");
    const status = form.getByRole("status");
    await expect.poll(() => status.textContent()).toMatch(/^url: .*private/);
    expect(await status.getAttribute("class")).toContain("status-error");
    expect(await inView(status)).toBe(true);
    const field = page.locator("#webhook-url");
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    // The hint still describes it, the refusal too.
    expect(await descriptionOf(field)).toMatch(/^https only.*url: .*private/s);
  });

  it("inventory: Add an admin refused for a taken email says so beside the form and marks the email field, until the next send", async () => {
    const page = await newPage();
    await signInInventory(page);
    const form = page.locator("form", { has: page.locator("#admin-email") });
    const status = form.getByRole("status");
    const email = page.locator("#admin-email");
    await email.fill(DEMO_ADMIN.email);
    await page.locator("#admin-password").fill("a long enough passphrase");
    await page.locator("#admin-password").press("Enter");
    await expect.poll(() => status.textContent()).toBe("An admin with that email exists");
    expect(await inView(status)).toBe(true);
    expect(await email.getAttribute("aria-invalid")).toBe("true");
    expect(await descriptionOf(email)).toContain("An admin with that email exists");
    // Sent again with an email of no admin: added, said beside the form, and the field no longer marked.
    await email.fill(`a11y-${crypto.randomUUID()}@yarn.example`);
    await page.locator("#admin-password").fill("a long enough passphrase");
    await page.locator("#admin-password").press("Enter");
    await expect.poll(() => status.textContent()).toBe("Admin added: they can sign in here now.");
    expect(await inView(status)).toBe(true);
    expect(await email.getAttribute("aria-invalid")).toBeNull();
    expect(await descriptionOf(email)).not.toContain("An admin with that email exists");
  });
});

describe("visible focus", () => {
  it.each([
    ["tax", () => `${taxUrl}/`],
    ["inventory", () => `${inventoryUrl}/admin`],
  ] as const)("%s: the focus ring contrasts at least 3:1 with the card and the page behind it (WCAG 1.4.11)", async (_service, url) => {
    const page = await newPage();
    await page.goto(url());
    // Reached from the keyboard, so that :focus-visible applies as for a keyboard user.
    await expect
      .poll(async () => {
        await page.keyboard.press("Tab");
        return focused(page);
      })
      .toBe("INPUT#signin-email");
    const [style, ring, card, body] = await page.evaluate(() => {
      const el = document.activeElement as Element;
      const cs = getComputedStyle(el);
      return [
        cs.outlineStyle,
        cs.outlineColor,
        getComputedStyle(el.closest("section") as Element).backgroundColor,
        getComputedStyle(document.body).backgroundColor,
      ];
    });
    expect(style).toBe("solid");
    expect(contrast(ring, card)).toBeGreaterThanOrEqual(3);
    expect(contrast(ring, body)).toBeGreaterThanOrEqual(3);
  });
});

describe("reflow at 320 CSS px (1280 px at 400 % zoom, WCAG 1.4.10)", () => {
  it.each([
    ["tax", signUpTax],
    ["inventory", signInInventory],
  ] as const)("%s: signed in, the page does not scroll sideways", async (_service, signIn) => {
    const page = await newPage(320, 800);
    await signIn(page);
    await expectNoSidewaysScroll(page);
  });

  it("tax: a refusal quoting an endpoint id or a long host name beside the form does not push the page sideways", async () => {
    const page = await newPage(320, 800);
    await signUpTax(page);
    const url = page.locator("#webhook-url");
    const status = page.locator("form", { has: url }).getByRole("status");
    await url.fill("https://example.com/hooks");
    await url.press("Enter");
    await storedIt(page);
    await expect.poll(() => page.locator("#webhooks tr[data-endpoint-id]").count()).toBe(1);
    await actionsIdle(page);
    await url.fill("https://example.com/hooks");
    await url.press("Enter");
    await expect.poll(() => status.textContent()).toMatch(/^url: webhook endpoint whk_\w+ already has this URL/);
    await expectNoSidewaysScroll(page);
    // A one-label host name of 63 characters, quoted in its refusal.
    await url.fill(`https://${"receiver".repeat(7)}/hooks`);
    await url.press("Enter");
    await expect.poll(() => status.textContent()).toMatch(/^url: must use a public, fully qualified host name/);
    await expectNoSidewaysScroll(page);
  });
});

describe("the API reference pages (/api/v1/docs)", () => {
  it.each([
    ["tax", () => taxUrl],
    ["inventory", () => inventoryUrl],
  ] as const)(
    "%s: the reference is the page's main landmark, its Servers drop-down is named, and each method badge is 4.5:1 text",
    async (_service, base) => {
      const page = await newPage();
      await page.goto(`${base()}/api/v1/docs`);
      await page.waitForSelector(".opblock-summary-method", { timeout: 240_000 });
      expect(await page.getByRole("main").locator(".opblock").count()).toBeGreaterThan(0);
      // WCAG 4.1.2 and 2.5.3: the name says what it chooses and holds the visible title.
      await expect.poll(() => page.locator(".servers").ariaSnapshot()).toMatch(/combobox "Servers"/);
      const badges = await page
        .locator(".opblock-summary-method")
        .evaluateAll((spans) => [
          ...new Map(
            spans.map((s) => [s.textContent, [s.textContent, getComputedStyle(s).color, getComputedStyle(s).backgroundColor] as const]),
          ).values(),
        ]);
      expect(badges.length).toBeGreaterThanOrEqual(3);
      const low = badges
        .filter(([, fg, bg]) => contrast(fg, bg) < 4.5)
        .map(([method, fg, bg]) => `${method} ${fg} on ${bg}: ${contrast(fg, bg).toFixed(2)}`);
      expect(low).toEqual([]);
    },
    // The 1.5 MB Swagger bundle is parsed and every operation drawn by a renderer with a small share of a loaded machine.
    300_000,
  );
});
