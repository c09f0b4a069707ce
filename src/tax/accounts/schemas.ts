import { z } from "@hono/zod-openapi";
import { EMAIL_MAX_LENGTH, NewPassword, SignInEmail } from "../../platform/auth/credentials";
import { queryInteger } from "../../platform/http/query";
import { IsoTime } from "../hono";
import { CursorQuery } from "../http/list-cursor";

export const PlanSchema = z.enum(["free", "paid"]).openapi({ description: "free: 30/min, 500/day per key; paid: 120/min, 10,000/day per key" });

export const CreateAccountSchema = z
  .object({
    email: SignInEmail.openapi({ example: "dev@example.com" }),
    password: NewPassword.optional().openapi({ description: "Lets the owner sign in to the web page" }),
  })
  .strict();

/** An account as every management answer shows it: creating, reading and listing accounts. */
export const AccountDetailSchema = z
  .object({
    id: z.string().openapi({ example: "acct_01jd3k9x2m4n5p6q7r8s9t0v1w" }),
    email: z.string().openapi({ description: "In lower case", example: "dev@example.com" }),
    plan: PlanSchema.openapi({ description: "The plan in force now: `paid` inside a paid period, `free` otherwise" }),
    createdAt: IsoTime,
    paidUntil: IsoTime.nullable().openapi({ description: "When the paid period ends (the account is free from then on); null on the free plan" }),
    keyCap: z.number().int().openapi({ description: "Active keys the plan allows (free 10, paid 100)" }),
    limits: z.object({
      perMinute: z.number().int().openapi({ description: "Requests per minute, per key" }),
      perDay: z.number().int().openapi({ description: "Requests per calendar day in India (IST), per key" }),
    }),
  })
  .openapi("AccountDetail");

export const AccountListQuery = z
  .object({
    email: z
      .string()
      .trim()
      .min(1)
      .max(EMAIL_MAX_LENGTH)
      .transform((prefix) => prefix.toLowerCase())
      .optional()
      .openapi({ description: "Accounts whose email begins with this text, in any letter case (encode `+` as `%2B`)", example: "dev@" }),
    plan: PlanSchema.optional().openapi({ description: "Accounts on this plan now, as each item's `plan` says" }),
    limit: queryInteger(1, 100).default(50).openapi({ description: "Page size, 1 to 100", example: 50 }),
    cursor: CursorQuery,
  })
  // A misspelt filter is refused: left unread, every account would be listed.
  .strict();

export const AccountListSchema = z.object({ data: z.array(AccountDetailSchema), nextCursor: z.string().nullable() }).openapi("AccountList");
