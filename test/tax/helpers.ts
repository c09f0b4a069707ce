// Shared helpers for tax route tests: every test creates its own account and keys with random ids.
import { env } from "cloudflare:test";
import { fetchWorker } from "../worker-under-test";
import { expect } from "vitest";
import { TAX_SCOPES, type TaxScope } from "../../src/tax/keys/scopes";
import { setCookies } from "../web-session";

export const TAX = "http://tax.test";

export function randomEmail(tag = "user"): string {
  return `${tag}-${crypto.randomUUID()}@example.com`;
}

export async function admin(method: string, path: string, body?: unknown): Promise<Response> {
  return fetchWorker(`${TAX}${path}`, {
    method,
    headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export interface TestKey {
  id: string;
  key: string;
  email: string;
}

export async function createAccount(email = randomEmail()): Promise<string> {
  const response = await admin("POST", "/admin/api/accounts", { email });
  await expectStatus(response, 201);
  return email;
}

export async function createKey(options: { scopes?: readonly TaxScope[]; email?: string; expiresInDays?: number } = {}): Promise<TestKey> {
  const email = options.email ?? (await createAccount());
  const response = await admin("POST", "/admin/api/keys", {
    accountEmail: email,
    scopes: options.scopes ?? TAX_SCOPES,
    ...(options.expiresInDays ? { expiresInDays: options.expiresInDays } : {}),
  });
  const body = await expectStatus<{ data: { id: string; key: string } }>(response, 201);
  return { id: body.data.id, key: body.data.key, email };
}

export function api(path: string, key: string | null, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (key !== null) headers.set("Authorization", `Bearer ${key}`);
  if (init.body !== undefined && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  return fetchWorker(`${TAX}${path}`, { ...init, headers });
}

/** Asserts the status, printing the body when it differs, and returns the parsed JSON body. */
export async function expectStatus<T = any>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, `${response.status} ${text}`).toBe(status);
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function expectError(response: Response, status: number, code: string): Promise<string> {
  const body = await expectStatus<{ error: { code: string; message: string }; requestId: string }>(response, status);
  expect(body.error.code).toBe(code);
  expect(body.requestId).toBe(response.headers.get("X-Request-Id"));
  return body.error.message;
}

/** Razorpay's webhook signature: hex HMAC-SHA256 of the raw body with the webhook secret. */
async function sign(body: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(env.RAZORPAY_WEBHOOK_SECRET), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return [...new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(body)))]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");
}

export async function billing(event: string, payload: Record<string, unknown>) {
  const body = JSON.stringify({ entity: "event", event, payload });
  return expectStatus<{ data: { activated: boolean; deactivated: boolean; reason?: string } }>(
    await api("/billing/webhook", null, { method: "POST", body, headers: { "X-Razorpay-Signature": await sign(body) } }),
    200,
  );
}

/** ₹999.00, the plan price configured for the tax service (PAID_PLAN_PRICE_PAISE in wrangler.tax.toml). */
export const PRICE_PAISE = 99_900;

export function capture(email: string, paymentId: string, amount = PRICE_PAISE, currency = "INR") {
  return billing("payment.captured", {
    payment: { entity: { id: paymentId, amount, currency, status: "captured", notes: { accountEmail: email } } },
  });
}

/** A signed-in user, through the real sign-up form. */
export async function signedIn(): Promise<{ cookie: string; csrf: string; email: string }> {
  const first = await fetchWorker(`${TAX}/`);
  await first.text();
  const formToken = /^__Host-tax_form=([^;]+)/.exec(setCookies(first).find((h) => h.startsWith("__Host-tax_form="))!)![1]!;
  const email = randomEmail();
  const response = await fetchWorker(`${TAX}/auth/signup`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: TAX,
      Cookie: `__Host-tax_form=${formToken}`,
      "CF-Connecting-IP": `10.9.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`,
    },
    body: new URLSearchParams({ email, password: "correct horse battery", csrf: formToken }).toString(),
  });
  expect(response.status).toBe(303);
  const session = setCookies(response).find((h) => h.startsWith("__Host-tax_session="))!;
  const cookie = session.split(";")[0]!;
  const page = await (await fetchWorker(`${TAX}/`, { headers: { Cookie: cookie } })).text();
  return { cookie, csrf: /<meta name="csrf-token" content="([^"]+)"/.exec(page)![1]!, email };
}
