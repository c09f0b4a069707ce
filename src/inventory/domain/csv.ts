// RFC 4180 CSV for the exports: CRLF record ends, a field is quoted when it holds a comma, quote, CR or LF,
// and an embedded quote is doubled (inventory-domain reference §5).

/**
 * A server-formatted number (formatPaise, formatGrams, a count). It is written as is and never passes the
 * formula guard, so a negative outstanding stays `-1250.00` for Excel, Zoho and Tally imports.
 */
export interface CsvNumber {
  readonly csvNumber: string;
}

/** Text cells are user-supplied and guarded; `null`/`undefined` write an empty field. */
export type CsvCell = string | number | CsvNumber | null | undefined;

const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/** Marks a decimal string as a number cell. Anything that is not a plain decimal stays text (and guarded). */
export function csvNumber(decimal: string): CsvNumber | string {
  return PLAIN_DECIMAL.test(decimal) ? { csvNumber: decimal } : decimal;
}

// OWASP CSV injection plus ASVS 5.0 V1.2.10: a leading = + - @ TAB CR (or NUL) may start a formula in a
// spreadsheet. A leading `'` makes it text; a TAB prefix would not help, TAB is itself a trigger.
const FORMULA_TRIGGER = /^[=+\-@\t\r\0]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** Text as it will be stored in the cell: a `'` is prepended when the text could start a formula. */
export function guardFormula(text: string): string {
  return FORMULA_TRIGGER.test(text) ? `'${text}` : text;
}

function field(cell: CsvCell): string {
  if (cell === null || cell === undefined) return "";
  if (typeof cell === "number") return String(cell);
  if (typeof cell === "object") return cell.csvNumber;
  const text = guardFormula(cell);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ending in CRLF. */
export function csvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(field).join(",")}\r\n`;
}

/**
 * UTF-8 byte order mark, written only when asked for (`bom: true`): Excel, which many Indian accountants open the
 * file in before importing to Tally, otherwise reads UTF-8 as a single-byte code page and mangles ₹ and Devanagari
 * or Tamil names; but many CSV parsers read the mark into the first header (`\uFEFFid`).
 */
export const CSV_BOM = "\uFEFF";

// Rows are batched into chunks of about this many UTF-16 code units to keep the chunk count low on 10,000-row
// exports while memory stays bounded by one chunk, whatever the row count.
const CHUNK_CHARS = 16 * 1024;

/**
 * Streams `header` then the rows as UTF-8 CSV. Pull-based: the next row is read only when the consumer asks
 * for more, so memory stays flat in the row count. Cancelling the stream closes the row source.
 */
export function csvStream(
  header: readonly string[],
  rows: AsyncIterable<readonly CsvCell[]> | Iterable<readonly CsvCell[]>,
  options: { bom?: boolean } = {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const source: AsyncIterator<readonly CsvCell[]> | Iterator<readonly CsvCell[]> =
    Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : rows[Symbol.iterator]();
  let pending = (options.bom === true ? CSV_BOM : "") + csvRow(header);

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      while (pending.length < CHUNK_CHARS) {
        const next = await source.next();
        if (next.done) {
          if (pending) controller.enqueue(encoder.encode(pending));
          controller.close();
          return;
        }
        pending += csvRow(next.value);
      }
      controller.enqueue(encoder.encode(pending));
      pending = "";
    },
    async cancel() {
      await source.return?.();
    },
  });
}
