// An operator upgrading reads the Upgrading part of each CHANGELOG entry since the version they run, and applies the
// migrations those parts name (docs/operations.md, Upgrading). Every migration is named there, one by one
// (`0029_sales_items_json`, `0013`) or in a range ("tax `0007` to `0019`"), under the service it belongs to.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib.mjs";

// The first version's entry says to deploy as the operations guide does, which applies these.
const FIRST_VERSION = ["tax/0000", "tax/0001", "inventory/0000", "inventory/0001", "inventory/0002"];

/** `service/NNNN` for every migration the Upgrading parts name. */
function namedMigrations(changelog: string): Set<string> {
  const upgrading = changelog
    .split(/^## /m)
    .map((entry) => /### Upgrading\n([\s\S]*?)(?=\n### |$)/.exec(entry)?.[1] ?? "")
    .join("\n");
  const named = new Set(FIRST_VERSION);
  // A service's name, then what follows it up to the next service's name or the end of the sentence.
  for (const [, service, text] of upgrading.matchAll(/\b(tax|inventory)\b((?:(?!\b(?:tax|inventory)\b)[^.;])*)/gi)) {
    const of = service!.toLowerCase();
    for (const [, from, to] of text!.matchAll(/`(\d{4})`\s+to\s+`(\d{4})`/g)) {
      for (let n = Number(from); n <= Number(to); n++) named.add(`${of}/${String(n).padStart(4, "0")}`);
    }
    for (const [, number] of text!.matchAll(/`(\d{4})(?:_[a-z0-9_]+)?`/g)) named.add(`${of}/${number}`);
  }
  return named;
}

describe("CHANGELOG", () => {
  it("reads migrations named one by one and in ranges, under their service", () => {
    const named = namedMigrations(
      "## 2026-01-02\n\n### Upgrading\n\n- Inventory migration `0029_sales_items_json` adds a column.\n- **Migrations**: tax `0007` to `0009`, inventory `0012`.\n\n### Added\n\n- tax `0042`\n",
    );
    expect([...named].filter((m) => !FIRST_VERSION.includes(m)).sort()).toEqual([
      "inventory/0012",
      "inventory/0029",
      "tax/0007",
      "tax/0008",
      "tax/0009",
    ]);
  });

  it("names every migration of both services in an entry's Upgrading part", () => {
    const named = namedMigrations(readFileSync(path.join(ROOT, "CHANGELOG.md"), "utf8"));
    const unnamed = ["tax", "inventory"].flatMap((service) =>
      readdirSync(path.join(ROOT, "migrations", service))
        .filter((file) => file.endsWith(".sql") && !named.has(`${service}/${file.slice(0, 4)}`))
        .map((file) => `${service}/${file}`),
    );
    expect(unnamed).toEqual([]);
  });
});
