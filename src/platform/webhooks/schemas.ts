// The request bodies that register, edit and recover a webhook endpoint, the same in both services but for their events,
// an example URL and the name of the all-events field in the service's casing: one definition, so the two APIs
// cannot drift apart in what they accept.
import { z } from "@hono/zod-openapi";

/** A delivery's states: waiting for an attempt or a retry, answered with a 2xx, or given up on. */
export const DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;

export function endpointBodies<Events extends z.ZodEnum, AllEvents extends "allEvents" | "all_events">(
  events: Events,
  exampleUrl: string,
  allEventsField: AllEvents,
) {
  const url = z.string().max(2048).openapi({
    example: exampleUrl,
    description:
      "https only; no credentials; not a port browsers block (such as 0, 22 or 25); not a private, loopback, link-local or reserved address, nor localhost. One endpoint per URL: a URL another endpoint has (compared as stored: without a fragment, so `https://Example.com:443/hook#b` is `https://example.com/hook`) is 409 `conflict`, naming that endpoint",
  });
  const eventList = z
    .array(events)
    .min(1)
    .max(events.options.length)
    .refine((list) => new Set(list).size === list.length, "must not repeat an event");
  const allEvents = (description: string) =>
    ({ [allEventsField]: z.boolean().optional().openapi({ description }) }) as Record<AllEvents, z.ZodOptional<z.ZodBoolean>>;

  /** `true` stands for every event, so it comes without a list; `false` means a fixed list, so it needs one. */
  function oneEventChoice(body: object, ctx: z.RefinementCtx) {
    const fields = new Map(Object.entries(body));
    const choice = fields.get(allEventsField);
    const listed = fields.get("events") !== undefined;
    if (choice === true && listed) {
      ctx.addIssue({ code: "custom", path: [allEventsField], message: "true takes every event; send it without events" });
    } else if (choice === false && !listed) {
      ctx.addIssue({ code: "custom", path: [allEventsField], message: "false needs events, the fixed list to take" });
    }
  }

  const create = z
    .object({
      url,
      events: eventList.optional().openapi({
        description: `Exactly these events, not those added later. Without it the endpoint takes every event, those added later included (\`${allEventsField}: true\`)`,
      }),
      ...allEvents(`true (the default without \`events\`): every event, those added later included; false only beside \`events\``),
      description: z.string().trim().max(200).optional(),
    })
    .strict()
    .superRefine(oneEventChoice);

  const update = z
    .object({
      url: url.optional(),
      events: eventList
        .optional()
        .openapi({ description: `Replaces the subscribed events with exactly these; the endpoint no longer takes every event` }),
      ...allEvents(`true: every event from now on, those added later included (send it without \`events\`); false only beside \`events\``),
      description: z.string().trim().max(200).nullable().optional().openapi({ description: "null or an empty string clears it" }),
      disabled: z.boolean().optional().openapi({
        description: "true: no new deliveries, pending ones end as failed without being sent; false: enabled again, with a fresh failing streak",
      }),
    })
    .strict()
    .refine((body) => Object.values(body).some((v) => v !== undefined), `give at least one of url, events, ${allEventsField}, description, disabled`)
    .superRefine(oneEventChoice);

  return { create, update };
}

/** A time a caller gives recoveries and the events list: ISO 8601 with its offset, so it names one instant. */
const instant = () => z.iso.datetime({ offset: true, error: "must be an ISO 8601 time with its offset, e.g. 2026-11-21T06:00:00Z" });

/** The body of a recovery, the same in both services: `since` is one word in either casing. */
export const RecoverBody = z
  .object({
    since: instant().openapi({
      description:
        "Recover the events whose first delivery to this endpoint was created at or after this time, read to the last digit sent (not in the future); on the next call, the `since` the answer gives",
      example: "2026-11-21T06:00:00Z",
    }),
  })
  .strict();

/** How far back the events list reaches: older events are neither listed nor found by id. */
export const EVENTS_LISTED_DAYS = 30;

const listTime = (description: string) => instant().optional().openapi({ description, example: "2026-11-21T06:00:00Z" });

/**
 * The filters of the events list, the same in both services but for their event types: `type`, `since` and `before`
 * are one word in either casing. Give the service's full query `.superRefine(sinceBeforeBefore)`.
 */
export function eventListFilters<Events extends z.ZodEnum>(events: Events) {
  return z.object({
    type: events.optional().openapi({ description: "Only events of this type (test sends are never listed)" }),
    since: listTime(
      `Only events created at or after this time. Events older than ${EVENTS_LISTED_DAYS} days are not listed whatever it says; without it the list reaches back ${EVENTS_LISTED_DAYS} days.`,
    ),
    before: listTime("Only events created strictly before this time"),
  });
}

/** A time as its whole milliseconds (Date.parse drops digits past the third) and the digits dropped. */
function instantOf(time: string) {
  return { ms: Date.parse(time), beyondMs: /\.\d{3}(\d+)/.exec(time)?.[1] ?? "" };
}

/**
 * The first whole millisecond at or after `time`. Events and deliveries are recorded to the millisecond, so one at t is
 * at or after `time` exactly when t >= this, and strictly before `time` exactly when t < this.
 */
export function wholeMsFrom(time: string): number {
  const { ms, beyondMs } = instantOf(time);
  return /[1-9]/.test(beyondMs) ? ms + 1 : ms;
}

export function sinceBeforeBefore(query: { since?: string | undefined; before?: string | undefined }, ctx: z.RefinementCtx): void {
  if (query.since === undefined || query.before === undefined) return;
  const since = instantOf(query.since);
  const before = instantOf(query.before);
  // Compared to the last digit sent: 06:00:00.0002Z is later than 06:00:00.0001Z.
  const digits = Math.max(since.beyondMs.length, before.beyondMs.length);
  const later = before.ms !== since.ms ? before.ms > since.ms : before.beyondMs.padEnd(digits, "0") > since.beyondMs.padEnd(digits, "0");
  if (!later) ctx.addIssue({ code: "custom", path: ["before"], message: "must be later than since" });
}

/** The times an events list request covers: from its `since`, but never more than EVENTS_LISTED_DAYS before `now`. */
export function eventListWindow(query: { since?: string | undefined; before?: string | undefined }, now: number) {
  const oldest = now - EVENTS_LISTED_DAYS * 86_400_000;
  return {
    since: query.since === undefined ? oldest : Math.max(oldest, wholeMsFrom(query.since)),
    before: query.before === undefined ? undefined : wholeMsFrom(query.before),
  };
}

/**
 * The OpenAPI descriptions of reading and deleting one endpoint, the same in both services but for whose endpoints
 * they are (`owner`: account, organisation).
 */
export function endpointDescriptions(owner: string) {
  return {
    get: `Its URL, events and description; whether it is enabled, and when and why it was disabled (by hand, or by the service after 3 days in which every attempt failed); since when its attempts have been failing; until when a rolled secret still signs beside the new one; and its last 50 changes, newest first, each with what changed, who made it and when. The signing secret is never shown again: roll it to get a new one. Another ${owner}'s endpoint, a deleted one and an unknown id are all the same 404.`,
    delete: `The endpoint takes no more events, and its pending deliveries, those waiting for a retry included, end as failed without being sent. It no longer counts toward the ${owner}'s limit of endpoints. From then on it is gone: reading, changing, testing or deleting it, and its delivery log, are 404, as for another ${owner}'s endpoint or an unknown id. Events already recorded stay in the ${owner}'s events list.`,
  };
}
