import { describe, expect, it } from "vitest";
import { newId } from "../../src/platform/ids";

describe("newId", () => {
  it("is prefixed and sorts by creation time", () => {
    const earlier = newId("prof", 1_700_000_000_000);
    const later = newId("prof", 1_700_000_000_001);
    expect(earlier).toMatch(/^prof_[0-9a-hjkmnp-tv-z]{26}$/);
    expect(earlier < later).toBe(true);
  });
});
