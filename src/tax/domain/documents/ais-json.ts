// The AIS JSON the e-filing portal offers as "JSON (for AIS Utility)", after the user decrypts it. Its shape is
// established from public code that reads it (chetanganatra/ITD-Annual-Information-Statement, a JSON-to-Excel
// converter, and a synthetic test suite modelled on real exports): `partA` holds parallel `columnLabel` /
// `columnData`; `partB.sections[].elements[]` hold an `l2` summary table (labels "Information Code",
// "Information Description", "Information Source", "Count", "Amount") and an `l1` transaction table whose labels
// are strings or `{ name, seq }` descriptors. Rows are positional arrays or objects. Everything is read
// defensively: unknown members are skipped, never trusted.
import { parseAmount } from "./amount";
import { categoryOf, readInformationCode } from "./ais-codes";
import { ageAtYearEnd, aisTotals, paymentEntry } from "./ais-summary";
import { compact, findYear, isPan, maskPan, maskPansIn } from "./lines";
import type { AisDocument, AisEntry, ParseError } from "./types";
import { Warnings } from "./warnings";

type Json = unknown;

const isRecord = (v: Json): v is Record<string, Json> => typeof v === "object" && v !== null && !Array.isArray(v);
const asArray = (v: Json): Json[] => (Array.isArray(v) ? v : []);
const asText = (v: Json): string | null => (typeof v === "string" ? v.trim() : typeof v === "number" && Number.isFinite(v) ? String(v) : null);

function cellAmount(v: Json): number | null {
  if (typeof v === "number") return Number.isFinite(v) ? Math.round(v * 100) / 100 : null;
  return typeof v === "string" ? parseAmount(v) : null;
}

interface Column {
  label: string;
  /** Key into object rows. */
  field: string | null;
  /** Index into positional rows. */
  position: number;
}

function columnsOf(table: Record<string, Json>): Column[] {
  return asArray(table.columnLabel).map((label, index) => {
    if (isRecord(label)) {
      const seq = typeof label.seq === "number" && Number.isInteger(label.seq) ? label.seq : index;
      return { label: compact(asText(label.name) ?? ""), field: asText(label.field), position: seq };
    }
    const text = asText(label) ?? "";
    return { label: compact(text), field: text, position: index };
  });
}

function cell(row: Json, column: Column | undefined): Json {
  if (column === undefined) return undefined;
  if (Array.isArray(row)) return row[column.position];
  if (isRecord(row)) {
    if (column.field !== null && column.field in row) return row[column.field];
  }
  return undefined;
}

const findColumn = (columns: Column[], test: (label: string) => boolean): Column | undefined => columns.find((c) => test(c.label));

/** Whether a decoded JSON value has the AIS utility shape. */
export const isAisJson = (value: Json): value is Record<string, Json> =>
  isRecord(value) && isRecord(value.partB) && Array.isArray(value.partB.sections);

// The download itself is encrypted: one long line of base64 or hex. Users must decrypt it first.
export function looksEncrypted(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.length < 64 || trimmed.startsWith("{")) return false;
  for (const c of trimmed) {
    const ok = (c >= "A" && c <= "Z") || (c >= "a" && c <= "z") || (c >= "0" && c <= "9") || '+/=:"'.includes(c);
    if (!ok) return false;
  }
  return true;
}

/** Parses decrypted AIS utility JSON. Expected failures (not JSON, not AIS-shaped) come back as values. */
export function parseAisJson(
  text: string,
  typeSource: "given" | "detected" = "given",
): { ok: true; document: AisDocument } | { ok: false; error: ParseError } {
  let root: Json;
  try {
    root = JSON.parse(text);
  } catch {
    return { ok: false, error: { code: "unsupported_json", message: "the text starts like JSON but is not valid JSON" } };
  }
  if (!isAisJson(root)) {
    return {
      ok: false,
      error: { code: "unsupported_json", message: "JSON without partB.sections is not the AIS utility JSON" },
    };
  }
  const warnings = new Warnings();
  const entries: AisEntry[] = [];
  /** Where each summary row sits, for warnings about its entry. */
  const entryPaths = new Map<AisEntry, string>();

  let pan: string | null = null;
  let name: string | null = null;
  const partA = isRecord(root.partA) ? root.partA : {};
  const partAColumns = columnsOf(partA);
  // Part A data is one row: either the row itself or a one-row table.
  const partARow = asArray(partA.columnData);
  const row = Array.isArray(partARow[0]) || isRecord(partARow[0]) ? partARow[0] : partARow;
  const panText = asText(
    cell(
      row,
      findColumn(partAColumns, (l) => l === "pan" || l.includes("permanentaccountnumber")),
    ),
  );
  if (panText !== null && isPan(panText.toUpperCase())) pan = maskPan(panText.toUpperCase());
  else if (isRecord(root.metadata)) {
    const logged = asText(root.metadata.loggedInPan);
    if (logged !== null && isPan(logged.toUpperCase())) pan = maskPan(logged.toUpperCase());
  }
  name = asText(
    cell(
      row,
      findColumn(partAColumns, (l) => l === "name" || l.startsWith("nameof")),
    ),
  );
  const dateOfBirth = asText(
    cell(
      row,
      findColumn(partAColumns, (l) => l === "dob" || l.includes("dateofbirth")),
    ),
  );
  const header = isRecord(root.header) ? root.header : {};
  const headerColumns = columnsOf(header);
  const headerRow = asArray(header.columnData);
  const headerValues = Array.isArray(headerRow[0]) || isRecord(headerRow[0]) ? headerRow[0] : headerRow;
  const yearFrom = (test: (l: string) => boolean): string | null => {
    const value = asText(cell(headerValues, findColumn(headerColumns, test)));
    return value === null ? null : findYear(value);
  };

  const financialYear = yearFrom((l) => l.includes("financialyear"));
  const assessmentYear = yearFrom((l) => l.includes("assessmentyear"));
  const sections = asArray((root.partB as Record<string, Json>).sections);
  sections.forEach((section, sectionIndex) => {
    if (!isRecord(section)) return;
    const sectionName = compact(`${asText(section.sectionKey) ?? ""} ${asText(section.title) ?? ""}`);
    const isTaxPayments = sectionName.includes("paymentoftaxes");
    const isRefunds = sectionName.includes("refund");
    asArray(section.elements).forEach((element, elementIndex) => {
      if (!isRecord(element)) return;
      const where = `partB.sections[${sectionIndex}].elements[${elementIndex}]`;
      if (isTaxPayments || isRefunds) {
        // B3/B4 tables carry no information code; their amount column is "Total" or "...Amount".
        const table = isRecord(element.l2) ? element.l2 : isRecord(element.l1) ? element.l1 : element;
        const columns = columnsOf(table);
        const amountColumn =
          findColumn(columns, (l) => l === "total" || l === "totalamount") ??
          findColumn(columns, (l) => l.includes("amount") && !l.includes("interest"));
        if (amountColumn === undefined) {
          if (asArray(table.columnData).length > 0) {
            warnings.add(0, where, "tax payment or refund table without an amount column");
          }
          return;
        }
        const minorHead = findColumn(columns, (l) => l.includes("minorhead"));
        const yearColumn = findColumn(columns, (l) => l.includes("assessmentyear"));
        for (const row of asArray(table.columnData)) {
          const amount = cellAmount(cell(row, amountColumn));
          if (amount === null) continue;
          const minor = compact(asText(cell(row, minorHead)) ?? "");
          const kind = isRefunds
            ? "Refund"
            : minor.includes("advance") || minor.startsWith("100")
              ? "Advance tax"
              : minor.includes("selfassessment") || minor.startsWith("300")
                ? "Self-assessment tax"
                : "Tax payment";
          entries.push(paymentEntry(amount, kind, findYear(asText(cell(row, yearColumn)) ?? ""), assessmentYear));
        }
        return;
      }
      const summary = isRecord(element.l2) ? element.l2 : null;
      const detail = isRecord(element.l1) ? element.l1 : null;
      const elementCode = readInformationCode(asText(element.infoSrcId) ?? asText(element.infoCode) ?? "");
      const startIndex = entries.length;
      if (summary !== null) {
        const columns = columnsOf(summary);
        const codeColumn = findColumn(columns, (l) => l === "informationcode");
        const descriptionColumn = findColumn(columns, (l) => l === "informationdescription");
        const sourceColumn = findColumn(columns, (l) => l === "informationsource");
        const countColumn = findColumn(columns, (l) => l === "count");
        const amountColumn = findColumn(columns, (l) => l === "amount" || l === "reportedamount");
        const derivedColumn = findColumn(columns, (l) => l === "derivedamount");
        asArray(summary.columnData).forEach((row, rowIndex) => {
          const code = readInformationCode(asText(cell(row, codeColumn)) ?? "") ?? elementCode;
          if (code === null) return;
          const description = asText(cell(row, descriptionColumn)) ?? asText(element.title) ?? "";
          const source = asText(cell(row, sourceColumn));
          const count = cellAmount(cell(row, countColumn));
          const entry: AisEntry = {
            code,
            description,
            source: source === null ? null : maskPansIn(source),
            count: count !== null && Number.isInteger(count) ? count : null,
            amount: cellAmount(cell(row, amountColumn)),
            taxDeducted: null,
            category: categoryOf(code, description),
          };
          entries.push(entry);
          entryPaths.set(entry, `${where}.l2.columnData[${rowIndex}]`);
          // The value after the taxpayer's feedback (and the department's de-duplication) can differ from the
          // amount reported; the reported one is used, and a difference is said, for the caller to decide.
          const derived = derivedColumn === undefined ? null : cellAmount(cell(row, derivedColumn));
          if (derived !== null && entry.amount !== null && derived !== entry.amount) {
            warnings.add(
              0,
              `${where}.l2.columnData[${rowIndex}]`,
              `the AIS derives ${derived} from the reported ${entry.amount} (after feedback or de-duplication); the reported amount was used: correct the request if the derived one is right`,
            );
          }
        });
      }
      // TDS/TCS deducted lives in the transaction table; it is summed onto the element's entry.
      const elementEntries = entries.slice(startIndex);
      if (detail !== null && elementEntries.some((entry) => entry.code !== null && !entry.code.startsWith("SFT-"))) {
        const detailColumns = columnsOf(detail);
        const taxColumn = findColumn(
          detailColumns,
          (l) => l.includes("taxdeducted") || l.includes("tdsdeducted") || l.includes("taxcollected") || l.includes("tcscollected"),
        );
        const statusColumn = findColumn(detailColumns, (l) => l === "status");
        let paise = 0;
        let found = false;
        for (const row of asArray(detail.columnData)) {
          // An inactive row (a duplicate or a row the taxpayer's feedback denied) is not tax paid, as in the PDF text.
          if (compact(asText(cell(row, statusColumn)) ?? "") === "inactive") continue;
          const value = cellAmount(cell(row, taxColumn));
          if (value === null) continue;
          paise += Math.round(value * 100);
          found = true;
        }
        if (found && elementEntries.length === 1) elementEntries[0]!.taxDeducted = paise / 100;
        // Several sources in one element: its transactions do not say whose tax each is, so it is said, not guessed.
        else if (found && paise !== 0) {
          warnings.add(
            0,
            `${where}.l1`,
            `tax deducted or collected of ${paise / 100} in transactions of ${elementEntries.length} sources together, which cannot be put to one of them: it is not in taxesPaid; add it yourself`,
          );
        }
      }
    });
  });

  const totals = aisTotals(entries, (entry, message) => warnings.add(0, entryPaths.get(entry)!, message));
  return {
    ok: true,
    document: {
      documentType: "ais",
      typeSource,
      format: "json",
      pan,
      name: name === null || name.length === 0 ? null : name.slice(0, 120),
      financialYear,
      assessmentYear,
      age: dateOfBirth === null ? null : ageAtYearEnd(dateOfBirth, financialYear, assessmentYear),
      entries,
      totals,
      warnings: warnings.list,
      warningsTotal: warnings.total,
    },
  };
}
