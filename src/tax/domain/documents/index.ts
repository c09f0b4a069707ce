// Pure parsers for POST /documents/parse: Form 16 Part B / Form 130 and AIS (PDF text or decrypted JSON) into
// amounts and a /compute request. No I/O, no clock, nothing kept: the same text always gives the same result.
import { looksEncrypted, parseAisJson } from "./ais-json";
import { parseAisText } from "./ais-text";
import { buildComputeRequest, type CallerFacts, type ComputeRequestResult } from "./compute-request";
import { detectDocumentType } from "./detect";
import { parseForm16 } from "./form16";
import type { DocumentType, ParseError, ParsedDocument, ParseResult } from "./types";

export { parseAmount } from "./amount";
export { parseAisJson } from "./ais-json";
export { parseAisText } from "./ais-text";
export { buildComputeRequest, documentFinancialYear } from "./compute-request";
export type { CallerFacts, ComputeRequestResult } from "./compute-request";
export { detectDocumentType } from "./detect";
export { parseForm16 } from "./form16";
export { maskPan } from "./lines";
export type * from "./types";

/** Parses the AIS in whichever form it came: decrypted utility JSON, or the text of the PDF. */
export function parseAis(text: string, typeSource: "given" | "detected" = "given"): ParseResult {
  if (text.trimStart().startsWith("{")) return parseAisJson(text, typeSource);
  if (looksEncrypted(text)) {
    return {
      ok: false,
      error: {
        code: "encrypted_ais_json",
        message: "this is the encrypted AIS download; decrypt it (password: PAN in lower case and date of birth) or send the PDF text",
      },
    };
  }
  return { ok: true, document: parseAisText(text, typeSource) };
}

/**
 * Parses Form 16 / Form 130 or AIS text. Without `type` the document type is detected and reported as
 * `typeSource: "detected"`. A text with no recognisable item is an error value, never an exception.
 */
export function parseDocument(text: string, type?: DocumentType): ParseResult {
  const detected = type ?? detectDocumentType(text);
  if (detected === null) {
    if (looksEncrypted(text)) return parseAis(text, "detected");
    return {
      ok: false,
      error: {
        code: "unrecognised_document",
        message: "the text reads as neither Form 16 nor AIS; pass type=form16 or type=ais",
      },
    };
  }
  const typeSource = type === undefined ? "detected" : "given";
  const result = detected === "form16" ? { ok: true as const, document: parseForm16(text, typeSource) } : parseAis(text, typeSource);
  if (!result.ok) return result;
  const document = result.document;
  const found = document.documentType === "form16" ? document.itemsFound : document.entries.length;
  if (found === 0) {
    return {
      ok: false,
      error: {
        code: "no_items_found",
        message: `no ${detected === "form16" ? "Form 16 line item" : "AIS entry"} was recognised in the text`,
      },
    };
  }
  return result;
}

/** Several documents of one person and year, each parsed, then merged into one /compute request. */
export type ParseDocumentsResult =
  | ({ ok: true; documents: ParsedDocument[] } & ComputeRequestResult)
  | { ok: false; index: number; error: ParseError };

export function parseDocuments(inputs: { text: string; type?: DocumentType }[], caller: CallerFacts = {}): ParseDocumentsResult {
  const documents: ParsedDocument[] = [];
  for (let index = 0; index < inputs.length; index++) {
    const input = inputs[index]!;
    const result = parseDocument(input.text, input.type);
    if (!result.ok) return { ok: false, index, error: result.error };
    documents.push(result.document);
  }
  const sources = documents.map((document, index) => ({ document, source: inputs.length === 1 ? "text" : `documents[${index}]` }));
  return { ok: true, documents, ...buildComputeRequest(sources, caller) };
}
