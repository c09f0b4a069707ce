// What the compute request built from a Form 16 comes to, beside what the form itself states. A Form 16's Part B
// works out its own tax (rows 12 and 13); a request that computes to other figures holds a figure read wrongly, or
// the form's own arithmetic is off. Either way the caller should look before relying on it.
import { computeTax } from "../domain/engine";
import type { DocumentComputeRequest, ParsedDocument } from "../domain/documents";
import { toTaxInput } from "../compute/request-schema";

export interface FormCheck {
  regime: "old" | "new";
  taxableIncome: { form: number; computed: number };
  taxOnTotalIncome: { form: number; computed: number };
  matches: boolean;
}

/**
 * Rows 12 and 13 of the one Form 16 the request was built from, beside what /compute makes of the request in the
 * regime the form chose; null when the request stands on anything else (several documents, an AIS) or the form
 * prints neither its regime nor those rows.
 */
export function checkAgainstForm(documents: ParsedDocument[], computeRequest: DocumentComputeRequest | null): FormCheck | null {
  const form = documents.length === 1 ? documents[0]! : null;
  if (form?.documentType !== "form16" || computeRequest === null) return null;
  const { totalTaxableIncome, taxOnTotalIncome } = form.amounts;
  const { profile, financialYear, chosenRegime: regime } = computeRequest;
  if (totalTaxableIncome === null || taxOnTotalIncome === null || regime === undefined) return null;
  // The request is typed as the profile /compute takes and built to pass its schema as it stands (the documents
  // tests hold it to that), so it is computed as it is.
  const computed = computeTax({ ...toTaxInput(profile), chosenRegime: regime }, financialYear).regimes[regime];
  return {
    regime,
    taxableIncome: { form: totalTaxableIncome, computed: computed.taxableIncome },
    taxOnTotalIncome: { form: taxOnTotalIncome, computed: computed.slabTax },
    matches: computed.taxableIncome === totalTaxableIncome && computed.slabTax === taxOnTotalIncome,
  };
}
