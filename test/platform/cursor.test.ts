// Keyset cursors: what one issues opens only under the secret that signed it (or, during a rotation, the previous
// value), however often the same position is issued and across a rotation of the secret.
import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "../../src/platform/http/cursor";

const position = { u: 1_764_000_000_000, i: "prf_01", o: "acct_01" };

describe("cursors", () => {
  it("gives the same cursor for the same position and secret, and it opens to that position", async () => {
    const ring = { current: "first-secret-value-of-the-service" };
    const cursor = await encodeCursor(ring, position);
    expect(await encodeCursor(ring, position)).toBe(cursor);
    expect(await decodeCursor(ring, cursor)).toEqual(position);
  });

  it("signs with the new value after a rotation, so the old value alone no longer opens what is issued", async () => {
    const before = { current: "secret-before-the-rotation" };
    const during = { current: "secret-after-the-rotation", previous: before.current };
    const oldCursor = await encodeCursor(before, position);
    const newCursor = await encodeCursor(during, position);
    expect(newCursor).not.toBe(oldCursor);
    // During the rotation both open; once the previous value is removed, only the new cursor does.
    expect(await decodeCursor(during, oldCursor)).toEqual(position);
    expect(await decodeCursor({ current: during.current }, newCursor)).toEqual(position);
    expect(await decodeCursor({ current: during.current }, oldCursor)).toBeNull();
    expect(await decodeCursor(before, newCursor)).toBeNull();
  });

  it("refuses a cursor whose position or signature was edited", async () => {
    const ring = { current: "first-secret-value-of-the-service" };
    const [payload, mac] = (await encodeCursor(ring, position)).split(".") as [string, string];
    const edited = await encodeCursor(ring, { ...position, o: "acct_02" });
    expect(await decodeCursor(ring, `${edited.split(".")[0]}.${mac}`)).toBeNull();
    expect(await decodeCursor(ring, `${payload}.${mac.replace(/^./, (c) => (c === "0" ? "1" : "0"))}`)).toBeNull();
  });
});
