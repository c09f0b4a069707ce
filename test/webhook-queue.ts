// Runs one webhook queue message through a Worker's queue handler (createMessageBatch/getQueueResult) and
// reports the delaySeconds of its retry() calls; `bindings` replaces the test env (e.g. another SESSION_SECRET).
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { vi } from "vitest";

type QueueWorker = Pick<Required<ExportedHandler<Record<string, unknown>>>, "queue">;

export async function consumeDelivery(worker: QueueWorker, queue: string, deliveryId: string, bindings: object = env) {
  const batch = createMessageBatch(queue, [{ id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body: { deliveryId } }]);
  const retry = vi.spyOn(batch.messages[0]!, "retry");
  const ctx = createExecutionContext();
  await worker.queue(batch, bindings as never, ctx);
  const result = await getQueueResult(batch, ctx);
  return { ...result, delays: retry.mock.calls.map((call) => call[0]?.delaySeconds) };
}
