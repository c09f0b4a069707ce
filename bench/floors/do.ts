// Floors for the key check, which is one RPC to the key's Durable Object (src/platform/keys/guard.ts). Three
// steps, each adding one thing the real check does, so the table shows where its cost goes:
//   /floor/do/rpc      idFromName(fixed) + one RPC that returns a small object (no storage)
//   /floor/do/put      the same RPC, which also counts and writes the counter (storage.put; the output gate
//                      holds the reply until the write is durable, as for an allowed request)
//   /floor/do/keyed    SHA-256 of a bearer key, idFromName(hash), then the counting RPC: the key check's shape
import { DurableObject } from "cloudflare:workers";
import { Hono } from "hono";

interface Counter {
  window: number;
  count: number;
}

export class FloorGuard extends DurableObject {
  private counter: Counter = { window: -1, count: 0 };

  ping(): { ok: true } {
    return { ok: true };
  }

  count(nowMs: number): { remaining: number } {
    const window = Math.floor(nowMs / 60_000);
    this.counter = this.counter.window === window ? { window, count: this.counter.count + 1 } : { window, count: 1 };
    void this.ctx.storage.put("counter", this.counter);
    return { remaining: Math.max(0, 1_000_000 - this.counter.count) };
  }
}

type Env = { Bindings: { FLOOR_GUARD: DurableObjectNamespace<FloorGuard> } };
const app = new Hono<Env>();
const encoder = new TextEncoder();

async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
  let hex = "";
  for (const byte of digest) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

app.get("/floor/do/rpc", async (c) => {
  const stub = c.env.FLOOR_GUARD.get(c.env.FLOOR_GUARD.idFromName("floor"));
  return c.json({ data: await stub.ping() });
});

app.get("/floor/do/put", async (c) => {
  const stub = c.env.FLOOR_GUARD.get(c.env.FLOOR_GUARD.idFromName("floor"));
  return c.json({ data: await stub.count(Date.now()) });
});

app.get("/floor/do/keyed", async (c) => {
  const key = /^Bearer +(\S+)$/i.exec(c.req.header("Authorization") ?? "")?.[1] ?? "anonymous";
  const stub = c.env.FLOOR_GUARD.get(c.env.FLOOR_GUARD.idFromName(await sha256Hex(key)));
  return c.json({ data: await stub.count(Date.now()) });
});

export default app;
