// Retry schedules. A schedule lists when each attempt happens, in seconds after the first one; the consumer
// turns the gap to the next attempt into a Queues delay. Queues caps one delay at 12 h in the older limits
// page (24 h in the newer one), so longer gaps are crossed in hops of at most MAX_QUEUE_DELAY_SECONDS.

export interface RetrySchedule {
  /** Seconds after the first attempt at which each attempt happens; starts at 0, strictly ascending. */
  offsetsSeconds: readonly number[];
  /**
   * `fresh`: each attempt is signed with its own current timestamp. `original`: retries re-send the first
   * attempt's timestamp and signature input, so every attempt must land inside the receivers' window.
   */
  timestamps: "fresh" | "original";
  /** For `original`: no attempt is sent more than this many seconds after the first one. */
  maxAgeSeconds?: number;
  /** Per-attempt timeout. */
  timeoutMs: number;
}

export const MAX_QUEUE_DELAY_SECONDS = 43_200;

/** Throws at module load when a schedule is malformed or cannot keep its own window. */
export function defineSchedule(schedule: RetrySchedule): RetrySchedule {
  const offsets = schedule.offsetsSeconds;
  if (offsets[0] !== 0) throw new Error("A retry schedule starts with the first attempt at 0 s");
  for (let i = 1; i < offsets.length; i++) {
    if (!(offsets[i]! > offsets[i - 1]!)) throw new Error("Retry offsets must be strictly ascending");
  }
  if (schedule.timestamps === "original") {
    const maxAge = schedule.maxAgeSeconds;
    if (maxAge === undefined) throw new Error("An original-timestamp schedule needs maxAgeSeconds");
    if (offsets[offsets.length - 1]! + schedule.timeoutMs / 1000 > maxAge) {
      throw new Error("The last attempt (plus its timeout) must end inside maxAgeSeconds");
    }
  }
  return schedule;
}

/**
 * When the attempt after attempt `attempt` (1-based) is due, in Unix ms, or null after the last one. Counted
 * from the first attempt's time, never from the previous attempt, so an attempt's duration and the queue's
 * lag do not add up along the schedule.
 */
export function nextAttemptDue(schedule: RetrySchedule, attempt: number, firstAttemptAt: number): number | null {
  const next = schedule.offsetsSeconds[attempt];
  return next === undefined ? null : firstAttemptAt + next * 1000;
}

/** The first attempt's time, given the time attempt `attempt` (1-based) was due. */
export function firstAttemptAt(schedule: RetrySchedule, attempt: number, dueAt: number): number {
  return dueAt - (schedule.offsetsSeconds[attempt - 1] ?? 0) * 1000;
}

/**
 * The Queues delay for a message due at `dueAtMs`: whole seconds rounded down (the message arrives up to a
 * second early and the consumer waits out the rest, so queue lag is the only lateness), never negative, at
 * most one hop.
 */
export function hopDelaySeconds(dueAtMs: number, nowMs: number): number {
  return Math.min(MAX_QUEUE_DELAY_SECONDS, Math.max(0, Math.floor((dueAtMs - nowMs) / 1000)));
}
