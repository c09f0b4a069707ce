import { describe, expect, it } from "vitest";
import { hmacSha256Hex, randomString, sha256Hex, timingSafeEqual } from "../../src/platform/crypto";

describe("sha256Hex (FIPS 180-2 known answers)", () => {
  it.each([
    ["", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
    ["abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
    ["abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"],
  ])("hashes %j", async (input, expected) => {
    expect(await sha256Hex(input)).toBe(expected);
  });
});

describe("hmacSha256Hex (RFC 4231 known answers)", () => {
  it("test case 2: key 'Jefe'", async () => {
    expect(await hmacSha256Hex("Jefe", "what do ya want for nothing?")).toBe("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  });
  it("signs a webhook-style payload `<t>.<body>` (value from Python's hmac module)", async () => {
    expect(await hmacSha256Hex("whsec_test", '1700000000.{"id":"evt_1"}')).toBe("c89214b5b5da833daed6f0b8c5bb6bd58cea9022bd80ccc78230f3942d632925");
  });
});

describe("timingSafeEqual", () => {
  it.each([
    ["abc", "abc", true],
    ["abc", "abd", false],
    ["abc", "abcd", false],
    ["", "", true],
    ["ключ", "ключ", true],
  ])("%j vs %j is %s", (a, b, expected) => {
    expect(timingSafeEqual(a, b)).toBe(expected);
  });
});

describe("randomString", () => {
  it("draws only from the alphabet and never repeats at 190 bits", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const value = randomString(32);
      expect(value).toMatch(/^[0-9A-Za-z]{32}$/);
      seen.add(value);
    }
    expect(seen.size).toBe(200);
  });
});
