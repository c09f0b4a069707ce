// A guide's Errors table as its readers see it: each code with the status of its row.

/**
 * The codes of the table under `### Errors`, each with its row's status. A row lists one code, or several under
 * one status (`422 | a, b`), or as many statuses as codes, in order (`413 / 415 | a / b`).
 */
export function documentedErrorStatuses(guide: string): Record<string, number> {
  const section = guide.split("\n### Errors\n")[1] ?? "";
  // The table is the section's first block of `|` lines; a paragraph may come before it.
  const all = section.split("\n");
  const lines = all.slice(
    Math.max(
      0,
      all.findIndex((line) => line.startsWith("|")),
    ),
  );
  const end = lines.findIndex((line) => !line.startsWith("|"));
  const statuses: Record<string, number> = {};
  // The header row and its rule come first.
  for (const row of lines.slice(2, end === -1 ? undefined : end)) {
    const [statusCell = "", codeCell = ""] = row.split("|").slice(1);
    const rowStatuses = [...statusCell.matchAll(/\d{3}/g)].map((m) => Number(m[0]));
    const codes = [...codeCell.matchAll(/`([a-z_]+)`/g)].map((m) => m[1] ?? "");
    codes.forEach((code, i) => {
      statuses[code] = rowStatuses.length === codes.length ? (rowStatuses[i] ?? 0) : (rowStatuses[0] ?? 0);
    });
  }
  return statuses;
}
