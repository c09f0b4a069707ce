import { describe, expect, it } from "vitest";
import { bearerKey, hashApiKey, issueApiKey, parseApiKey } from "../../src/platform/keys/format";

describe("API key format", () => {
  it("issues <tag>_<prefix>_<secret> and stores only the SHA-256 of the whole key", async () => {
    const issued = await issueApiKey("tax");
    expect(issued.key).toMatch(/^tax_[0-9a-z]{8}_[0-9A-Za-z]{32}$/);
    expect(issued.key.startsWith(`tax_${issued.prefix}_`)).toBe(true);
    expect(issued.hash).toBe(await hashApiKey(issued.key));
    expect(parseApiKey("tax", issued.key)).toEqual({ key: issued.key, prefix: issued.prefix });
  });

  it.each([
    ["wrong tag", "inv_abcdefgh_0123456789ABCDEFGHIJKLMNOPQRSTUV"],
    ["short secret", "tax_abcdefgh_0123456789"],
    ["upper-case prefix", "tax_ABCDEFGH_0123456789ABCDEFGHIJKLMNOPQRSTUV"],
    ["bad separator", "tax_abcdefgh-0123456789ABCDEFGHIJKLMNOPQRSTUV"],
    ["symbols in secret", "tax_abcdefgh_0123456789ABCDEFGHIJKLMNOPQRST;;"],
    ["empty", ""],
  ])("rejects a malformed key (%s) without I/O", (_, candidate) => {
    expect(parseApiKey("tax", candidate)).toBeNull();
  });

  it("reads only `Authorization: Bearer <key>`", () => {
    const key = "tax_abcdefgh_0123456789ABCDEFGHIJKLMNOPQRSTUV";
    expect(bearerKey("tax", `Bearer ${key}`)?.key).toBe(key);
    expect(bearerKey("tax", key)).toBeNull();
    expect(bearerKey("tax", `Basic ${key}`)).toBeNull();
    expect(bearerKey("tax", undefined)).toBeNull();
    expect(bearerKey("tax", `Bearer ${key} extra`)).toBeNull();
  });
});
