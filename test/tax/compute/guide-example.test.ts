// The answer the API guide shows under its ?detail=full example is the service's answer to that request, wherever the
// guide shows a field: a reader who compares the two finds nothing missing in the middle and no figure changed. In the
// guide `"...": "..."` marks an object's fields left out, a last `"..."` a list's items left out, and a string ending in
// "…" a text cut short. Its figures are worked by hand in the guide's prose around it.
import { describe, expect, it } from "vitest";
import taxApiGuide from "../../../docs/tax-api.md?raw";
import { api, createKey, expectStatus } from "../helpers";

const ELLIPSIS = "...";

/** The guide's ```sh request under "#### Example" and the ```json answer shown right after it. */
function documentedExample(): { body: unknown; shown: unknown } {
  const section = taxApiGuide.slice(taxApiGuide.indexOf("#### Example"));
  const request = /```sh\n([\s\S]*?)```/.exec(section)![1]!;
  const answer = /```json\n([\s\S]*?)```/.exec(section)![1]!;
  return { body: JSON.parse(/-d '([\s\S]*?)'/.exec(request)![1]!), shown: JSON.parse(answer) };
}

/** Where the shown answer differs from the real one, as paths; empty when every shown field is answered as shown. */
function differences(shown: unknown, answered: unknown, path = "$"): string[] {
  if (typeof shown === "string" && shown.endsWith("…"))
    return typeof answered === "string" && answered.startsWith(shown.slice(0, -1).trimEnd()) ? [] : [path];
  if (Array.isArray(shown)) {
    if (!Array.isArray(answered)) return [path];
    const cut = shown.at(-1) === ELLIPSIS;
    const items = cut ? shown.slice(0, -1) : shown;
    if (cut ? answered.length < items.length : answered.length !== items.length) return [`${path}.length`];
    return items.flatMap((item, i) => differences(item, answered[i], `${path}[${i}]`));
  }
  if (shown !== null && typeof shown === "object") {
    if (answered === null || typeof answered !== "object") return [path];
    return Object.entries(shown)
      .filter(([name]) => name !== ELLIPSIS)
      .flatMap(([name, value]) => differences(value, (answered as Record<string, unknown>)[name], `${path}.${name}`));
  }
  return Object.is(shown, answered) ? [] : [`${path}: shown ${JSON.stringify(shown)}, answered ${JSON.stringify(answered)}`];
}

describe("the API guide's compute example", () => {
  it("shows what the service answers, field for field, with nothing left out mid-list", async () => {
    const { body, shown } = documentedExample();
    const { key } = await createKey();
    const answered = await expectStatus(await api("/api/v1/compute?detail=full", key, { method: "POST", body: JSON.stringify(body) }), 200);
    expect(differences(shown, answered)).toEqual([]);
  });
});
