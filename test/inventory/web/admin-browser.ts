// A browser of the inventory admin area, as the workerd tests drive it: the sign-in form's double-submit cookie, the
// session and device cookies it is given, the page, and the management API called with its session.
import { fetchWorker } from "../../worker-under-test";
import { expect } from "vitest";
import { cookieValue, randomAddress } from "../../web-session";
import { INVENTORY } from "../helpers";

export const DEVICE = "__Host-inv_device";

export interface Browser {
  address: string;
  formToken: string;
  cookies: Map<string, string>;
  /** Bindings the Worker runs with for this browser's posts (another SESSION_SECRET); the test env when absent. */
  bindings?: object;
}

/** A browser that has opened the sign-in page (its form token set). */
export async function browser(): Promise<Browser> {
  const response = await fetchWorker(`${INVENTORY}/admin`);
  expect(response.status).toBe(200);
  await response.text();
  const formToken = cookieValue(response, "__Host-inv_form")!;
  return { address: randomAddress(), formToken, cookies: new Map([["__Host-inv_form", formToken]]) };
}

export const cookieHeader = (b: Browser) => [...b.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

/** A form post from the page; the session and device cookies it sets or clears are kept as a browser keeps them. */
export async function post(b: Browser, path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  const request = new Request(`${INVENTORY}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: INVENTORY,
      Cookie: cookieHeader(b),
      "CF-Connecting-IP": b.address,
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
  const response = await fetchWorker(request, undefined, b.bindings);
  for (const name of ["__Host-inv_session", DEVICE]) {
    const value = cookieValue(response, name);
    if (value === "") b.cookies.delete(name);
    else if (value !== null) b.cookies.set(name, value);
  }
  return response;
}

export async function page(b: Browser): Promise<{ response: Response; html: string }> {
  const response = await fetchWorker(`${INVENTORY}/admin`, { headers: { Cookie: cookieHeader(b) } });
  return { response, html: await response.text() };
}

export const csrfOf = (html: string) => /<meta name="csrf-token" content="([^"]+)"/.exec(html)![1]!;

/** A management API call with the browser's cookies, and `csrf` as its X-CSRF-Token when given. */
export async function apiAs(b: Browser, method: string, path: string, body?: unknown, csrf?: string): Promise<Response> {
  const headers: Record<string, string> = { Cookie: cookieHeader(b) };
  if (csrf !== undefined) headers["X-CSRF-Token"] = csrf;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return fetchWorker(`${INVENTORY}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** Signs in through the form in a new browser; the session's CSRF token comes from the page it lands on. */
export async function signInWith(email: string, password: string): Promise<{ b: Browser; csrf: string }> {
  const b = await browser();
  const response = await post(b, "/admin/signin", { email, password, csrf: b.formToken });
  expect(response.status, await response.clone().text()).toBe(303);
  expect(response.headers.get("Location")).toBe("/admin");
  const { html } = await page(b);
  return { b, csrf: csrfOf(html) };
}
