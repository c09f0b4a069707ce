// Profile helpers shared by the profile routes: label normalisation, the stored summary, the response shape.
import { computeTax, type FinancialYear } from "../domain/engine";
import type { ProfileListRow, ProfileSummary } from "./queries";
import { iso } from "../hono";
import { toTaxInput, type Profile } from "./profile-schema";

/** Labels are unique per owner regardless of case and Unicode normalisation form. */
export function labelKey(label: string): string {
  return label.normalize("NFC").toLowerCase();
}

export function summarise(profile: Profile, financialYear: FinancialYear): ProfileSummary {
  const result = computeTax(toTaxInput(profile), financialYear);
  return {
    financialYear,
    recommendedRegime: result.recommendedRegime,
    totalTax: { old: result.regimes.old.totalTax, new: result.regimes.new.totalTax },
  };
}

export function profileListItem(row: ProfileListRow) {
  return {
    id: row.id,
    label: row.label,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    summary: row.summary as ProfileSummary,
  };
}
