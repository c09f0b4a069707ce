// Profile helpers shared by the profile routes: label normalisation, the summary, the response shape.
import { compareRegimes, type FinancialYear } from "../domain/engine";
import type { ProfileListRow, ProfileSummary } from "./queries";
import { iso } from "../hono";
import { toTaxInput, type Profile } from "./profile-schema";
import { StoredProfileSchema } from "./schemas";

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
 * summary of their last save, and say so.
 */
function answered(row: ProfileListRow) {
  const saved = row.summary as ProfileSummary;
  const stored = StoredProfileSchema.safeParse({ profile: row.inputs, financialYear: saved.financialYear });
  const summary = stored.success
    ? { ...summarise(stored.data.profile, stored.data.financialYear), computedWithCurrentRules: true }
    : { ...saved, computedWithCurrentRules: false };
  return {
    item: { id: row.id, label: row.label, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt), summary },
    profile: stored.success ? stored.data.profile : row.inputs,
  };
}

export function profileListItem(row: ProfileListRow) {
  return answered(row).item;
}

export function savedProfile(row: ProfileListRow) {
  const { item, profile } = answered(row);
  return { ...item, profile };
}
