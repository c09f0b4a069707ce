import { z } from "@hono/zod-openapi";
import { FINANCIAL_YEARS, REGIMES } from "../domain/engine";
import { RegimeNotAvailableSchema } from "../compute/schemas";
import { IsoTime } from "../hono";
import {
  ProfileSchema,
  refuseBusinessLossesOutsideTheirYears,
  refuseDatesOutsideTheirYear,
  refusePreJuly2024TransfersOutsideTheirYear,
} from "../compute/request-schema";
import { queryInteger } from "../../platform/http/query";

export const LABEL_MAX_LENGTH = 100;

/** With the `u` flag a surrogate range matches only a surrogate that is not part of a pair. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

export const SaveProfileSchema = z
  .object({
    // Labels compare in NFC, so their length is counted there too: the same label sent decomposed is not longer.
    label: z
      .string()
      .trim()
      .overwrite((label) => label.normalize("NFC"))
      .min(1)
      .max(LABEL_MAX_LENGTH)
      // JSON lets "\ud83d" through, but half a surrogate pair is no text: stored, it would come back as U+FFFD.
      .refine((label) => !LONE_SURROGATE.test(label), "must be valid Unicode text, without half of a surrogate pair")
      .openapi({
        description:
          "Unique per owner, trimmed, 1 to 100 characters, compared without regard to case (NFC, lower-cased): saving `Salary 2025` replaces `salary 2025`.",
        example: "FY 2025-26 salary",
      }),
    profile: ProfileSchema,
    financialYear: z.enum(FINANCIAL_YEARS).optional().openapi({
      description:
        "Year of the stored summary; default the current one (IST). Required once the current year is not one of these (from 1 April 2027): without it the save is a 400.",
    }),
  })
  .strict()
  .superRefine((request, ctx) => {
    refusePreJuly2024TransfersOutsideTheirYear(request, ctx);
    refuseDatesOutsideTheirYear(request, ctx);
    refuseBusinessLossesOutsideTheirYears(request, ctx);
  })
  .openapi("SaveProfileRequest");

export const ProfileSummarySchema = z
  .object({
    financialYear: z.enum(FINANCIAL_YEARS),
    recommendedRegime: z.enum(REGIMES).openapi({ example: "new" }),
    totalTax: z.object({ old: z.number().int(), new: z.number().int() }),
    notAvailable: z.object({ old: RegimeNotAvailableSchema }).optional().openapi({
      description:
        "Present only when the old regime cannot be chosen for the return: the profile has no income from business or profession, and returnFiledOn is after the s.139(1) due date or the profile is an updated return that no earlier return opted out for in time (s.115BAC(6)(ii); tax year 2026-27: s.202(4)(b)). totalTax.old is then for information, and recommendedRegime is new.",
    }),
  })
  .openapi("ProfileSummary", {
    description:
      "What a profile's inputs come to for its financial year: each regime's totalTax and the cheaper regime, or the new regime when the old one is not available for the return.",
  });

export const AnsweredSummarySchema = ProfileSummarySchema.extend({
  computedWithCurrentRules: z.boolean().openapi({
    description:
      "true: worked out now from the profile's inputs by the tax rules of this release, for the summary's financialYear. false: the inputs no longer pass the current validation of a profile, so this is the summary stored at the last save, by the rules of that time; save the profile again with corrected inputs to refresh it.",
    example: true,
  }),
}).openapi("AnsweredProfileSummary", {
  description:
    "A profile's summary as the profile operations answer it. Reads and lists work it out again each time, so a correction to the tax rules shows at once.",
});

/** A stored profile and its summary's year, held to what a save accepts today: a later release may validate more strictly. */
export const StoredProfileSchema = z.object({ profile: ProfileSchema, financialYear: z.enum(FINANCIAL_YEARS) }).superRefine((stored, ctx) => {
  refusePreJuly2024TransfersOutsideTheirYear(stored, ctx);
  refuseDatesOutsideTheirYear(stored, ctx);
  refuseBusinessLossesOutsideTheirYears(stored, ctx);
});

export const ProfileListItemSchema = z
  .object({
    id: z.string().openapi({ example: "prof_01jd3k9x2m4n5p6q7r8s9t0v1w" }),
    label: z.string(),
    createdAt: IsoTime,
    updatedAt: IsoTime.openapi({ description: "Time of the last save" }),
    summary: AnsweredSummarySchema,
  })
  .openapi("ProfileListItem");

export const SavedProfileSchema = ProfileListItemSchema.extend({
  profile: z.union([ProfileSchema, z.record(z.string(), z.unknown())]).openapi({
    description:
      "The inputs as last saved. They are a TaxProfile unless summary.computedWithCurrentRules is false: then they may hold what the current validation refuses, and are shown as saved so they can be corrected.",
  }),
}).openapi("SavedProfile");

export const ListProfilesQuerySchema = z
  .object({
    limit: queryInteger(1, 100).default(20).openapi({ description: "Page size, 1 to 100", example: 20 }),
    cursor: z.string().min(1).max(512).optional().openapi({ description: "`nextCursor` of the previous page; opaque" }),
  })
  // A misspelt parameter is refused: left unread, it would answer for the default instead.
  .strict();

export const ProfileListSchema = z.object({ data: z.array(ProfileListItemSchema), nextCursor: z.string().nullable() }).openapi("ProfileList");

export const ProfileIdParamSchema = z.object({
  id: z
    .string()
    .max(64)
    .openapi({ param: { name: "id", in: "path" }, example: "prof_01jd3k9x2m4n5p6q7r8s9t0v1w" }),
});
