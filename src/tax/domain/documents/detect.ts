// Which document a text is, from phrases only that document prints. A tie or no phrase at all is "unknown":
// the caller is asked to name the type rather than have it guessed.
import { isAisJson } from "./ais-json";
import { FragmentHits, buildFragmentIndex, scanFragments } from "./fragments";
import type { DocumentType } from "./types";

// Only the start of a document is read: titles and Part A come first, and it keeps detection cheap on 1 MB.
const DETECTION_CHARS = 20_000;

const FORM16_MARKERS = [
  "formno16",
  "formno130",
  "certificateundersection203",
  "annexurei",
  "section17(1)",
  "17(1)",
  "16(ia)",
  "standarddeduction",
  "grosssalary",
  "chaptervia",
  "115bac",
  "12ba",
  "incomechargeableundertheheadsalaries",
  "panoftheemployee",
  "tanofthedeductor",
];
const AIS_MARKERS = [
  "annualinformationstatement",
  "informationcode",
  "informationsource",
  "informationdescription",
  "tds192",
  "tds194",
  "sft016",
  "sft015",
  "sft017",
  "specifiedfinancialtransaction",
  "tdstcsinformation",
  "partb1",
];

// Marker ids: the Form 16 markers first, then the AIS ones (the two lists share no marker).
const MARKER_INDEX = buildFragmentIndex([...FORM16_MARKERS, ...AIS_MARKERS]);
const hits = new FragmentHits(MARKER_INDEX);

/** "form16", "ais", or null when the text names neither (or both equally). */
export function detectDocumentType(text: string): DocumentType | null {
  const head = text.slice(0, DETECTION_CHARS);
  if (head.trimStart().startsWith("{")) {
    try {
      return isAisJson(JSON.parse(text)) ? "ais" : null;
    } catch {
      return null;
    }
  }
  // One pass over the head finds every marker: the scan reads the text as `compact` would leave it.
  hits.clear();
  scanFragments(MARKER_INDEX, head, 0, hits);
  let form16 = 0;
  let ais = 0;
  for (let h = 0; h < hits.count; h++) {
    if (hits.ids[h]! < FORM16_MARKERS.length) form16++;
    else ais++;
  }
  if (form16 === ais) return null;
  return form16 > ais ? "form16" : "ais";
}
