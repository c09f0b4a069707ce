// The multi-fragment search behind label matching and type detection: every fragment occurring in a text is found,
// overlapping ones and ones found only through a suffix link included, whatever the text's spacing and case.
import { describe, expect, it } from "vitest";
import { FragmentHits, buildFragmentIndex, scanFragments } from "../../../../src/tax/domain/documents/fragments";

const found = (fragments: string[], ...texts: string[]): string[] => {
  const index = buildFragmentIndex(fragments);
  const hits = new FragmentHits(index);
  let state = 0;
  for (const text of texts) state = scanFragments(index, text, state, hits);
  return [...hits.ids.subarray(0, hits.count)].map((id) => fragments[id]!).sort();
};

describe("fragment search", () => {
  // Aho and Corasick's own example (1975): in "ushers", "she", "he" and "hers" occur, "his" does not.
  it("finds overlapping fragments and those that end inside another", () => {
    expect(found(["he", "she", "his", "hers"], "ushers")).toEqual(["he", "hers", "she"]);
  });

  it("reads raw text as its compact form: case, spaces and punctuation skipped", () => {
    expect(found(["80ccd(1b)", "80c", "pension"], "Section 80CCD (1B) - Notified Pension Scheme")).toEqual(["80c", "80ccd(1b)", "pension"]);
    expect(found(["80ccd(1b)"], "Section 80CCD 1B")).toEqual([]);
  });

  it("carries on from one text into the next, as if they were joined", () => {
    expect(found(["centralgovernment", "agnipath"], "contribution by the Central Gov", "ernment to the Agnipath")).toEqual([
      "agnipath",
      "centralgovernment",
    ]);
  });

  it("finds a fragment only through a suffix link, and nothing in a text without one", () => {
    expect(found(["abcd", "bce"], "abce")).toEqual(["bce"]);
    expect(found(["abcd", "bce"], "abcbcbd")).toEqual([]);
  });

  it("refuses a fragment the compact alphabet cannot hold", () => {
    expect(() => buildFragmentIndex(["80C"])).toThrow(/not compact/);
    expect(() => buildFragmentIndex([""])).toThrow(/empty/);
  });
});
