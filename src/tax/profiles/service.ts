// Profile helpers shared by the profile routes: label normalisation, the summary, the response shape.
import { compareRegimes, type FinancialYear } from "../domain/engine";
import type { ProfileListRow, ProfileSummary } from "./queries";
import { iso } from "../hono";
import { toTaxInput, type Profile } from "../compute/request-schema";
import { StoredProfileSchema } from "./schemas";
import { boundedMemo } from "../../platform/pure/bounded-memo";

/** Labels are unique per owner regardless of case and Unicode normalisation form. */
export function labelKey(label: string): string {
  return label.normalize("NFC").toLowerCase();
}

export function summarise(profile: Profile, financialYear: FinancialYear): ProfileSummary {
  return { financialYear, ...compareRegimes(toTaxInput(profile), financialYear) };
}

/**
 * A stored profile as the profile routes answer it. The summary is worked out again from the stored inputs, so a
 * correction to the tax rules reaches every saved profile at once; inputs a stricter release refuses keep the
 * summary of their last save, and say so. A row never changes under its (id, updatedAt), since every save that
 * changes it moves updatedAt on, and the rules are this code's: so the answer is kept per (id, updatedAt).
 */
const answered = boundedMemo(
  1_000,
  (row: ProfileListRow) => `${row.id}@${row.updatedAt}`,
  (row) => {
    const saved = JSON.parse(row.summaryJson) as ProfileSummary;
    const inputs = JSON.parse(row.inputsJson) as Record<string, unknown>;
    const stored = StoredProfileSchema.safeParse({ profile: inputs, financialYear: saved.financialYear });
    const summary = stored.success
      ? { ...summarise(stored.data.profile, stored.data.financialYear), computedWithCurrentRules: true }
      : { ...saved, computedWithCurrentRules: false };
    return {
      item: { id: row.id, label: row.label, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt), summary },
      profile: stored.success ? stored.data.profile : inputs,
    };
  },
);

export function profileListItem(row: ProfileListRow) {
  return answered(row).item;
}

export function savedProfile(row: ProfileListRow) {
  const { item, profile } = answered(row);
  return { ...item, profile };
}
