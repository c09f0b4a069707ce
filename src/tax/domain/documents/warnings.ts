// Warnings of one parse, capped in size: a 1 MB document of stray figures must not answer megabytes of
// warnings. Each warning's text is cut from a bounded window of its line, never from the whole line, so the
// cost of a warning does not grow with the line it sits on.
import { maskPansIn } from "./lines";
import type { DocumentWarning } from "./types";

/** Serialised size the warnings of one response may take; beyond it they are counted, not kept. */
export const WARNINGS_MAX_BYTES = 65_536;
const WARNING_TEXT_CHARS = 160;
// Room for the JSON punctuation and the line number of one warning.
const WARNING_OVERHEAD_BYTES = 40;

/** Warning text never carries an individual's PAN in clear, and is read from at most a window of the line. */
function warningText(line: string): string {
  const window = line.slice(0, WARNING_TEXT_CHARS * 4);
  return maskPansIn(window.trim().replace(/ {2,}/g, " ").slice(0, WARNING_TEXT_CHARS));
}

/** A warning's line text, or a function that builds it, so a warning past the cap never builds its text. */
export type WarningSource = string | (() => string);

export class Warnings {
  readonly list: DocumentWarning[] = [];
  total = 0;
  private bytes = 0;

  /** A warning about `line`, quoting a window of its text `source`; past the cap it is only counted, never quoted. */
  add(line: number, source: WarningSource, message: string): void {
    this.total++;
    // UTF-8 takes at most three bytes per UTF-16 unit here (surrogate pairs: four bytes for two units).
    if (this.bytes + WARNING_OVERHEAD_BYTES + 3 * message.length > WARNINGS_MAX_BYTES) return;
    const text = warningText(typeof source === "string" ? source : source());
    const size = WARNING_OVERHEAD_BYTES + 3 * (text.length + message.length);
    if (this.bytes + size > WARNINGS_MAX_BYTES) return;
    this.bytes += size;
    this.list.push({ line, text, message });
  }
}
