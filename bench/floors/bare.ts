// Floor (1): the least a Hono Worker on this runtime pays to answer with a small JSON body. Every scenario's
// throughput and latency is read as a ratio to this, measured in the same run, process and load tool.
import { Hono } from "hono";

const app = new Hono();

app.get("/floor/bare", (c) => c.json({ data: { ok: true, service: "floor", version: "1.0.0" } }));

export default app;
