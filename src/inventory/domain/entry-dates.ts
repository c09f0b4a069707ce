// Dates of back-office entries are IST calendar dates. None may lie in the future (a 2031 expense would head
// every "newest first" list), none before GST began, and a sale may not predate the receipt of its lots.
import { istDateOf, parseIsoDate } from "./ist";
import { GST_START_DATE } from "./gst-rates";

/** The oldest date the books accept: GST came into force on 1 July 2017. */
export const EARLIEST_ENTRY_DATE = GST_START_DATE;

export type EntryDateResult =
  | { ok: true; date: string }
  | { ok: false; code: "invalid_date" | "future_date" | "date_before_books"; field: string; message: string };

/** Checks one entry date against the IST day of `nowMs` (the caller's clock). */
export function checkEntryDate(input: { field: string; date: string; nowMs: number }): EntryDateResult {
  const { field, date } = input;
  const parsed = parseIsoDate(date);
  if (!parsed.ok) return { ok: false, code: "invalid_date", field, message: `${field} ${parsed.error}` };
  const today = istDateOf(input.nowMs);
  if (date > today) return { ok: false, code: "future_date", field, message: `${field} ${date} is after today (${today}, IST)` };
  if (date < EARLIEST_ENTRY_DATE) {
    return { ok: false, code: "date_before_books", field, message: `${field} ${date} is before ${EARLIEST_ENTRY_DATE}, when GST began` };
  }
  return { ok: true, date };
}

export type SaleLotDatesResult = { ok: true } | { ok: false; code: "sale_before_lot_receipt"; lotId: string; receivedOn: string; message: string };

/** A sale cannot sell yarn before it arrived: every lot's receipt date must be on or before the sale date. */
export function checkSaleAfterLotReceipts(saleDate: string, lots: ReadonlyArray<{ lotId: string; receivedOn: string }>): SaleLotDatesResult {
  const early = lots.find((l) => l.receivedOn > saleDate);
  if (!early) return { ok: true };
  return {
    ok: false,
    code: "sale_before_lot_receipt",
    lotId: early.lotId,
    receivedOn: early.receivedOn,
    message: `sale_date ${saleDate} is before lot ${early.lotId} was received on ${early.receivedOn}`,
  };
}
