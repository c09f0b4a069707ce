// If-None-Match per RFC 9110 §13.1.2: "*" or a list of entity tags, each compared weakly with the current tag.
import { describe, expect, it } from "vitest";
import { matchesIfNoneMatch } from "../../src/platform/http/conditional";

const ETAG = '"0f3a9c"';

describe("matchesIfNoneMatch", () => {
  it.each([
    ["the same strong tag", '"0f3a9c"'],
    ["the weak form of the tag, as a compressing proxy hands it on", 'W/"0f3a9c"'],
    ["a list that holds the tag", '"aaaa", "0f3a9c"'],
    ["a list without spaces that holds the weak tag", '"aaaa",W/"0f3a9c"'],
    ["the wildcard", "*"],
    ["the wildcard with spaces around it", " * "],
  ])("matches %s", (_name, header) => {
    expect(matchesIfNoneMatch(header, ETAG)).toBe(true);
  });

  it.each([
    ["no header", undefined],
    ["an empty header", ""],
    ["another tag", '"0f3a9d"'],
    ["a list of other tags", '"aaaa", W/"bbbb"'],
    ["the tag's text without its quotes", "0f3a9c"],
    ["a tag that only begins like the tag", '"0f3a9c0"'],
  ])("does not match %s", (_name, header) => {
    expect(matchesIfNoneMatch(header, ETAG)).toBe(false);
  });

  it("compares a weak current tag weakly too", () => {
    expect(matchesIfNoneMatch('"0f3a9c"', 'W/"0f3a9c"')).toBe(true);
  });
});
