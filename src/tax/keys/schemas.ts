import { z } from "@hono/zod-openapi";
import { AccountEmailField } from "../accounts/operator-auth";
import { TAX_SCOPES } from "./scopes";
import { IsoTime } from "../hono";

export const ScopeSchema = z.enum(TAX_SCOPES).openapi({ description: "An API scope" });

export const CreateKeySchema = z
  .object({
    accountEmail: AccountEmailField.openapi({ description: "Operator calls only; a signed-in user acts on their own account" }),
    name: z.string().trim().min(1).max(100).optional(),
    scopes: z.array(ScopeSchema).max(TAX_SCOPES.length).openapi({ description: "Unknown scope names are refused" }),
    expiresInDays: z.number().int().min(1).max(365).default(90),
  })
  .strict();

export const RotateKeySchema = z
  .object({ overlapHours: z.number().min(0).max(24).default(0).openapi({ description: "How long the old key keeps working (0 to 24 h)" }) })
  .strict();

export const KeyStateSchema = z.enum(["active", "expired", "revoked"]);

export const KeySchema = z
  .object({
    id: z.string(),
    name: z.string().nullable(),
    prefix: z.string().openapi({ description: "Public part of the key (`tax_<prefix>_…`)" }),
    scopes: z.array(ScopeSchema),
    state: KeyStateSchema,
    createdAt: IsoTime,
    expiresAt: IsoTime,
    revokedAt: IsoTime.nullable(),
    lastUsedAt: IsoTime.nullable(),
    replacesKeyId: z.string().nullable(),
    replacedByKeyId: z.string().nullable(),
  })
  .openapi("ApiKey");

export const CreatedKeySchema = z
  .object({
    id: z.string(),
    key: z.string().openapi({ description: "The full key. Shown only in this response." }),
    prefix: z.string(),
    scopes: z.array(ScopeSchema),
    expiresAt: IsoTime,
    createdAt: IsoTime,
  })
  .openapi("CreatedApiKey");

export const RotatedKeySchema = CreatedKeySchema.extend({
  replaces: z.string(),
  previousKeyValidUntil: IsoTime,
}).openapi("RotatedApiKey");
