// A webhook receiver for tests: globalThis.fetch is replaced (the queue consumer runs in the test's isolate),
// every receiver gets its own URL, and each request is kept with its raw body and headers. Unknown URLs
// fail like an unreachable host, so nothing leaves the test.
import { afterAll, beforeAll, vi } from "vitest";

export interface Received {
  url: string;
  headers: Headers;
  body: string;
  /** Date.now() when it arrived. */
  at: number;
  init: RequestInit;
}

export type Behaviour = (n: number, request: Received) => Response | Promise<Response>;

const routes = new Map<string, { behaviour: Behaviour; received: Received[] }>();

export function installReceivers(): void {
  beforeAll(() => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init = {}) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      const route = routes.get(url);
      if (!route) throw new TypeError(`test receiver: no route for ${url}`);
      const request: Received = { url, headers: new Headers(init.headers), body: String(init.body ?? ""), at: Date.now(), init };
      route.received.push(request);
      return route.behaviour(route.received.length, request);
    });
  });
  afterAll(() => {
    vi.restoreAllMocks();
  });
}

/** A new receiver URL (https, a public-looking host) answering with `behaviour` (n counts from 1). */
export function receiver(behaviour: Behaviour = () => new Response("ok")): { url: string; received: Received[] } {
  const url = `https://receiver.example/${crypto.randomUUID()}`;
  const received: Received[] = [];
  routes.set(url, { behaviour, received });
  return { url, received };
}

export const respond = {
  ok: () => new Response("ok", { status: 200 }),
  fail: (status = 500) => new Response("receiver down", { status }),
  redirect: () => new Response(null, { status: 302, headers: { Location: "https://elsewhere.example/hook" } }),
  timeout: (): Response => {
    throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
  },
};
