// Place of supply and the GST split of an invoice line or credit note (IGST Act s.10(1)(a), s.7-8):
// CGST + SGST at half the rate each when the supplier's state is the place of supply, IGST otherwise.
import { GST_STATE_CODES, validateGstin } from "./gstin";
import { amountPaise } from "./money";

export type PlaceOfSupplyResult =
  | { ok: true; stateCode: string; stateName: string; source: "gstin" | "address" }
  | { ok: false; code: "place_of_supply_unknown" | "invalid_gstin" | "unknown_state"; message: string };

/**
 * The state goods are supplied to: the registered customer's GSTIN state code first, else the state of the
 * customer's address, given as a 2-digit GST state code ("33") or a state name ("Tamil Nadu", any case).
 */
export function placeOfSupply(customer: { gstin?: string | null; addressState?: string | null }): PlaceOfSupplyResult {
  return placeOfSupplyFrom(customer);
}

/**
 * The place of supply of a sale: the customer's, or, for a customer with neither GSTIN nor address state (a
 * buyer collecting at the godown), the supplier's own state, where the goods are when delivered (IGST Act
 * s.10(1)(c)).
 */
export function saleSupply(
  supplierStateCode: string,
  customer: { gstin?: string | null; addressState?: string | null },
): { placeOfSupply: string; kind: SupplyKind } | Extract<PlaceOfSupplyResult, { ok: false }> {
  const place = placeOfSupplyFrom(customer);
  if (!place.ok && place.code !== "place_of_supply_unknown") return place;
  const code = place.ok ? place.stateCode : supplierStateCode;
  return { placeOfSupply: code, kind: supplyKind(supplierStateCode, code) };
}

function placeOfSupplyFrom(customer: { gstin?: string | null; addressState?: string | null }): PlaceOfSupplyResult {
  if (customer.gstin) {
    const gstin = validateGstin(customer.gstin);
    if (!gstin.ok) return { ok: false, code: "invalid_gstin", message: `customer GSTIN ${gstin.message}` };
    return { ok: true, stateCode: gstin.stateCode, stateName: gstin.stateName, source: "gstin" };
  }
  const state = customer.addressState?.trim();
  if (!state) {
    return { ok: false, code: "place_of_supply_unknown", message: "the customer has neither a GSTIN nor an address state" };
  }
  const code = stateCodeOf(state);
  if (code === null) return { ok: false, code: "unknown_state", message: `unknown state ${state}` };
  return { ok: true, stateCode: code, stateName: GST_STATE_CODES[code]!, source: "address" };
}

/** A GST state code from a code ("33") or a state's name ("Tamil Nadu", any case, "&" or "and"), or null. */
export function stateCodeOf(state: string): string | null {
  if (Object.hasOwn(GST_STATE_CODES, state)) return state;
  const wanted = state.toLowerCase().replaceAll("&", "and").replace(/\s+/g, " ");
  const hit = Object.entries(GST_STATE_CODES).find(([, name]) => name.toLowerCase() === wanted);
  return hit ? hit[0] : null;
}

export type SupplyKind = "intra_state" | "inter_state";

export function supplyKind(supplierStateCode: string, placeOfSupplyCode: string): SupplyKind {
  return supplierStateCode === placeOfSupplyCode ? "intra_state" : "inter_state";
}

export interface TaxSplit {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/**
 * GST of one invoice line, rounded per line to the paisa, half up (as the invoice's line-wise tax columns
 * and as sales are booked today). IGST is the full rate on the line. Intra-state, CGST and SGST are each
 * half the rate, rounded separately, so they are always equal on the invoice; their sum can then differ by
 * one paisa from the IGST figure of the same line (₹10.10 at 5 %: IGST 0.505 → 0.51; CGST 0.2525 → 0.25 twice).
 */
export function lineTax(taxablePaise: number, rateBps: number, kind: SupplyKind): TaxSplit {
  if (kind === "inter_state") {
    return { taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: roundHalfUp(taxablePaise * rateBps, 10_000) };
  }
  const half = roundHalfUp(taxablePaise * rateBps, 20_000);
  return { taxablePaise, cgstPaise: half, sgstPaise: half, igstPaise: 0 };
}

/**
 * The value and GST of `grams` coming back from an invoice line of which `returnedGrams` came back before: the
 * line's figures for all returned after this return, less those before it. Rounded return by return, three
 * returns of 0.5 kg of a 1.5 kg line would each gain up to a paisa and together credit more than the line was
 * invoiced for; this way the returns of a line always add up to the line, to the paisa, in every column.
 */
export function lineReturnTax(
  line: { ratePaisePerKg: number; gstRateBps: number },
  returnedGrams: number,
  grams: number,
  kind: SupplyKind,
): TaxSplit {
  const upTo = (total: number) => lineTax(amountPaise(total, line.ratePaisePerKg), line.gstRateBps, kind);
  const after = upTo(returnedGrams + grams);
  const before = upTo(returnedGrams);
  return {
    taxablePaise: after.taxablePaise - before.taxablePaise,
    cgstPaise: after.cgstPaise - before.cgstPaise,
    sgstPaise: after.sgstPaise - before.sgstPaise,
    igstPaise: after.igstPaise - before.igstPaise,
  };
}

/** Sum of line splits: the invoice's taxable value and tax columns. */
export function invoiceTax(lines: readonly TaxSplit[]): TaxSplit & { totalPaise: number } {
  const sum = (pick: (l: TaxSplit) => number) => lines.reduce((s, l) => s + pick(l), 0);
  const split = {
    taxablePaise: sum((l) => l.taxablePaise),
    cgstPaise: sum((l) => l.cgstPaise),
    sgstPaise: sum((l) => l.sgstPaise),
    igstPaise: sum((l) => l.igstPaise),
  };
  return { ...split, totalPaise: split.taxablePaise + split.cgstPaise + split.sgstPaise + split.igstPaise };
}

/**
 * The split of a sales return's credit note: its lines' figures (`lines`, as `invoiceTax` of their `lineReturnTax`)
 * held, column by column, to what the invoice has `left` (its figures less those of its earlier credit notes not
 * voided), as `creditWithinLeft` does. A note that credited part of the invoice in the invoice's proportions took
 * some of each column, so the returned lines may carry more of one (a tax rounded up, or taxable value) than is left
 * of it; the amount stays the lines' and the excess is credited in the columns that still have room.
 */
export function returnNoteTax(lines: TaxSplit & { totalPaise: number }, left: TaxSplit): TaxSplit & { totalPaise: number } {
  return { ...creditWithinLeft(lines.totalPaise, lines, left), totalPaise: lines.totalPaise };
}

/**
 * A credit note of `amountPaise` (tax included) against an invoice carries taxable value and tax in the
 * proportions of `invoice`: what the invoice has left to credit, its figures less those of its earlier credit
 * notes (CGST s.34 reverses the tax charged on the original supply). Each tax column is rounded half up and the
 * taxable value takes the remainder, so the parts always add up to the amount and a credit of all that is left
 * reproduces it exactly. No tax can pass what is left of it (amount ≤ what is left in all), but with no taxable
 * value left both halves of an odd amount round up (₹0.01 of CGST ₹0.01 + SGST ₹0.01 left is 0.005 → 0.01 each),
 * leaving a taxable value of −₹0.01: `creditWithinLeft` holds it at 0 and takes the paisa back from SGST. BigInt
 * because amount × tax can pass 2^53.
 */
export function creditNoteTax(amountPaise: number, invoice: TaxSplit): TaxSplit {
  const room = roomLeft(invoice);
  const total = room.taxablePaise + room.cgstPaise + room.sgstPaise + room.igstPaise;
  if (total <= 0) return { taxablePaise: amountPaise, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
  const share = (part: number) => Number((2n * BigInt(amountPaise) * BigInt(part) + BigInt(total)) / (2n * BigInt(total)));
  const cgstPaise = share(room.cgstPaise);
  const sgstPaise = share(room.sgstPaise);
  const igstPaise = share(room.igstPaise);
  return creditWithinLeft(amountPaise, { taxablePaise: amountPaise - cgstPaise - sgstPaise - igstPaise, cgstPaise, sgstPaise, igstPaise }, invoice);
}

/**
 * A credit note of `amountPaise` against an invoice, from the columns it would carry (`figures`, adding up to the
 * amount) with each column held between 0 and what the invoice has `left` of it, so the invoice's credit notes never
 * reverse more of a column than it charged (CGST s.34). A column past what is left is held there and its excess goes
 * to the columns with room: taxable value first, then CGST and SGST in equal halves (the odd paisa to CGST), each
 * within what is left of it, the other taking what one cannot, then IGST (an invoice carries CGST and SGST or IGST,
 * so the other taxes have no room). A column below 0 is held at 0 and the paisa it needs come back the other way:
 * from the taxes first, in the same order (the odd paisa from SGST, so CGST keeps it), then from taxable value. A
 * column already credited past its figure (books written before this rule) has nothing left and is credited no
 * further.
 *
 * This always places the whole amount when it is at most what the invoice has left in all, as the credit_exceeds_invoice
 * check guarantees (the columns left add up to the invoice's total less its credit notes that adjusted GST, at
 * least its total less all its credit notes). Let room be what is left of each column, never below 0, so the rooms add up
 * to at least the amount; after holding, every column is within [0, room]. An excess (the held columns add up to
 * less than the amount) is the amount less their sum, at most the rooms' sum less theirs: the free room. Each step
 * fills a column up to its room or places all that remains, and every column is visited (CGST and SGST again after
 * their halves), so none remains. A shortfall (they add up to more) is their sum less the amount, at most their sum:
 * each step empties a column down to 0 or takes back all that remains, so all is taken back. Either way the columns
 * then add up to the amount, each within [0, what is left of it].
 */
export function creditWithinLeft(amountPaise: number, figures: TaxSplit, left: TaxSplit): TaxSplit {
  const room = roomLeft(left);
  const note: TaxSplit = {
    taxablePaise: Math.min(Math.max(0, figures.taxablePaise), room.taxablePaise),
    cgstPaise: Math.min(Math.max(0, figures.cgstPaise), room.cgstPaise),
    sgstPaise: Math.min(Math.max(0, figures.sgstPaise), room.sgstPaise),
    igstPaise: Math.min(Math.max(0, figures.igstPaise), room.igstPaise),
  };
  // Moves up to `paise` (negative: takes back) into one column within [0, its room]; returns the paise moved.
  const move = (column: keyof TaxSplit, paise: number) => {
    const to = Math.min(Math.max(0, note[column] + paise), room[column]);
    const moved = to - note[column];
    note[column] = to;
    return moved;
  };
  const moveTaxes = (paise: number) => {
    // Halves: floor(paise / 2) to SGST, the rest to CGST, so the odd paisa goes to CGST or comes from SGST.
    const sgstHalf = Math.floor(paise / 2);
    let moved = move("cgstPaise", paise - sgstHalf) + move("sgstPaise", sgstHalf);
    moved += move("cgstPaise", paise - moved);
    moved += move("sgstPaise", paise - moved);
    return moved + move("igstPaise", paise - moved);
  };
  const excess = amountPaise - note.taxablePaise - note.cgstPaise - note.sgstPaise - note.igstPaise;
  if (excess > 0) moveTaxes(excess - move("taxablePaise", excess));
  if (excess < 0) move("taxablePaise", excess - moveTaxes(excess));
  return note;
}

/** What is left of each column to credit, none of a column already credited past its figure. */
function roomLeft(left: TaxSplit): TaxSplit {
  return {
    taxablePaise: Math.max(0, left.taxablePaise),
    cgstPaise: Math.max(0, left.cgstPaise),
    sgstPaise: Math.max(0, left.sgstPaise),
    igstPaise: Math.max(0, left.igstPaise),
  };
}

/** numerator / divisor rounded half up, for non-negative integers whose product is a safe integer. */
function roundHalfUp(numerator: number, divisor: number): number {
  return Math.floor((numerator + divisor / 2) / divisor);
}
