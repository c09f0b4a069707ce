// Wire formats every inventory feature shares: amounts come in as decimal strings or numbers and are parsed
// exactly to paise and grams; responses print them back as decimal strings ("1250.00" rupees, "12.500" kg),
// so no client sees a float drift. Also the ids in paths and the headers every read documents.
import { z } from "@hono/zod-openapi";
import { validateGstin } from "../domain/gstin";
import { stateCodeOf } from "../domain/place-of-supply";
import { parseIsoDate } from "../domain/ist";
import { formatGrams, formatPaise, parseKg, parseRupees } from "../domain/money";
import { BOUNDS } from "../domain/write-bounds";
import { PAYMENT_METHODS } from "../db/schema";
import { YARN_TYPES } from "../domain/yarn";

// ---- inputs ----

/** A decimal string or a JSON number, documented with the range the parse below enforces. */
export const decimalInput = (example: string, range?: { unit: string; decimals: number; positive: boolean; max: string }) =>
  z.union([z.string().max(32), z.number()]).openapi({
    description: range
      ? `${range.unit} as a decimal string ("1,25,000.50" and "₹1250" are read too) or a JSON number, at most ${range.decimals} decimals; ${range.positive ? "more than 0" : "0 or more"} and at most ${range.max}`
      : "Decimal string or JSON number",
    example,
  });

/**
 * Rupees → paise, within `bound` (write-bounds): its minimum says whether 0 is allowed, its maximum keeps every
 * figure derived from this one an exact integer of paise.
 */
export const Rupees = (bound: "ratePaisePerKg" | "costPaisePerKg" | "amountPaise" | "creditLimitPaise") => {
  const { min, max } = BOUNDS[bound];
  return decimalInput("1250.50", { unit: "Rupees", decimals: 2, positive: min > 0, max: formatPaise(max) }).transform((value, ctx) => {
    const parsed = parseRupees(value);
    if (!parsed.ok) {
      ctx.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    }
    if (parsed.paise < min) {
      ctx.addIssue({ code: "custom", message: min > 0 ? "must be > 0" : "must be >= 0" });
      return z.NEVER;
    }
    if (parsed.paise > max) {
      ctx.addIssue({ code: "custom", message: `must be at most ${formatPaise(max)}` });
      return z.NEVER;
    }
    return parsed.paise;
  });
};

/** Kilograms → grams: > 0, at most 3 decimals and at most `bound`'s maximum (one entry, or a threshold). */
export const kgInput = (bound: "gramsPerEntry" | "thresholdGrams") =>
  decimalInput("250.5", { unit: "Kilograms", decimals: 3, positive: BOUNDS[bound].min > 0, max: formatGrams(BOUNDS[bound].max) }).transform(
    (value, ctx) => {
      const parsed = parseKg(value);
      if (!parsed.ok) {
        ctx.addIssue({ code: "custom", message: parsed.error });
        return z.NEVER;
      }
      const { min, max } = BOUNDS[bound];
      if (parsed.grams < min) {
        ctx.addIssue({ code: "custom", message: min > 0 ? "must be > 0" : "must be >= 0" });
        return z.NEVER;
      }
      if (parsed.grams > max) {
        ctx.addIssue({ code: "custom", message: `must be at most ${formatGrams(max)} kg` });
        return z.NEVER;
      }
      return parsed.grams;
    },
  );

/** Kilograms of one lot receipt or sale line. */
export const Kg = kgInput("gramsPerEntry");

export const IstDate = z
  .string()
  .superRefine((value, ctx) => {
    const parsed = parseIsoDate(value);
    if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.error });
  })
  .openapi({ format: "date", description: "Calendar date in India (IST), YYYY-MM-DD", example: "2026-11-21" });

/** A GST state: its 2-digit code ("33") or its name ("Tamil Nadu"), read as the code. */
export const GstState = z
  .string()
  .trim()
  .max(60)
  .transform((value, ctx) => {
    const code = stateCodeOf(value);
    if (code === null) {
      ctx.addIssue({ code: "custom", message: 'must be a GST state code ("33") or a state\'s name ("Tamil Nadu")' });
      return z.NEVER;
    }
    return code;
  })
  .openapi({ description: "GST state code, or the state's name; answered as the 2-digit code", example: "33" });

/**
 * A GSTIN and a state that must agree: the state is the GSTIN's first two digits when only the GSTIN is
 * given. Adds an issue at `state` when both are given and differ.
 */
export function stateOfRegistration(body: { gstin?: string | null | undefined; state?: string | undefined }, ctx: z.RefinementCtx): string | null {
  const fromGstin = body.gstin ? body.gstin.slice(0, 2) : null;
  if (fromGstin !== null && body.state !== undefined && body.state !== fromGstin) {
    ctx.addIssue({ code: "custom", path: ["state"], message: `must be the GSTIN's state, ${fromGstin}` });
  }
  return fromGstin ?? body.state ?? null;
}

export const Gstin = z
  .string()
  .max(32)
  .transform((value, ctx) => {
    const result = validateGstin(value);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.message });
      return z.NEVER;
    }
    return result.gstin;
  })
  .openapi({ description: "15-character GSTIN, validated with its mod-36 check character; stored upper case", example: "33AAECG4315R1ZE" });

export const text = (max: number) => z.string().trim().min(1).max(max);
export const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((value) => (value === undefined || value === null || value.trim() === "" ? null : value));

export const YarnTypeSchema = z.enum(YARN_TYPES).openapi({ description: "Fibre and process of the yarn" });
export const PaymentMethodSchema = z
  .enum(PAYMENT_METHODS)
  .openapi({ description: "How the money moved; reference holds the UTR, UPI reference or cheque number" });
export const IdSchema = z.string().min(1).max(64);

export const OrgIdParam = z.object({ id: IdSchema.openapi({ param: { name: "id", in: "path" }, example: "org_01jd3k9x2m4n5p6q7r8s9t0v1w" }) });

export const Money = z.string().openapi({ description: "Rupees, 2 decimals, GST as stated", example: "1250.00" });
export const KgText = z.string().openapi({ description: "Kilograms, 3 decimals", example: "250.500" });

// ---- read API ----

export const BookmarkHeader = z.object({
  "x-d1-bookmark": z
    .string()
    .optional()
    .openapi({
      param: { name: "x-d1-bookmark", in: "header" },
      description: "The X-D1-Bookmark of a previous response: this read then sees data at least that new. An empty value is the same as no header.",
      example: "0000007b-0000b26e-00001538-0c3e87bb37b3db5cc52eedb93cd3b96b",
    }),
});

/** The response headers every read documents. */
export const readHeaders = {
  "X-D1-Bookmark": {
    description: "Send it back as the X-D1-Bookmark request header to read data at least this new",
    schema: { type: "string" as const },
  },
  "X-RateLimit-Limit": { description: "Requests per minute for this key", schema: { type: "integer" as const } },
  "X-RateLimit-Remaining": { description: "Requests left this minute", schema: { type: "integer" as const } },
  "X-RateLimit-Reset": { description: "Unix seconds when the minute window resets", schema: { type: "integer" as const } },
  "RateLimit-Policy": { description: 'IETF draft header naming the key\'s policy, e.g. `"minute";q=1200;w=60`', schema: { type: "string" as const } },
  RateLimit: {
    description: 'IETF draft header: requests left and seconds to the reset, e.g. `"minute";r=1199;t=42`',
    schema: { type: "string" as const },
  },
  "X-Service-Key-Expires-Soon": {
    description: "Only when the key expires within 7 days: its expiry time (ISO 8601). Issue a replacement before then.",
    schema: { type: "string" as const, format: "date-time" },
  },
};

/** The key-state headers of the API description: on every answer to a key they apply to, refusals included. */
export const KEY_STATE_HEADERS = {
  "X-Service-Key-Expires": {
    description: "Only for a key with an expiry: when it stops working (ISO 8601); for a rotated key, the end of its grace",
    schema: { type: "string" as const, format: "date-time" },
  },
  "X-Service-Key-Superseded": {
    description: "`true` on every answer to a rotated key during its grace: move to its replacement before the grace ends",
    schema: { type: "string" as const, enum: ["true"] },
  },
};
