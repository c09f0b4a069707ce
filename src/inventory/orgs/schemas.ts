// Request and response schemas of the inventory management API for organisations and the audit log.
// snake_case throughout, as the API's wire format.
import { z } from "@hono/zod-openapi";
import { PLANS } from "../db/schema";
import { IsoTime, iso, PageQuery } from "../http/schemas";
import { Gstin, GstState, stateOfRegistration } from "../http/wire-formats";

export const PlanSchema = z.enum(PLANS).openapi({
  description: "starter 60/min, growth 300/min (neither includes the REST API), business 1,200/min, scale 3,000/min, enterprise 6,000/min per key",
});
export const SubscriptionStatusSchema = z.enum(["active", "lapsed"]);

const registration = {
  gstin: Gstin.optional().openapi({
    description:
      "The organisation's GSTIN, printed on its invoices; its state is `state`. Needed before sales can be recorded: only a supplier registered for GST may charge it",
  }),
  state: GstState.optional().openapi({
    description:
      "The GST state it supplies from (code or name); taken from `gstin` when omitted, and must be the GSTIN's (sent or on file). Sales need the GSTIN itself (409 `seller_gstin_missing` until it is set).",
  }),
};

export const CreateOrgSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    plan: PlanSchema,
    subscription_status: SubscriptionStatusSchema.default("active"),
    ...registration,
  })
  .strict()
  .transform((body, ctx) => ({ ...body, state: stateOfRegistration(body, ctx) }));

export const UpdateOrgSchema = z
  .object({ plan: PlanSchema.optional(), subscription_status: SubscriptionStatusSchema.optional(), ...registration })
  .strict()
  .refine((body) => Object.values(body).some((v) => v !== undefined), { message: "send plan, subscription_status, gstin or state" })
  .transform((body, ctx) => ({ ...body, state: body.gstin === undefined && body.state === undefined ? undefined : stateOfRegistration(body, ctx) }));

export const OrgSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    plan: PlanSchema,
    subscription_status: SubscriptionStatusSchema,
    api_access: z
      .boolean()
      .openapi({ description: "Whether keys of this organisation may call /api/v1 now (plan business or above, subscription active)" }),
    limits: z.object({ requests_per_minute: z.number().int().openapi({ description: "Per key, fixed one-minute window" }) }),
    gstin: z.string().nullable(),
    state: z.string().nullable().openapi({ description: "GST state code it supplies from; null until set" }),
    created_at: IsoTime,
  })
  .openapi("Organisation");

/** The filters of the list of organisations, beside its paging: each narrows it, and together they all apply. */
export const OrgListQuery = PageQuery.extend({
  name: z.string().trim().min(1).max(200).optional().openapi({
    description:
      "Only organisations whose name begins with this text, ignoring the case of the letters A to Z (`sri lak` finds Sri Lakshmi Yarns); `%` and `_` are plain characters",
    example: "Sri Lak",
  }),
  gstin: Gstin.optional().openapi({
    description:
      "Only organisations registered under this GSTIN, exactly (letter case ignored); a malformed GSTIN or a wrong check character is a 400",
    example: "33ABCDE1234F1Z7",
  }),
}).strict();

export const AuditEntrySchema = z
  .object({
    action: z.string().openapi({ example: "key.revoked" }),
    key_id: z.string().nullable(),
    actor: z.string().openapi({ description: "`operator`, or the signed-in admin's email" }),
    reason: z.string().nullable(),
    at: IsoTime,
  })
  .openapi("AuditEntry");

type OrgFields = {
  id: string;
  name: string;
  plan: (typeof PLANS)[number];
  subscriptionStatus: "active" | "lapsed";
  createdAt: number;
  gstin: string | null;
  stateCode: string | null;
};

export type OrgView = z.infer<typeof OrgSchema>;

/** The wire shape of an organisation, with what its plan means for its keys right now. */
export function orgView(org: OrgFields, requestsPerMinute: number, apiAccess: boolean): OrgView {
  return {
    id: org.id,
    name: org.name,
    plan: org.plan,
    subscription_status: org.subscriptionStatus,
    api_access: apiAccess,
    limits: { requests_per_minute: requestsPerMinute },
    gstin: org.gstin,
    state: org.stateCode,
    created_at: iso(org.createdAt),
  };
}
