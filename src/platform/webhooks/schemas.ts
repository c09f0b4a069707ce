// The request bodies that register and edit a webhook endpoint, the same in both services but for their events
// and an example URL: one definition, so the two APIs cannot drift apart in what they accept.
import { z } from "@hono/zod-openapi";

export function endpointBodies<Events extends z.ZodEnum>(events: Events, exampleUrl: string) {
  const url = z.string().max(2048).openapi({
    example: exampleUrl,
    description: "https only; no credentials; not a private, loopback, link-local or reserved address, nor localhost",
  });
  const eventList = z
    .array(events)
    .min(1)
    .max(events.options.length)
    .refine((list) => new Set(list).size === list.length, "must not repeat an event");

  const create = z
    .object({
      url,
      events: eventList.optional().openapi({ description: "Defaults to every event" }),
      description: z.string().trim().max(200).optional(),
    })
    .strict();

  const update = z
    .object({
      url: url.optional(),
      events: eventList.optional().openapi({ description: "Replaces the subscribed events" }),
      description: z.string().trim().max(200).nullable().optional().openapi({ description: "null or an empty string clears it" }),
      disabled: z.boolean().optional().openapi({
        description: "true: no new deliveries, pending ones end as failed without being sent; false: enabled again, with a fresh failing streak",
      }),
    })
    .strict()
    .refine((body) => Object.values(body).some((v) => v !== undefined), "give at least one of url, events, description, disabled");

  return { create, update };
}
