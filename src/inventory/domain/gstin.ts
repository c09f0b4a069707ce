// GSTIN: state code (2) + PAN (10) + entity number (1) + "Z" by default (1) + check character (1).
// The check character is Luhn mod 36 over the first 14 characters (inventory-domain reference §2.2).

const CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

// PAN = 5 letters, 4 digits, 1 letter; entity number 1-9 or A-Z; position 14 is "Z" on ordinary
// registrations but other letters and digits occur (e.g. TDS/TCS, non-resident registrations).
const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z][0-9A-Z][0-9A-Z]$/;

/** GST state and UT codes (India Compliance `STATE_NUMBERS`), plus 97 "Other Territory". */
export const GST_STATE_CODES: Readonly<Record<string, string>> = {
  "01": "Jammu and Kashmir",
  "02": "Himachal Pradesh",
  "03": "Punjab",
  "04": "Chandigarh",
  "05": "Uttarakhand",
  "06": "Haryana",
  "07": "Delhi",
  "08": "Rajasthan",
  "09": "Uttar Pradesh",
  "10": "Bihar",
  "11": "Sikkim",
  "12": "Arunachal Pradesh",
  "13": "Nagaland",
  "14": "Manipur",
  "15": "Mizoram",
  "16": "Tripura",
  "17": "Meghalaya",
  "18": "Assam",
  "19": "West Bengal",
  "20": "Jharkhand",
  "21": "Odisha",
  "22": "Chhattisgarh",
  "23": "Madhya Pradesh",
  "24": "Gujarat",
  "26": "Dadra and Nagar Haveli and Daman and Diu",
  "27": "Maharashtra",
  "29": "Karnataka",
  "30": "Goa",
  "31": "Lakshadweep",
  "32": "Kerala",
  "33": "Tamil Nadu",
  "34": "Puducherry",
  "35": "Andaman and Nicobar Islands",
  "36": "Telangana",
  "37": "Andhra Pradesh",
  "38": "Ladakh",
  "97": "Other Territory",
};

export type GstinError = "format" | "state_code" | "check_character";

export type GstinResult =
  | { ok: true; gstin: string; stateCode: string; stateName: string; pan: string }
  | { ok: false; error: GstinError; message: string };

/**
 * The check character for the first 14 characters of a GSTIN, or null if any of them is outside 0-9A-Z.
 * Factor 1 on even (0-based) positions and 2 on odd ones; add quotient and remainder of each product in base 36.
 */
export function gstinCheckCharacter(first14: string): string | null {
  const input = first14.toUpperCase();
  if (input.length !== 14) return null;
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = CHARS.indexOf(input.charAt(i));
    if (value === -1) return null;
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARS.charAt((36 - (sum % 36)) % 36);
}

/**
 * Validates a GSTIN after trimming and upper-casing it (users paste lower case; GSTINs are stored upper case).
 * Legacy state codes 25 and 28 are rejected: no registration issued today carries them.
 */
export function validateGstin(raw: string): GstinResult {
  const gstin = raw.trim().toUpperCase();
  if (!GSTIN_SHAPE.test(gstin)) {
    return {
      ok: false,
      error: "format",
      message: "must be 15 characters: 2-digit state code, PAN, entity number, 1 character, check character",
    };
  }
  const stateCode = gstin.slice(0, 2);
  const stateName = GST_STATE_CODES[stateCode];
  if (stateName === undefined) {
    return { ok: false, error: "state_code", message: `has unknown state code ${stateCode}` };
  }
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin.charAt(14)) {
    return { ok: false, error: "check_character", message: "has a wrong check character (mistyped?)" };
  }
  return { ok: true, gstin, stateCode, stateName, pan: gstin.slice(2, 12) };
}
