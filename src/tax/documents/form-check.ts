// What the compute request built from a Form 16 comes to, beside what the form itself states. A Form 16's Part B
// works out its own tax (rows 12, 13 and 17); a request that computes to other figures holds a figure read wrongly,
// or the form's own arithmetic is off. Either way the caller should look before relying on it.
import { computeTax } from "../domain/engine";
import { paiseToWholeRupees, roundToTenRupees, toPaise } from "../domain/engine/rounding";
import type { DocumentComputeRequest, ParsedDocument } from "../domain/documents";
import { toTaxInput } from "../compute/request-schema";

interface FormFigure {
  form: number;
  computed: number;
}

export interface FormCheck {
  regime: "old" | "new";
  taxableIncome: FormFigure;
  taxOnTotalIncome: FormFigure;
  taxPayable: FormFigure | null;
  matches: boolean;
}

/**
 * Rows 12, 13 and 17 of the one Form 16 the request was built from, beside what /compute makes of the request in
 * the regime the form chose; null when the request stands on anything else (several documents, an AIS) or the form
 * prints neither its regime nor rows 12 and 13. A form may print row 12 before the rounding to ₹10 (s.288A) and
 * its tax with paise, so each printed figure is compared as rounded the way /compute rounds it.
 */
export function checkAgainstForm(documents: ParsedDocument[], computeRequest: DocumentComputeRequest | null): FormCheck | null {
  const form = documents.length === 1 ? documents[0]! : null;
  if (form?.documentType !== "form16" || computeRequest === null) return null;
  const { totalTaxableIncome, taxOnTotalIncome, taxPayable } = form.amounts;
  const { profile, financialYear, chosenRegime: regime } = computeRequest;
  if (totalTaxableIncome === null || taxOnTotalIncome === null || regime === undefined) return null;
  // The request is typed as the profile /compute takes and built to pass its schema as it stands (the documents
  // tests hold it to that), so it is computed as it is.
  const computed = computeTax({ ...toTaxInput(profile), chosenRegime: regime }, financialYear).regimes[regime];
  const payable = taxPayable === null ? null : { form: taxPayable, computed: computed.taxLiability };
  return {
    regime,
    taxableIncome: { form: totalTaxableIncome, computed: computed.taxableIncome },
    taxOnTotalIncome: { form: taxOnTotalIncome, computed: computed.slabTax },
    taxPayable: payable,
    matches:
      roundToTenRupees(toPaise(totalTaxableIncome)) === computed.taxableIncome &&
      paiseToWholeRupees(toPaise(taxOnTotalIncome)) === computed.slabTax &&
      (payable === null || paiseToWholeRupees(toPaise(payable.form)) === payable.computed),
  };
}
