// Where the s.10(13A) "50 % of salary" limb applies: `isMetroCity` when given, else `city` against the year's list.
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
