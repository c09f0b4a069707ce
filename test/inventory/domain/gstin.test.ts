import { describe, expect, it } from "vitest";
import apiGuide from "../../../docs/inventory-api.md?raw";
import { gstinCheckCharacter, validateGstin } from "../../../src/inventory/domain/gstin";

// Known-good vectors from the inventory-domain reference §2.2: public GSTINs (AAR ruling, Zoho example,
// public snippet) and the reference's synthetic seed GSTINs.
const VALID = ["27AAPFU0939F1ZV", "33AAECG4315R1ZE", "04AABFN9870CMZT", "33ABCDE1234F1Z7", "24AAACX0000A1ZH", "27AAAPZ9999Q1Z3", "09AAAFY1111R1ZX"];

describe("validateGstin", () => {
  it.each(VALID)("accepts %s", (gstin) => {
    expect(validateGstin(gstin)).toMatchObject({ ok: true, gstin, pan: gstin.slice(2, 12) });
  });

  it("names the state and normalises case and surrounding spaces", () => {
    expect(validateGstin(" 33aaecg4315r1ze ")).toEqual({
      ok: true,
      gstin: "33AAECG4315R1ZE",
      stateCode: "33",
      stateName: "Tamil Nadu",
      pan: "AAECG4315R",
    });
  });

  it.each([
    ["27AAPFU0939F1ZW", "check_character", "last character changed"],
    ["33AAECG4315R1ZF", "check_character", "last character changed"],
    ["27AAPFU0939F2ZV", "check_character", "entity number changed"],
    ["24AAACX0000A1ZA", "check_character", "wrong check character"],
    ["99AAPFU0939F1ZV", "state_code", "unknown state code"],
    ["28AAPFU0939F1ZV", "state_code", "legacy undivided Andhra Pradesh code"],
    ["00AAPFU0939F1ZV", "state_code", "state code 00"],
    ["27AAPFU0939F1Z", "format", "14 characters"],
    ["27AAPFU0939F1ZVX", "format", "16 characters"],
    ["27AAPF00939F1ZV", "format", "digit inside the PAN letters"],
    ["27AAPFU0939F0ZV", "format", "entity number 0"],
    ["27AAPFU0939F1Z-", "format", "punctuation"],
    ["", "format", "empty"],
  ])("rejects %s: %s (%s)", (gstin, error) => {
    expect(validateGstin(gstin)).toMatchObject({ ok: false, error });
  });

  it("rejects every single-character substitution of a valid GSTIN", () => {
    // Luhn mod 36 catches every single-character error: try every position with every other character.
    const valid = "27AAPFU0939F1ZV";
    const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    for (let position = 0; position < 15; position++) {
      for (const replacement of alphabet) {
        if (replacement === valid[position]) continue;
        const changed = valid.slice(0, position) + replacement + valid.slice(position + 1);
        expect(validateGstin(changed).ok, changed).toBe(false);
      }
    }
  });
});

describe("gstinCheckCharacter", () => {
  it.each(VALID)("computes the last character of %s", (gstin) => {
    expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin.slice(14));
  });

  it("generates valid GSTINs for seeds", () => {
    const first14 = "33AAFCS1234K1Z";
    const gstin = first14 + gstinCheckCharacter(first14);
    expect(validateGstin(gstin).ok).toBe(true);
  });

  it.each(["33AAFCS1234K1", "33AAFCS1234K1Z1", "33AAFCS1234K1-"])("returns null for %s", (input) => {
    expect(gstinCheckCharacter(input)).toBeNull();
  });
});

describe("the API guide's examples", () => {
  // Readers copy example GSTINs into their own requests; each must pass the check the API applies.
  const examples = [...new Set(apiGuide.match(/\b\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z][0-9A-Z][0-9A-Z]\b/g))];

  it.each(examples)("%s has its right check character", (gstin) => {
    expect(validateGstin(gstin)).toMatchObject({ ok: true });
  });
});
