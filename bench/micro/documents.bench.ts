// Parse time of a ~10 KB Form 16 (target: at most 0.5 ms), of 1 MB inputs (target: well under 100 ms, linear in
// the input) and of an AIS text, plain Node. Per-KB time is the mean divided by the KB printed in each bench's name.
import { bench, describe } from "vitest";
import { deployed } from "./deployed";
import aisText from "../../test/fixtures/documents/ais-layout-fy2024-25.txt?raw";
import form16Text from "../../test/fixtures/documents/form16-traces-part-a-and-b-new-regime.txt?raw";

const { parseDocument, parseDocuments } = await deployed<typeof import("../../src/tax/domain/documents")>("src/tax/domain/documents/index.ts");

// Grow a real fixture to about 10 KB with whole copies, so the text keeps its layout.
const toAbout = (bytes: number, text: string): string => text.repeat(Math.max(1, Math.round(bytes / text.length)));
const toAbout10KB = (text: string): string => toAbout(10_240, text);
const kb = (text: string): string => (new TextEncoder().encode(text).length / 1024).toFixed(1);

const form16 = toAbout10KB(form16Text);
// The body limit: 1 MB of whole copies, once with its line breaks and once reflowed onto a single line.
const toAbout1MB = (text: string): string => text.repeat(Math.max(1, Math.floor(1_048_000 / text.length)));
const form16Lines = toAbout1MB(form16Text);
const form16OneLine = toAbout1MB(`${form16Text.replace(/\s*\n\s*/g, " ")} `);
const ais = toAbout10KB(aisText);
const form16Mega = toAbout(1_048_576, form16Text);

describe("documents/parse", () => {
  bench(`Form 16 Part A+B, ${kb(form16)} KB, type given`, () => {
    parseDocument(form16, "form16");
  });
  bench(`Form 16 Part A+B, ${kb(form16)} KB, type detected`, () => {
    parseDocument(form16);
  });
  bench(`Form 16 with its compute request, ${kb(form16)} KB`, () => {
    parseDocuments([{ text: form16, type: "form16" }]);
  });
  bench(`Form 16 repeated to ${kb(form16Lines)} KB, type given`, () => {
    parseDocument(form16Lines, "form16");
  });
  bench(`Form 16 reflowed onto one line, ${kb(form16OneLine)} KB, type given`, () => {
    parseDocument(form16OneLine, "form16");
  });
  bench(`AIS text, ${kb(ais)} KB, type given`, () => {
    parseDocument(ais, "ais");
  });
  bench(`Form 16 Part A+B repeated to 1 MB (${kb(form16Mega)} KB), type given`, () => {
    parseDocument(form16Mega, "form16");
  });
});
