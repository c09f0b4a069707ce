// Request and response schemas of the inventory management API for API keys.
// snake_case throughout, as the seed's wire format.
import { z } from "@hono/zod-openapi";
import { INVENTORY_SCOPES } from "./api-key-auth";
import { IsoTime, iso } from "../http/schemas";

export const AccessSchema = z.enum(["read_only", "read_write"]);
export const ScopeSchema = z.enum(INVENTORY_SCOPES).openapi({ description: "A resource scope" });

export const KeyIdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "id", in: "path" }, example: "key_01jd3k9x2m4n5p6q7r8s9t0v1w" }),
});

export const CreateKeySchema = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    access: AccessSchema,
    scopes: z.array(ScopeSchema).max(INVENTORY_SCOPES.length).optional().openapi({ description: "Omitted or empty: the key reaches every resource" }),
    expires_at: z.iso
      .datetime({ offset: true })
      .optional()
      .openapi({ description: "ISO 8601; the key is refused with invalid_api_key from this instant" }),
  })
  .strict();

export const RotateKeySchema = z
  .object({
    grace_hours: z.union([z.literal(24), z.literal(72)]).openapi({ description: "How long the old key keeps working: 24 or 72 hours" }),
  })
  .strict();

export const RevokeKeySchema = z.object({ reason: z.string().trim().min(1).max(500).optional() }).strict();

export const KeyStateSchema = z.enum(["active", "superseded", "expired", "revoked"]).openapi({
  description: "superseded: rotated, still working until its grace ends",
});

export const KeySchema = z
  .object({
    id: z.string(),
    name: z.string().nullable(),
    prefix: z.string().openapi({ description: "Public part of the key (`inv_<prefix>_…`)" }),
    access: AccessSchema,
    scopes: z.array(ScopeSchema),
    state: KeyStateSchema,
    created_at: IsoTime,
    expires_at: IsoTime.nullable(),
    revoked_at: IsoTime.nullable(),
    grace_ends_at: IsoTime.nullable(),
    last_used_at: IsoTime.nullable().openapi({ description: "Last request that passed authentication and the rate limit" }),
    replaces_key_id: z.string().nullable(),
    replaced_by_key_id: z.string().nullable(),
  })
  .openapi("ApiKey");

export const CreatedKeySchema = z
  .object({
    id: z.string(),
    key: z.string().openapi({ description: "The full key. Shown only in this response." }),
    prefix: z.string(),
    name: z.string().nullable(),
    access: AccessSchema,
    scopes: z.array(ScopeSchema),
    expires_at: IsoTime.nullable(),
    created_at: IsoTime,
  })
  .openapi("CreatedApiKey");

export const RotatedKeySchema = CreatedKeySchema.extend({
  replaces: z.string(),
  old_key_valid_until: IsoTime,
}).openapi("RotatedApiKey");

export const RegeneratedKeySchema = CreatedKeySchema.extend({ replaces: z.string() }).openapi("RegeneratedApiKey");

export const RevokedKeySchema = z.object({ id: z.string(), revoked_at: IsoTime, reason: z.string().nullable() }).openapi("RevokedApiKey");

export const SyncedKeySchema = z
  .object({
    id: z.string(),
    state: KeyStateSchema,
    denial: z
      .string()
      .nullable()
      .openapi({ description: "The code every request of this key is refused with, if any (key_not_bound, plan_required, …)" }),
  })
  .openapi("SyncedApiKey");

type CreatedKeyFields = {
  id: string;
  prefix: string;
  name: string | null;
  access: "read_only" | "read_write";
  scopes: string[];
  expiresAt: number | null;
  createdAt: number;
};

/** The wire shape of a freshly issued key: the only place the full key ever appears. */
export function createdKeyView(row: CreatedKeyFields, key: string): z.infer<typeof CreatedKeySchema> {
  return {
    id: row.id,
    key,
    prefix: row.prefix,
    name: row.name,
    access: row.access,
    scopes: row.scopes as z.infer<typeof ScopeSchema>[],
    expires_at: row.expiresAt === null ? null : iso(row.expiresAt),
    created_at: iso(row.createdAt),
  };
}
