// Helpers shared by both services' web page tests: client addresses, Set-Cookie parsing, and calls to the
// session-authenticated management API.
import { fetchWorker } from "./worker-under-test";

/** A random private client address, so each test's browser has its own sign-in throttle bucket. */
export function randomAddress(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(3));
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

/** Every Set-Cookie header (the runtime has getSetCookie; the type package lags behind). */
export function setCookies(response: Response): string[] {
  return (response.headers as unknown as { getSetCookie(): string[] }).getSetCookie();
}

export function cookieValue(response: Response, name: string): string | null {
  for (const header of setCookies(response)) {
    const match = new RegExp(`^${name}=([^;]*)`).exec(header);
    if (match) return match[1]!;
  }
  return null;
}

/** `as(user, method, path, body?, withCsrf?)`: a management API call under `base` with the user's session cookie. */
export function sessionCaller(base: string) {
  return (user: { cookie: string; csrf: string }, method: string, path: string, body?: unknown, withCsrf = true): Promise<Response> => {
    const headers: Record<string, string> = { Cookie: user.cookie };
    if (withCsrf) headers["X-CSRF-Token"] = user.csrf;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    return fetchWorker(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  };
}
