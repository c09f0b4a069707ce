// Shared helpers for inventory route tests: every test creates its own organisation and keys with random
// ids, so no test depends on another's state or order.
import { env } from "cloudflare:test";
import { fetchWorker } from "../worker-under-test";
import { expect } from "vitest";
import { randomString, sha256Hex } from "../../src/platform/crypto";
import { guardForKey } from "../key-guards";
import type { KeyGuard } from "../../src/platform/keys/guard";
import type { InventoryScope } from "../../src/inventory/keys/api-key-auth";
import type { Plan } from "../../src/inventory/db/schema";
import { inKeyGuard } from "../reliability/kit";

export const INVENTORY = "http://inventory.test";
/** The organisations' GSTIN: Maharashtra (27), its check character U worked by the GSTN mod-36 rule. */
export const ORG_GSTIN = "27AABCS1429B1ZU";

/** A call to the management API as the operator (`Authorization: Bearer <ADMIN_TOKEN>`). */
export function admin(method: string, path: string, body?: unknown): Promise<Response> {
  return fetchWorker(`${INVENTORY}${path}`, {
    method,
    headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A call to `/api/v1/*` with an API key (null: no Authorization header). */
export function api(path: string, key: string | null, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (key !== null) headers.set("Authorization", `Bearer ${key}`);
  if (init.body !== undefined && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  return fetchWorker(`${INVENTORY}${path}`, { ...init, headers });
}

/** Asserts the status, printing the body when it differs, and returns the parsed JSON body. */
export async function expectStatus<T = any>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, `${response.status} ${text}`).toBe(status);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Asserts an error in the inventory envelope `{error, code}` and returns its message. */
export async function expectError(response: Response, status: number, code: string): Promise<string> {
  const body = await expectStatus<{ error: string; code: string }>(response, status);
  expect(body, JSON.stringify(body)).toEqual({ error: expect.any(String), code });
  return body.error;
}

export async function createOrg(plan: Plan = "business", subscriptionStatus: "active" | "lapsed" = "active"): Promise<string> {
  const body = await expectStatus<{ data: { id: string } }>(
    // Registered in Maharashtra: sales to the Tamil Nadu customers of the tests are inter-state (IGST at the full rate).
    await admin("POST", "/admin/api/orgs", {
      name: `Mill ${crypto.randomUUID().slice(0, 8)}`,
      plan,
      subscription_status: subscriptionStatus,
      gstin: ORG_GSTIN,
    }),
    201,
  );
  return body.data.id;
}

export interface TestKey {
  id: string;
  key: string;
  prefix: string;
  orgId: string;
}

export async function createKey(
  orgId: string,
  options: { access?: "read_only" | "read_write"; scopes?: InventoryScope[]; expires_at?: string; name?: string } = {},
): Promise<TestKey> {
  const response = await admin("POST", `/admin/api/orgs/${orgId}/keys`, { access: "read_only", ...options });
  const body = await expectStatus<{ data: { id: string; key: string; prefix: string } }>(response, 201);
  return { id: body.data.id, key: body.data.key, prefix: body.data.prefix, orgId };
}

/** A signed-in organisation admin: rows inserted directly, as the sign-in page would. */
export interface TestSession {
  orgId: string;
  /** The admin's id, as `GET /admin/api/orgs/{id}/admins` lists it. */
  userId: string;
  email: string;
  cookie: string;
  csrf: string;
}

export async function signIn(orgId: string): Promise<TestSession> {
  const now = Date.now();
  const userId = `usr_${crypto.randomUUID()}`;
  const email = `admin-${crypto.randomUUID()}@example.com`;
  const token = randomString(43);
  const csrf = randomString(32);
  await env.DB.batch([
    env.DB.prepare("INSERT INTO admin_users (id, org_id, email, password_hash, created_at) VALUES (?, ?, ?, 'x', ?)").bind(userId, orgId, email, now),
    env.DB.prepare("INSERT INTO sessions (id, user_id, org_id, token_hash, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)").bind(
      `ses_${crypto.randomUUID()}`,
      userId,
      orgId,
      await sha256Hex(token),
      csrf,
      now,
      now + 3_600_000,
    ),
  ]);
  return { orgId, userId, email, cookie: `__Host-inv_session=${token}`, csrf };
}

/** A call to the management API with a session cookie (and its CSRF token on writes). */
export function asSession(
  session: TestSession,
  method: string,
  path: string,
  body?: unknown,
  options: { csrf?: boolean; idempotencyKey?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { Cookie: session.cookie };
  if (method !== "GET" && options.csrf !== false) headers["X-CSRF-Token"] = session.csrf;
  if (options.idempotencyKey !== undefined) headers["Idempotency-Key"] = options.idempotencyKey;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return fetchWorker(`${INVENTORY}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** Runs `fn` inside the key's own Durable Object: a clock we cannot wait for, or more calls than HTTP needs. */
export async function inGuard<T>(key: string, fn: (instance: KeyGuard) => T): Promise<T> {
  return inKeyGuard(await guardForKey(env.KEY_GUARD, key), fn);
}
