// The organisation's recurring GST and TDS due dates, for the cron that emits `compliance.due` a few days
// ahead. Assumes a monthly GST filer (not QRMP: monthly filing is mandatory above ₹5 cr AATO) and a TDS
// deductor (s.194Q buyers deduct on mill purchases). Dates are statutory and not moved for Sundays or holidays,
// as the reference recommends (§3): the portals do not roll them forward consistently.

export const COMPLIANCE_KINDS = ["gstr1", "gstr3b", "tds_deposit"] as const;
export type ComplianceKind = (typeof COMPLIANCE_KINDS)[number];

export interface ComplianceDate {
  /** Due date, IST calendar day YYYY-MM-DD. */
  date: string;
  kind: ComplianceKind;
  /** Tax period (month) the filing or payment covers, YYYY-MM. `kind` + `period` identify one obligation. */
  period: string;
  title: string;
  description: string;
}

/** Days before a due date the cron starts reminding: due dates in [today, today + lead] are emitted once each. */
export const COMPLIANCE_LEAD_DAYS = 3;

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;

const KIND_ORDER: Record<ComplianceKind, number> = { tds_deposit: 0, gstr1: 1, gstr3b: 2 };

/**
 * Every due date between two valid IST dates, both inclusive, ascending by date (then TDS, GSTR-1, GSTR-3B).
 * Empty when `fromIsoDate` is after `toIsoDate`.
 */
export function complianceDatesBetween(fromIsoDate: string, toIsoDate: string): ComplianceDate[] {
  const dates: ComplianceDate[] = [];
  // Every due date falls in the month after its period, so periods run from the month before `from`
  // to the month before `to`.
  let { year, month } = monthBefore(fromIsoDate);
  const last = monthBefore(toIsoDate);
  while (year < last.year || (year === last.year && month <= last.month)) {
    for (const due of dueDatesForPeriod(year, month)) {
      if (due.date >= fromIsoDate && due.date <= toIsoDate) dates.push(due);
    }
    month += 1;
    if (month === 13) [year, month] = [year + 1, 1];
  }
  return dates.sort((a, b) => (a.date === b.date ? KIND_ORDER[a.kind] - KIND_ORDER[b.kind] : a.date < b.date ? -1 : 1));
}

function dueDatesForPeriod(year: number, month: number): ComplianceDate[] {
  const period = `${year}-${pad(month)}`;
  const name = `${MONTHS[month - 1] ?? ""} ${year}`;
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  const inNextMonth = (day: number) => `${next.year}-${pad(next.month)}-${pad(day)}`;
  // TDS deducted from April 2026 falls under the Income-tax Act 2025 (Rule 218, same dates as Rule 30).
  const tdsRule = period >= "2026-04" ? "Rule 218 of the Income-tax Rules 2026" : "Rule 30 of the Income-tax Rules 1962";
  const tdsDate = month === 3 ? `${year}-04-30` : inNextMonth(7);
  return [
    {
      date: tdsDate,
      kind: "tds_deposit",
      period,
      title: `TDS deposit for ${name}`,
      description:
        `Deposit the tax deducted in ${name} (including s.194Q TDS on mill purchases) by ${tdsDate}: ` +
        `the 7th of the next month, or 30 April for March deductions (${tdsRule}).`,
    },
    {
      date: inNextMonth(11),
      kind: "gstr1",
      period,
      title: `GSTR-1 for ${name}`,
      description: `File GSTR-1 (outward supplies, monthly filer) for ${name} by ${inNextMonth(11)}.`,
    },
    {
      date: inNextMonth(20),
      kind: "gstr3b",
      period,
      title: `GSTR-3B for ${name}`,
      description: `File GSTR-3B and pay the GST due for ${name} by ${inNextMonth(20)} (monthly filer).`,
    },
  ];
}

function monthBefore(isoDate: string): { year: number; month: number } {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

const pad = (n: number) => String(n).padStart(2, "0");
