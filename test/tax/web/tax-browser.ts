// A browser of the tax web page, as the workerd tests drive it: the sign-up and sign-in forms' double-submit cookie,
// the session and device cookies it is given, the page, and the management API called with its session.
import { fetchWorker } from "../../worker-under-test";
import { expect } from "vitest";
import { cookieValue, randomAddress } from "../../web-session";
import { randomEmail, TAX } from "../helpers";

export const PASSWORD = "correct horse battery";
/** The cookies' names off plain-http loopback, where they are Secure and the browser enforces their prefix. */
export const SESSION = "__Host-tax_session";
export const FORM = "__Host-tax_form";
export const DEVICE = "__Host-tax_device";

export interface Browser {
  address: string;
  /** The session, form and device cookies' names at `base`. */
  names: { session: string; form: string; device: string };
  formToken: string;
  cookies: Map<string, string>;
  base: string;
  /** Bindings the Worker runs with for this browser's posts (another SESSION_SECRET); the test env when absent. */
  bindings?: object;
}

/** A fresh "browser": loads the sign-in page for its double-submit cookie; one client address per browser. */
export async function browser(base = TAX): Promise<Browser> {
  const response = await fetchWorker(`${base}/`);
  expect(response.status).toBe(200);
  await response.text();
  const names =
    new URL(base).hostname === "127.0.0.1"
      ? { session: "tax_session", form: "tax_form", device: "tax_device" }
      : { session: SESSION, form: FORM, device: DEVICE };
  const formToken = cookieValue(response, names.form)!;
  expect(formToken).toMatch(/^[0-9A-Za-z]{32}$/);
  return { address: randomAddress(), names, formToken, cookies: new Map([[names.form, formToken]]), base };
}

export function cookieHeader(b: Browser): string {
  return [...b.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
}

export async function post(b: Browser, path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  const request = new Request(`${b.base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: b.base,
      Cookie: cookieHeader(b),
      "CF-Connecting-IP": b.address,
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
  const response = await fetchWorker(request, undefined, b.bindings);
  for (const name of [b.names.session, b.names.device]) {
    const value = cookieValue(response, name);
    if (value === "") b.cookies.delete(name);
    else if (value !== null) b.cookies.set(name, value);
  }
  return response;
}

export async function signUp(b: Browser, email = randomEmail(), password = PASSWORD): Promise<string> {
  const response = await post(b, "/auth/signup", { email, password, csrf: b.formToken });
  expect(response.status, await response.clone().text()).toBe(303);
  expect(response.headers.get("Location")).toBe("/");
  return email;
}

export async function page(b: Browser): Promise<{ response: Response; html: string }> {
  const response = await fetchWorker(`${b.base}/`, { headers: { Cookie: cookieHeader(b) } });
  return { response, html: await response.text() };
}

export function csrfOf(html: string): string {
  return /<meta name="csrf-token" content="([^"]+)"/.exec(html)![1]!;
}

export async function apiAs(b: Browser, method: string, path: string, body?: unknown, csrf?: string): Promise<Response> {
  const headers: Record<string, string> = { Cookie: cookieHeader(b) };
  if (csrf !== undefined) headers["X-CSRF-Token"] = csrf;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return fetchWorker(`${b.base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** A signed-in user with its CSRF token. */
export async function signedIn(): Promise<{ b: Browser; email: string; csrf: string }> {
  const b = await browser();
  const email = await signUp(b);
  const { html } = await page(b);
  return { b, email, csrf: csrfOf(html) };
}
