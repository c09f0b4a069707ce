// Platform hot paths in plain Node (Web Crypto is the same API workerd exposes; absolute figures differ, the
// order of magnitude does not): webhook HMAC sign + verify, API-key parse + SHA-256, and CSV rows per second.
import { bench, describe } from "vitest";
import type { CsvCell } from "../../src/inventory/domain/csv";
import { deployed } from "./deployed";

const { bearerKey, hashApiKey, issueApiKey } = await deployed<typeof import("../../src/platform/keys/format")>("src/platform/keys/format.ts");
const { signedHeaders } = await deployed<typeof import("../../src/platform/webhooks/sign")>("src/platform/webhooks/sign.ts");
const { verifyWebhook } = await deployed<typeof import("../../src/platform/webhooks/verify")>("src/platform/webhooks/verify.ts");
const { csvStream } = await deployed<typeof import("../../src/inventory/domain/csv")>("src/inventory/domain/csv.ts");

const secret = "whsec_3W1DtbD8KIkwQe8xHTtPFdXqKc0B4cYbBYbRHv6Y";
const body = JSON.stringify({
  type: "profile.saved",
  data: {
    profileId: "prof_01jd3k9x2m4n5p6q7r8s9t0v1w",
    label: "FY 2025-26 salary",
    summary: { financialYear: "2025-26", recommendedRegime: "new", totalTax: { old: 187_200, new: 141_700 } },
  },
});
const key = (await issueApiKey("tax")).key;
const authorization = `Bearer ${key}`;

const CSV_ROWS = 10_000;
const rows: CsvCell[][] = Array.from({ length: CSV_ROWS }, (_, i) => [
  `cus_01jd3k9x2m4n5p6q7r8s9t${String(i).padStart(4, "0")}`,
  `Customer ${i} Knitwear, Tiruppur`,
  "9876543210",
  "33AAAAA0000A1Z5",
  `${i}, Avinashi Road, "Tiruppur"`,
  "50000.00",
  "125000.50",
  "100000.00",
  "25000.50",
]);
const header = ["id", "name", "contact", "gstin", "address", "credit_limit", "total_billed", "total_paid", "outstanding"];

let sink = 0;

describe("platform", () => {
  bench("webhook HMAC-SHA256 sign + verify (service-signature, ~200 B body)", async () => {
    const timestampSeconds = Math.floor(Date.now() / 1000);
    const headers = await signedHeaders({
      scheme: "service-signature",
      secret,
      timestampSeconds,
      attemptSeconds: timestampSeconds,
      body,
      deliveryId: "whd_1",
      eventType: "profile.saved",
    });
    const result = await verifyWebhook(secret, headers, body, { scheme: "service-signature" });
    if (!result.ok) throw new Error(result.message);
  });

  bench("API key parse (Authorization header) + SHA-256", async () => {
    const parsed = bearerKey("tax", authorization);
    sink += (await hashApiKey(parsed!.key)).length;
  });

  bench(`CSV: ${CSV_ROWS} customer rows through csvStream (ops/s × ${CSV_ROWS} = rows/s)`, async () => {
    const reader = csvStream(header, rows).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      sink += value.byteLength;
    }
  });
});

export const observed = (): number => sink;
