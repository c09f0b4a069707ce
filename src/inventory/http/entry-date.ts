// The date of a back-office entry as the routes take it: optional in the body (default today, IST), and
// refused with 400 naming the field when it is in the future or before the books began.
import { checkEntryDate } from "../domain/entry-dates";
import { istDateOf } from "../domain/ist";
import { inventoryError } from "./errors";

export function entryDate(field: string, date: string | undefined, nowMs: number): string {
  const checked = checkEntryDate({ field, date: date ?? istDateOf(nowMs), nowMs });
  if (!checked.ok) throw inventoryError("bad_request", `${checked.field}: ${checked.message.slice(checked.field.length + 1)}`);
  return checked.date;
}
