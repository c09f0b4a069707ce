// GST rate of yarn (and the fibre it is spun from) on a date of supply: a dated table per HSN heading,
// each row citing the notification that set it. The rate is taken from the date of supply, never fixed on
// the SKU, because the 56th GST Council changed man-made-fibre yarn from 12 % to 5 % on 22 September 2025.

/** GST came into force on 1 July 2017; no GST rate exists before it. */
export const GST_START_DATE = "2017-07-01";

export interface GstRateRow {
  /** 4-digit HSN headings the row covers. */
  headings: readonly string[];
  /** First IST date of supply the rate applies to (inclusive). */
  from: string;
  /** First date it no longer applies to (exclusive); null while in force. */
  until: string | null;
  /** Total GST (IGST, or CGST + SGST together) in basis points: 500 = 5 %. */
  rateBps: number;
  notification: string;
  /** False where the row rests on a secondary source or inference only (see `note`). */
  confirmed: boolean;
  note?: string;
}

const COTTON_THREAD_RETAIL = ["5204", "5207"] as const;
const MMF_YARN = ["5401", "5402", "5403", "5404", "5405", "5406", "5508", "5509", "5510", "5511"] as const;
const MMF_FIBRE = ["5501", "5502", "5503", "5504", "5505", "5506", "5507"] as const;

const RATE_REFORM_2025 = "2025-09-22";
const NOTIFICATION_1_2017 = "Notification 1/2017-Central Tax (Rate), 28 June 2017";
const NOTIFICATION_9_2025 =
  "Notification 9/2025-Central Tax (Rate), 17 September 2025 (56th GST Council, 3 September 2025), in force 22 September 2025";

export const GST_RATE_TABLE: readonly GstRateRow[] = [
  // Cotton yarn stayed at 5 %: it is in no list of the 2025 changes.
  { headings: ["5205"], from: GST_START_DATE, until: null, rateBps: 500, notification: NOTIFICATION_1_2017, confirmed: true },
  {
    headings: ["5206"],
    from: GST_START_DATE,
    until: null,
    rateBps: 500,
    notification: NOTIFICATION_1_2017,
    confirmed: false,
    note: "5 % inferred from the schedule placement beside 5205; not read in the notification itself",
  },
  {
    headings: COTTON_THREAD_RETAIL,
    from: GST_START_DATE,
    until: null,
    rateBps: 500,
    notification: NOTIFICATION_1_2017,
    confirmed: false,
    note: "cotton sewing thread and retail-pack yarn: 5 % per secondary sources only",
  },
  // Man-made-fibre yarn: 12 % until 21 September 2025, then 5 %.
  {
    headings: MMF_YARN,
    from: GST_START_DATE,
    until: RATE_REFORM_2025,
    rateBps: 1200,
    notification: NOTIFICATION_1_2017,
    confirmed: false,
    note:
      "12 % is confirmed for the years before the 2025 reform (46th Council, December 2021, kept MMF yarn at 12 %); " +
      "whether 18 % applied in the first months after July 2017 is unconfirmed",
  },
  { headings: MMF_YARN, from: RATE_REFORM_2025, until: null, rateBps: 500, notification: NOTIFICATION_9_2025, confirmed: true },
  // Man-made staple fibre and tow (PSF, VSF): 18 % until 21 September 2025, then 5 %.
  { headings: MMF_FIBRE, from: GST_START_DATE, until: RATE_REFORM_2025, rateBps: 1800, notification: NOTIFICATION_1_2017, confirmed: true },
  { headings: MMF_FIBRE, from: RATE_REFORM_2025, until: null, rateBps: 500, notification: NOTIFICATION_9_2025, confirmed: true },
];

/** The headings the table rates, runs of consecutive ones joined: "5204-5207, 5401-5406, 5501-5511". */
export const RATED_HEADINGS = ((): string => {
  const headings = [...new Set(GST_RATE_TABLE.flatMap((row) => row.headings))].map(Number).sort((a, b) => a - b);
  const runs: Array<[number, number]> = [];
  for (const heading of headings) {
    const last = runs.at(-1);
    if (last && heading === last[1] + 1) last[1] = heading;
    else runs.push([heading, heading]);
  }
  return runs.map(([from, to]) => (from === to ? `${from}` : `${from}-${to}`)).join(", ");
})();

export type GstRateResult =
  | { ok: true; rateBps: number; notification: string; confirmed: boolean }
  | { ok: false; code: "before_gst" | "hsn_not_in_rate_table"; message: string };

/** The GST rate of an HSN (4 to 8 digits) on an IST date of supply (YYYY-MM-DD). */
export function gstRateOn(hsn: string, supplyDate: string): GstRateResult {
  if (supplyDate < GST_START_DATE) {
    return { ok: false, code: "before_gst", message: `date of supply ${supplyDate} is before GST began on ${GST_START_DATE}` };
  }
  const heading = hsn.slice(0, 4);
  const row = GST_RATE_TABLE.find((r) => r.headings.includes(heading) && r.from <= supplyDate && (r.until === null || supplyDate < r.until));
  if (!row) return { ok: false, code: "hsn_not_in_rate_table", message: `HSN ${hsn} has no GST rate in the yarn rate table` };
  return { ok: true, rateBps: row.rateBps, notification: row.notification, confirmed: row.confirmed };
}
