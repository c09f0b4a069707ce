// A local webhook receiver for `npm start`: verifies every delivery with the repository's own verifyWebhook
// (src/platform/webhooks/verify.ts, transpiled on the fly) and prints it. Register
// http://127.0.0.1:<port>/ as an endpoint (WEBHOOK_ALLOW_LOOPBACK=true in .dev.vars allows it).
//
//   node scripts/webhook-receiver.mjs --secret whsec_... [--scheme service-signature|x-service|standard-webhooks] [--port 9000] [--fail 2]
//
// --scheme: service-signature (tax, default), x-service (inventory), or standard-webhooks (the webhook-* headers
// both services also send). --fail N answers 500 to the first N receipts of each delivery, to watch the retry schedule.
// Each line's received=N counts the receipts of its delivery here, not the service's attempt number: an attempt
// that came before the receiver listened, or whose answer was lost, is not in it.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { parseArgs } from "node:util";
import ts from "typescript";

const { values } = parseArgs({
  options: {
    secret: { type: "string", default: process.env.WEBHOOK_SECRET ?? "" },
    scheme: { type: "string", default: "service-signature" },
    port: { type: "string", default: "9000" },
    fail: { type: "string", default: "0" },
  },
});
if (!values.secret.startsWith("whsec_")) throw new Error("Pass --secret whsec_… (the secret shown when the endpoint was created)");
if (!["service-signature", "x-service", "standard-webhooks"].includes(values.scheme)) {
  throw new Error("--scheme is service-signature (tax), x-service (inventory) or standard-webhooks (either)");
}

const source = readFileSync(new URL("../src/platform/webhooks/verify.ts", import.meta.url), "utf8");
const { outputText } = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } });
const { verifyWebhook } = await import(`data:text/javascript;base64,${Buffer.from(outputText).toString("base64")}`);

const attemptsSeen = new Map(); // delivery id -> attempts received: the delivery id is the idempotency key
// event id -> the delivery that brought it first: a re-send (or a replay of a captured delivery) brings the same
// event under a new delivery id, and is answered 2xx without processing it again
const processedEvents = new Map();
createServer(async (request, response) => {
  // Deliveries are POSTs; a GET answers that the receiver listens.
  if (request.method === "GET") {
    response.writeHead(200, { "Content-Type": "text/plain" }).end("listening");
    return;
  }
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  const raw = Buffer.concat(chunks); // verify the raw bytes before any JSON parsing
  const result = await verifyWebhook(values.secret, request.headers, new Uint8Array(raw), { scheme: values.scheme, toleranceSeconds: 300 });
  const at = new Date().toISOString();
  if (!result.ok) {
    console.log(`${at} REJECTED ${result.reason}: ${result.message}`);
    response.writeHead(400).end(result.reason);
    return;
  }
  const seen = (attemptsSeen.get(result.deliveryId) ?? 0) + 1;
  attemptsSeen.set(result.deliveryId, seen);
  // The event's id and type come from the signed body (verifyWebhook reads them there), never from a header.
  const first = processedEvents.get(result.eventId);
  if (first !== undefined && first !== result.deliveryId) {
    console.log(
      `${at} verified ${result.eventType} event=${result.eventId} delivery=${result.deliveryId}: already processed (delivery ${first}), not again -> 200`,
    );
    response.writeHead(200, { "Content-Type": "text/plain" }).end("duplicate event ok");
    return;
  }
  const status = seen <= Number(values.fail) ? 500 : 200;
  if (status === 200 && result.eventId !== null) processedEvents.set(result.eventId, result.deliveryId);
  console.log(
    `${at} verified ${result.eventType} event=${result.eventId} delivery=${result.deliveryId} received=${seen} t=${result.timestampSeconds} -> ${status}`,
  );
  console.log(`  ${raw.toString("utf8")}`);
  response.writeHead(status, { "Content-Type": "text/plain" }).end(status === 200 ? (seen > 1 ? "duplicate ok" : "ok") : "failing on purpose");
}).listen(Number(values.port), "127.0.0.1", () => {
  console.log(`Receiving ${values.scheme} webhooks on http://127.0.0.1:${values.port}/ (Ctrl-C to stop)`);
});
