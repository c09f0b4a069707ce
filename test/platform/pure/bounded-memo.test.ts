import { describe, expect, it } from "vitest";
import { boundedMemo } from "../../../src/platform/pure/bounded-memo";

describe("boundedMemo", () => {
  it("computes each key once while it is kept, and forgets the oldest key at its limit", () => {
    const computed: string[] = [];
    const square = boundedMemo(
      2,
      (n: number) => String(n),
      (n) => {
        computed.push(String(n));
        return { square: n * n };
      },
    );
    expect(square(3)).toEqual({ square: 9 });
    expect(square(3)).toBe(square(3));
    square(4);
    square(5);
    expect(computed).toEqual(["3", "4", "5"]);
    square(4);
    square(3);
    expect(computed).toEqual(["3", "4", "5", "3"]);
  });
});
