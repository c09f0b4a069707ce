// s.10(13A) with Rule 2A: where the "50 % of salary" limb applies (`isMetroCity` when given, else `city` against the
// year's list), and the least of the three limbs for one period.
import { toPaise } from "./rounding";
import type { HraPeriod } from "./types";
import type { YearRules } from "./years";

// Former and alternative names used on rent receipts and in payroll systems.
const CITY_ALIASES: Readonly<Record<string, string>> = {
  "new delhi": "delhi",
  bombay: "mumbai",
  calcutta: "kolkata",
  madras: "chennai",
  bangalore: "bengaluru",
};

export function isFiftyPercentCity(isMetroCity: boolean | null, city: string | null, year: YearRules): boolean {
  if (isMetroCity !== null) return isMetroCity;
  if (city === null) return false;
  const name = city.trim().toLowerCase();
  return year.hraFiftyPercentCities.includes(CITY_ALIASES[name] ?? name);
}

/** One of Rule 2A's periods in paise, its place resolved. */
export interface HraPeriodFacts {
  months: number;
  hraReceived: number;
  rentPaid: number;
  /** Rule 2A's "salary": basic + DA and commission at a fixed percentage of turnover. */
  salary: number;
  fiftyPercentCity: boolean;
}

/** The periods in paise; a period that names no place of its own is in the year's (`yearFiftyPercentCity`). */
export function hraPeriodFacts(periods: readonly HraPeriod[], yearFiftyPercentCity: boolean, year: YearRules): HraPeriodFacts[] {
  return periods.map((period) => ({
    months: period.months,
    hraReceived: toPaise(period.hraReceived),
    rentPaid: toPaise(period.rentPaid),
    salary: toPaise(period.basicPlusDA) + toPaise(period.turnoverCommission ?? 0),
    fiftyPercentCity:
      period.isMetroCity === null && period.city === null ? yearFiftyPercentCity : isFiftyPercentCity(period.isMetroCity, period.city, year),
  }));
}

/**
 * Rule 2A for one period, paise in: the least of the HRA received, the rent less 10 % of salary and 50 %/40 % of
 * salary, in tenths of a paisa so the 10 % limb stays exact. Zero or less: nothing is exempt.
 */
export function hraLeastOfThree(hraReceived: number, rentPaid: number, salary: number, fiftyPercentCity: boolean): number {
  return Math.min(hraReceived * 10, hraRentLimb(rentPaid, salary), salary * (fiftyPercentCity ? 5 : 4));
}

/** Rule 2A(b) in tenths of a paisa: the rent paid above one-tenth of the salary. */
export function hraRentLimb(rentPaid: number, salary: number): number {
  return rentPaid * 10 - salary;
}
