// Every relative link in the README and docs/ leads somewhere: the file exists, and a `#fragment` names a heading of
// that file as GitHub renders it, so a reader who follows a link from one page to another lands on what it promised.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib.mjs";

const PAGES = [
  "README.md",
  "BENCHMARKS.md",
  "CHANGELOG.md",
  "SECURITY.md",
  ...readdirSync(path.join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

/** The lines of a Markdown page outside fenced code blocks, where links and headings live. */
function proseLines(file: string): string[] {
  const lines: string[] = [];
  let fenced = false;
  for (const line of readFileSync(path.join(ROOT, file), "utf8").split("\n")) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    else if (!fenced) lines.push(line);
  }
  return lines;
}

/**
 * GitHub's anchor for each heading of a page: lower case, every character but letters, digits, spaces, hyphens and
 * underscores dropped (so `code` loses its backticks), spaces turned into hyphens; a repeated anchor gets -1, -2, ….
 */
function headingAnchors(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(file)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1");
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Relative link targets of a page: `[text](target)` outside code, without web or mail addresses. */
function relativeLinks(file: string): string[] {
  const targets: string[] = [];
  for (const line of proseLines(file)) {
    const prose = line.replace(/`[^`]*`/g, "");
    for (const match of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = match[1]!;
      if (!/^[a-z]+:/i.test(target)) targets.push(target);
    }
  }
  return targets;
}

describe("links between the pages", () => {
  it("reads the headings as GitHub anchors them", () => {
    expect([...headingAnchors("docs/webhooks.md")]).toEqual(expect.arrayContaining(["recovering-after-an-outage", "fetching-missed-events"]));
    expect([...headingAnchors("docs/operations.md")]).toContain("rotating-session_secret-without-downtime");
  });

  it.each(PAGES)("%s: every relative link reaches an existing file and heading", (page) => {
    const broken: string[] = [];
    for (const target of relativeLinks(page)) {
      const [file, fragment] = target.split("#", 2) as [string, string | undefined];
      const linked = file === "" ? page : path.posix.normalize(path.posix.join(path.posix.dirname(page), decodeURI(file)));
      if (!existsSync(path.join(ROOT, linked))) broken.push(`${target}: no file ${linked}`);
      else if (fragment !== undefined && linked.endsWith(".md") && !headingAnchors(linked).has(fragment))
        broken.push(`${target}: no heading #${fragment} in ${linked}`);
    }
    expect(broken).toEqual([]);
  });
});
