// Presumptive income under the head "Profits and gains of business or profession": s.44AD for business
// turnover, s.44ADA for professional receipts, s.44AE for a business of plying, hiring or leasing goods carriages
// (Income-tax Act, 2025: s.58). All are ordinary income at the slab rates. Amounts in integer paise.
import { formatRupees, percentOf, toPaise } from "./rounding";
import type { GoodsCarriage, PresumptiveBusiness, PresumptiveProfession, ResidentialStatus, TaxInput } from "./types";
import { LIMITS } from "./years";

/** s.44AD(1): 6 % of digitally received turnover plus 8 % of the rest, or the higher income declared. */
export function presumptiveBusinessIncome(business: PresumptiveBusiness | null): number {
  if (business === null) return 0;
  const presumed =
    percentOf(toPaise(business.digitalTurnover), LIMITS.presumptiveBusinessDigitalPercent) +
    percentOf(toPaise(business.otherTurnover), LIMITS.presumptiveBusinessOtherPercent);
  return Math.max(presumed, toPaise(business.declaredIncome));
}

/** s.44ADA(1): 50 % of gross receipts, or the higher income declared. */
export function presumptiveProfessionIncome(profession: PresumptiveProfession | null): number {
  if (profession === null) return 0;
  return Math.max(percentOf(toPaise(profession.grossReceipts), LIMITS.presumptiveProfessionPercent), toPaise(profession.declaredIncome));
}

const KG_PER_TON = 1_000;

/**
 * s.44AE(1), (2): for each goods carriage, ₹1,000 per ton of gross vehicle weight a month for a heavy goods vehicle and
 * ₹7,500 a month for any other, for every month or part of a month owned, or the amount claimed as actually earned
 * from it, whichever is higher; the carriages' amounts added. The Act rounds a part of a month up but says nothing of
 * a part of a ton, so the rate runs on the weight as it is: ₹1 a kilogram a month. Sub-section (3): the deductions
 * of ss.30-38 are deemed allowed, so nothing more comes off.
 */
export function presumptiveGoodsCarriageIncome(carriages: readonly GoodsCarriage[]): number {
  let income = 0;
  for (const carriage of carriages) {
    const monthly =
      carriage.kind === "heavy"
        ? (toPaise(LIMITS.presumptiveHeavyVehiclePerTonMonthly) * carriage.grossVehicleWeightKg) / KG_PER_TON
        : toPaise(LIMITS.presumptiveGoodsCarriageMonthly);
    income += Math.max(monthly * carriage.monthsOwned, toPaise(carriage.declaredIncome));
  }
  return income;
}

/** Every presumptive income of the input added, paise. */
export function presumptiveIncome(presumptive: TaxInput["presumptive"]): number {
  return (
    presumptiveBusinessIncome(presumptive.business) +
    presumptiveProfessionIncome(presumptive.profession) +
    presumptiveGoodsCarriageIncome(presumptive.goodsCarriages)
  );
}

/** Cash at most 5 % of the total: compared as cash × 100 ≤ 5 × total, exact. */
function mostlyDigital(cash: number, total: number): boolean {
  return cash * 100 <= total * LIMITS.presumptiveCashSharePercent;
}

/**
 * Why the presumptive scheme cannot be used, or null when it can. Both sections are for residents only, within
 * their limits (s.44AD: ₹2 crore, ₹3 crore when cash is at most 5 %; s.44ADA: ₹50 lakh, ₹75 lakh likewise).
 */
export function presumptiveIneligibility(
  residentialStatus: ResidentialStatus,
  business: PresumptiveBusiness | null,
  profession: PresumptiveProfession | null,
): { field: "business" | "profession"; message: string } | null {
  const resident = residentialStatus !== "non_resident";
  if (business !== null) {
    if (!resident) return { field: "business", message: "s.44AD is only for a resident; declare business income from books instead" };
    const turnover = business.digitalTurnover + business.otherTurnover;
    const limit = mostlyDigital(business.cashReceipts, turnover) ? LIMITS.presumptiveBusinessLimitMostlyDigital : LIMITS.presumptiveBusinessLimit;
    if (turnover > limit) {
      return {
        field: "business",
        message: `turnover above ${formatRupees(limit)} is outside s.44AD (${formatRupees(LIMITS.presumptiveBusinessLimitMostlyDigital)} only when cashReceipts are at most 5 % of turnover)`,
      };
    }
  }
  if (profession !== null) {
    if (!resident) return { field: "profession", message: "s.44ADA is only for a resident; declare professional income from books instead" };
    if (profession.cashReceipts > profession.grossReceipts) {
      return { field: "profession", message: "cashReceipts must not exceed grossReceipts" };
    }
    const limit = mostlyDigital(profession.cashReceipts, profession.grossReceipts)
      ? LIMITS.presumptiveProfessionLimitMostlyDigital
      : LIMITS.presumptiveProfessionLimit;
    if (profession.grossReceipts > limit) {
      return {
        field: "profession",
        message: `gross receipts above ${formatRupees(limit)} are outside s.44ADA (${formatRupees(LIMITS.presumptiveProfessionLimitMostlyDigital)} only when cash is at most 5 % of receipts)`,
      };
    }
  }
  return null;
}
