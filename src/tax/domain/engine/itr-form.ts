// Which return form: ITR-1 (Sahaj) when every one of its conditions holds, else ITR-2 (no business income is
// modelled, so never ITR-3/ITR-4). Conditions per the ITR-1 notifications (reference §9).
import { formatRupees } from "./rounding";
import type { ItrForm, RegimeResult, TaxInput } from "./types";
import type { YearRules } from "./years";

export function chooseItrForm(input: TaxInput, year: YearRules, chosen: RegimeResult): { form: ItrForm; rule: string } {
  if (input.residentialStatus !== "resident") {
    return { form: "ITR-2", rule: "ITR-2: ITR-1 is only for a resident and ordinarily resident individual" };
  }
  if (chosen.taxableIncome > year.itr1MaxTotalIncome) {
    return { form: "ITR-2", rule: `ITR-2: total income above ${formatRupees(year.itr1MaxTotalIncome)} (50 lakh)` };
  }
  if (input.houseProperties.length > year.itr1MaxHouseProperties) {
    const allowed = year.itr1MaxHouseProperties === 1 ? "one house property" : `${year.itr1MaxHouseProperties} house properties`;
    return { form: "ITR-2", rule: `ITR-2: more house properties than ITR-1 for ${year.yearLabel} allows (${allowed})` };
  }
  if (chosen.houseProperty.lossNotSetOff > 0) {
    return { form: "ITR-2", rule: "ITR-2: a house-property loss is left to carry forward, which ITR-1 cannot report" };
  }
  return {
    form: "ITR-1",
    rule: `ITR-1 (Sahaj): resident individual with salary, house property and other-sources income, total income up to ${formatRupees(year.itr1MaxTotalIncome)}`,
  };
}
