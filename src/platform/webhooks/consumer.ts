// The queue side of webhook delivery, service-agnostic: a message names a delivery (`{deliveryId}`); the
// delivery's row, not the message, says which attempt is next. That makes every message idempotent: a
// duplicate, early or stale message either waits for the row's next attempt time or finds the delivery final.
import { loggableError } from "../d1";
import { attemptDelivery, type AttemptResult } from "./deliver";
import { firstAttemptAt, hopDelaySeconds, nextAttemptDue, type RetrySchedule } from "./schedule";
import { signedHeaders, type WebhookScheme } from "./sign";
import { checkWebhookUrl } from "./url";

export interface WebhookMessage {
  deliveryId: string;
}

export type DeliveryStatus = "pending" | "delivered" | "failed";

/** What the consumer needs to know about one delivery (the service joins its endpoint and event). */
export interface DeliveryJob {
  id: string;
  status: DeliveryStatus;
  /** Attempts recorded so far. */
  attempts: number;
  nextAttemptAt: number | null;
  /** Unix ms of the first attempt's signature timestamp (original-timestamp schedules), else null. */
  signedAt: number | null;
  eventType: string;
  /** The exact body every attempt sends. */
  body: string;
  endpoint: {
    id: string;
    url: string;
    /** The signing secret as stored: sealed, or clear in a row written before sealing (see secrets.ts). */
    secret: string;
    /** The secret before the last roll, as stored, signing too until `expiresAt` (unix ms). */
    previousSecret: { secret: string; expiresAt: number } | null;
    deleted: boolean;
    disabled: boolean;
  } | null;
}

export interface AttemptRecord extends AttemptResult {
  attempt: number;
  /** True for a failure recorded without sending: it says nothing about the receiver. */
  notSent?: boolean;
}

export interface DeliveryUpdate {
  status: DeliveryStatus;
  nextAttemptAt: number | null;
  signedAt: number | null;
  completedAt: number | null;
}

/** An endpoint's secrets opened for signing one attempt. */
export interface SigningSecrets {
  secret: string;
  /** The previous secret during a roll's overlap, if it can be opened. */
  previousSecret: string | null;
}

/** The service's storage and I/O, passed in: the platform never sees a service's Env or tables. */
export interface WebhookPorts {
  getDelivery(deliveryId: string): Promise<DeliveryJob | null>;
  /**
   * Opens the endpoint's stored secrets (`previousSecret` null when none signs now). Null when the current secret
   * can no longer be opened (the service's SESSION_SECRET changed since it was sealed): the attempt is not sent.
   */
  openSecrets(deliveryId: string, endpointId: string, stored: { secret: string; previousSecret: string | null }): Promise<SigningSecrets | null>;
  /** Clears the endpoint's previous secret if its overlap had ended by `now`: an expired secret is not kept. */
  dropExpiredPreviousSecret(endpointId: string, now: number): Promise<void>;
  /**
   * Claims attempt `attempt` (the delivery still has `attempt - 1` attempts, is pending, and its next attempt
   * time is null or not after `dueBy`) by moving its next attempt time to `leaseUntil`. False when another
   * consumer holds the claim: duplicate messages never send the same attempt twice at once.
   */
  claimAttempt(deliveryId: string, attempt: number, dueBy: number, leaseUntil: number): Promise<boolean>;
  /**
   * Records attempt `record.attempt` and the delivery's new state, only while the delivery still has
   * `record.attempt - 1` attempts and is pending. False when another consumer recorded that attempt first, when
   * the delivery ended without it meanwhile (a sent attempt then replaces that ending's "not sent" one), or when
   * this failure disabled the endpoint, which ends the delivery too: the delivery is then not in `update`'s state.
   */
  recordAttempt(deliveryId: string, record: AttemptRecord, update: DeliveryUpdate): Promise<boolean>;
  clock(): number;
  /** Waits out the last fraction of a second before an attempt that a whole-second queue delay brought early. */
  wait(ms: number): Promise<void>;
  fetch: typeof fetch;
}

export interface WebhookPolicy {
  scheme: WebhookScheme;
  schedule: RetrySchedule;
  allowLoopback: boolean;
}

export type Decision = { action: "ack"; reason: string } | { action: "retry"; delaySeconds: number; reason: string };

export interface Processed {
  decision: Decision;
  /** The attempt this call made or recorded, if any. */
  attempt: AttemptRecord | null;
  status: DeliveryStatus | null;
  nextAttemptAt: number | null;
}

/**
 * A message may arrive this much before its row's next attempt time; the consumer then waits until the time
 * itself. Queue delays are whole seconds rounded down, so every retry arrives inside this margin.
 */
const EARLY_TOLERANCE_MS = 1_000;
/** A claim outlives the attempt's timeout by this much; a consumer that died mid-attempt is retried after it. */
const LEASE_MARGIN_MS = 5_000;

/** Why an attempt was not sent because of its endpoint: the store ends pending deliveries with the same words. */
export const ENDPOINT_STOPPED = { deleted: "the endpoint was deleted", disabled: "the endpoint is disabled" } as const;

/** Why an attempt was not sent when its secret cannot be opened: an unsigned delivery is never sent instead. */
export const SECRET_UNREADABLE =
  "the endpoint's signing secret can no longer be read (the service's sealing key was changed); roll the endpoint's secret, then re-send";

/** The error an attempt that was not sent records. */
export const notSentError = (reason: string): string => `not sent: ${reason}`;

const notSent = (attempt: number, at: number, reason: string): AttemptRecord => ({
  attempt,
  attemptedAt: at,
  outcome: "failed",
  responseStatus: null,
  durationMs: 0,
  error: notSentError(reason),
  notSent: true,
});

/** Records a final failure without sending (endpoint deleted, URL refused, window closed, dead-lettered). */
export async function failWithoutSending(ports: WebhookPorts, job: DeliveryJob, reason: string): Promise<Processed> {
  const at = ports.clock();
  const record = notSent(job.attempts + 1, at, reason);
  await ports.recordAttempt(job.id, record, { status: "failed", nextAttemptAt: null, signedAt: job.signedAt, completedAt: at });
  return { decision: { action: "ack", reason }, attempt: record, status: "failed", nextAttemptAt: null };
}

/** Runs the delivery's next attempt if it is due, records it, and says whether to ack or retry the message. */
export async function processDelivery(deliveryId: string, ports: WebhookPorts, policy: WebhookPolicy): Promise<Processed> {
  const job = await ports.getDelivery(deliveryId);
  if (!job) return { decision: { action: "ack", reason: "unknown delivery" }, attempt: null, status: null, nextAttemptAt: null };
  if (job.status !== "pending")
    return { decision: { action: "ack", reason: `already ${job.status}` }, attempt: null, status: job.status, nextAttemptAt: null };
  if (!job.endpoint || job.endpoint.deleted) return failWithoutSending(ports, job, ENDPOINT_STOPPED.deleted);
  if (job.endpoint.disabled) return failWithoutSending(ports, job, ENDPOINT_STOPPED.disabled);

  const { schedule } = policy;
  const now = ports.clock();
  if (job.nextAttemptAt !== null && now < job.nextAttemptAt - EARLY_TOLERANCE_MS) {
    // A hop of a long gap, or a duplicate message: wait until the row's next attempt is due.
    const delaySeconds = hopDelaySeconds(job.nextAttemptAt, now);
    return { decision: { action: "retry", delaySeconds, reason: "not due yet" }, attempt: null, status: "pending", nextAttemptAt: job.nextAttemptAt };
  }

  const attempt = job.attempts + 1;
  if (attempt > schedule.offsetsSeconds.length) return failWithoutSending(ports, job, "no attempts left in the schedule");
  const url = checkWebhookUrl(job.endpoint.url, { allowLoopback: policy.allowLoopback });
  if (!url.ok) return failWithoutSending(ports, job, `the URL is not allowed (${url.reason})`);

  let signedAt = job.signedAt;
  if (schedule.timestamps === "original") {
    if (signedAt === null) signedAt = Math.floor(now / 1000) * 1000;
    else if (now - signedAt > schedule.maxAgeSeconds! * 1000) {
      return failWithoutSending(
        ports,
        job,
        `more than ${schedule.maxAgeSeconds} s after the first attempt, receivers would refuse the original timestamp`,
      );
    }
  }
  const previous = job.endpoint.previousSecret;
  if (previous !== null && previous.expiresAt <= now) await ports.dropExpiredPreviousSecret(job.endpoint.id, now);
  const secrets = await ports.openSecrets(job.id, job.endpoint.id, {
    secret: job.endpoint.secret,
    previousSecret: previous !== null && previous.expiresAt > now ? previous.secret : null,
  });
  if (!secrets) return failWithoutSending(ports, job, SECRET_UNREADABLE);
  const earlyMs = job.nextAttemptAt === null ? 0 : Math.max(0, job.nextAttemptAt - now);
  if (!(await ports.claimAttempt(job.id, attempt, now + EARLY_TOLERANCE_MS, now + earlyMs + schedule.timeoutMs + LEASE_MARGIN_MS))) {
    // Another consumer is making this attempt right now (a duplicate message); its chain carries on.
    return { decision: { action: "ack", reason: "attempt claimed by another consumer" }, attempt: null, status: "pending", nextAttemptAt: null };
  }
  if (earlyMs > 0) await ports.wait(earlyMs);
  const attemptSeconds = Math.floor(ports.clock() / 1000);
  const headers = await signedHeaders({
    scheme: policy.scheme,
    secret: secrets.secret,
    previousSecret: previous !== null && previous.expiresAt > ports.clock() ? secrets.previousSecret : null,
    timestampSeconds: signedAt === null ? attemptSeconds : Math.floor(signedAt / 1000),
    attemptSeconds,
    body: job.body,
    deliveryId: job.id,
    eventType: job.eventType,
  });
  const result = await attemptDelivery({
    url: url.url,
    headers,
    body: job.body,
    timeoutMs: schedule.timeoutMs,
    fetch: ports.fetch,
    clock: ports.clock,
  });
  const record: AttemptRecord = { attempt, ...result };

  let update: DeliveryUpdate;
  if (result.outcome === "delivered") {
    update = { status: "delivered", nextAttemptAt: null, signedAt, completedAt: ports.clock() };
  } else {
    // The first attempt's time: this attempt's own, or derived from when this retry was due.
    const firstAt = job.nextAttemptAt === null ? result.attemptedAt : firstAttemptAt(schedule, attempt, job.nextAttemptAt);
    const nextAt = nextAttemptDue(schedule, attempt, firstAt);
    const tooLate = nextAt !== null && schedule.timestamps === "original" && nextAt - signedAt! > schedule.maxAgeSeconds! * 1000;
    update =
      nextAt === null || tooLate
        ? { status: "failed", nextAttemptAt: null, signedAt, completedAt: ports.clock() }
        : { status: "pending", nextAttemptAt: nextAt, signedAt, completedAt: null };
  }
  const recorded = await ports.recordAttempt(job.id, record, update);
  if (!recorded) {
    // Another consumer recorded this attempt first (a duplicate message), and its chain carries on; or the
    // delivery ended while this attempt was on its way, or with it (the failure disabled the endpoint), and the
    // store kept this attempt as its last one.
    const now = await ports.getDelivery(job.id);
    const reason = now?.status === "pending" ? "attempt recorded by another consumer" : `already ${now?.status ?? "gone"}`;
    return { decision: { action: "ack", reason }, attempt: record, status: now?.status ?? null, nextAttemptAt: now?.nextAttemptAt ?? null };
  }
  const decision: Decision =
    update.status === "pending"
      ? { action: "retry", delaySeconds: hopDelaySeconds(update.nextAttemptAt!, ports.clock()), reason: `attempt ${attempt} failed` }
      : { action: "ack", reason: update.status };
  return { decision, attempt: record, status: update.status, nextAttemptAt: update.nextAttemptAt };
}

export function deliveryIdOf(body: unknown): string | null {
  const id = (body as Partial<WebhookMessage> | null)?.deliveryId;
  return typeof id === "string" && id.length > 0 && id.length <= 64 ? id : null;
}

export interface ConsumeOptions {
  /** Called for unexpected errors (storage down); never receives secrets or bodies. */
  log?: (message: string, detail: Record<string, unknown>) => void;
}

/** Delay before a message whose processing threw is tried again; counted against the queue's max_retries. */
const ERROR_RETRY_SECONDS = 5;

/** The main queue's consumer: each message is acked or retried with its own delay. */
export async function consumeWebhookBatch(
  batch: MessageBatch<unknown>,
  ports: WebhookPorts,
  policy: WebhookPolicy,
  options: ConsumeOptions = {},
): Promise<void> {
  const log = options.log ?? ((message, detail) => console.error(message, JSON.stringify(detail)));
  await Promise.all(
    batch.messages.map(async (message) => {
      const deliveryId = deliveryIdOf(message.body);
      if (!deliveryId) {
        log("webhook message without a delivery id", { messageId: message.id });
        message.ack();
        return;
      }
      try {
        const { decision } = await processDelivery(deliveryId, ports, policy);
        if (decision.action === "ack") message.ack();
        else message.retry({ delaySeconds: decision.delaySeconds });
      } catch (error) {
        log("webhook delivery error", { deliveryId, error: loggableError(error) });
        message.retry({ delaySeconds: ERROR_RETRY_SECONDS });
      }
    }),
  );
}

/**
 * The dead-letter queue's consumer: a message lands there after the main queue's max_retries, so its
 * delivery, if still pending, gets its final `failed` state here. Nothing is dropped unrecorded.
 */
export async function consumeDeadLetters(batch: MessageBatch<unknown>, ports: WebhookPorts, options: ConsumeOptions = {}): Promise<void> {
  const log = options.log ?? ((message, detail) => console.error(message, JSON.stringify(detail)));
  for (const message of batch.messages) {
    const deliveryId = deliveryIdOf(message.body);
    try {
      const job = deliveryId ? await ports.getDelivery(deliveryId) : null;
      if (job && job.status === "pending") await failWithoutSending(ports, job, "dead-lettered after the queue's retries ran out");
      message.ack();
    } catch (error) {
      log("webhook dead-letter error", { deliveryId, error: loggableError(error) });
      message.retry({ delaySeconds: ERROR_RETRY_SECONDS });
    }
  }
}
