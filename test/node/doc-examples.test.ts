// Every shell example in README.md and docs/*.md that calls the API runs here, against both Workers on free ports,
// so a documented example that stops working fails the suite.
// Rules for doc writers: a ```sh block containing `curl` is an example and must work as written, as a reader runs it
// from the repository root after `npm start`: with $TAX_KEY (all scopes), $INV_KEY (read-write key of the demo
// organisation) and $ADMIN_TOKEN, and http://127.0.0.1:8787 (tax) and http://127.0.0.1:8788 (inventory), which the
// test rewrites to its own ports. Plain variable assignments (`I=…`, `H=(…)`) of earlier blocks in the same file
// carry over, as they do in a reader's shell; ids a block needs it captures itself (`ORG=$(curl … | jq -r .data.id)`).
// Blocks that run npm, npx or wrangler are skipped; put `<!-- example:skip -->` on the line before a block that must
// not run here (deploys, secrets, tools the test machine lacks).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, adminCall } from "../../scripts/lib.mjs";
import { DEMO_ORG_ID } from "../../scripts/seed.mjs";
import { type DemoWorkers, serveDemoWorkers } from "../demo-workers";

interface Example {
  file: string;
  line: number;
  code: string;
}

/** A plain assignment a reader's shell keeps for later blocks: `I=http://…`, `H=(-H …)`, never `X=$(…)` or `X=$!`. */
const isAssignment = (line: string) => /^[A-Z][A-Z0-9_]*=/.test(line) && !line.includes("$(") && !line.includes("$!");

/** The ```sh blocks with a curl call, in document order, each after the assignments of the blocks before it. */
function examplesIn(file: string): Example[] {
  const lines = readFileSync(path.join(ROOT, file), "utf8").split("\n");
  const found: Example[] = [];
  const carried: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^```(sh|bash|shell)\s*$/.test(lines[i]!)) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !lines[i]!.startsWith("```"); i++) body.push(lines[i]!);
    const previous = lines
      .slice(0, start)
      .reverse()
      .find((l) => l.trim() !== "");
    const code = body.join("\n");
    const runnable =
      !previous?.includes("<!-- example:skip -->") &&
      // Blocks that run tooling (npm, npx, wrangler: deploys, secrets, migrations) are operator steps, not API calls.
      !/^\s*(npm|npx|wrangler)\b/m.test(code) &&
      /\bcurl\b/.test(code);
    if (runnable) found.push({ file, line: start + 1, code: [...carried, code].join("\n") });
    carried.push(...body.filter(isAssignment));
  }
  return found;
}

const documents = [
  "README.md",
  ...(existsSync(path.join(ROOT, "docs"))
    ? readdirSync(path.join(ROOT, "docs"))
        .filter((f) => f.endsWith(".md"))
        .map((f) => `docs/${f}`)
    : []),
];
const examples = documents.flatMap(examplesIn);

const ADMIN_TOKEN = `examples-admin-${crypto.randomUUID()}`;
let workers: DemoWorkers | undefined;
let taxUrl: string;
let inventoryUrl: string;
let env: Record<string, string>;

beforeAll(async () => {
  workers = await serveDemoWorkers("doc-examples", ADMIN_TOKEN);
  ({ taxUrl, inventoryUrl } = workers);

  const account = await adminCall(taxUrl, ADMIN_TOKEN, "POST", "/admin/api/accounts", {
    email: "examples@tax.example",
    password: "examples-password-2026",
  });
  expect(account.status, JSON.stringify(account.body)).toBe(201);
  const invKey = await adminCall(inventoryUrl, ADMIN_TOKEN, "POST", `/admin/api/orgs/${DEMO_ORG_ID}/keys`, {
    name: "examples",
    access: "read_write",
  });
  expect(invKey.status, JSON.stringify(invKey.body)).toBe(201);
  env = { ...process.env, INV_KEY: invKey.body.data.key, ADMIN_TOKEN } as Record<string, string>;
});

let taxKeyId: string | undefined;

/**
 * A new key of the examples' tax account for each block, as a reader starting an example has a fresh minute: a
 * free key allows 30 calls a minute, which the blocks run back to back would otherwise share. The block before's
 * key is revoked first, as the plan allows ten active keys.
 */
async function freshTaxKey(): Promise<string> {
  if (taxKeyId !== undefined) {
    const revoked = await adminCall(taxUrl, ADMIN_TOKEN, "POST", `/admin/api/keys/${taxKeyId}/revoke`);
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
  }
  const taxKey = await adminCall(taxUrl, ADMIN_TOKEN, "POST", "/admin/api/keys", {
    accountEmail: "examples@tax.example",
    name: "examples",
    scopes: ["documents:parse", "deadlines:read", "profiles:read", "profiles:write", "webhooks:manage", "events:read"],
  });
  expect(taxKey.status, JSON.stringify(taxKey.body)).toBe(201);
  taxKeyId = taxKey.body.data.id;
  return taxKey.body.data.key;
}

afterAll(async () => {
  await workers?.stop();
});

describe("documented shell examples", () => {
  it("finds examples to run", () => {
    expect(examples.length).toBeGreaterThan(0);
  });

  for (const example of examples) {
    it(`${example.file}, block at line ${example.line}`, async () => {
      const code = example.code.replaceAll("http://127.0.0.1:8787", taxUrl).replaceAll("http://127.0.0.1:8788", inventoryUrl);
      // A scratch directory where the repository's relative paths (test/fixtures, scripts) resolve, so files an
      // example writes (a CSV export) land outside the checkout.
      const script = `set -euo pipefail\ncurl() { command curl --fail-with-body -sS "$@"; }\ncd "$(mktemp -d)"\nln -s "${ROOT}test" test\nln -s "${ROOT}scripts" scripts\n${code}\n`;
      const run = spawnSync("bash", ["-c", script], { env: { ...env, TAX_KEY: await freshTaxKey() }, encoding: "utf8", timeout: 150_000 });
      expect(run.status, `${example.file} block at line ${example.line} failed:\n${run.stdout}\n${run.stderr}`).toBe(0);
      // A block that starts the local receiver shows a reader a verified delivery from each receiver it starts.
      const receivers = example.code.split("scripts/webhook-receiver.mjs").length - 1;
      expect(
        run.stdout.match(/ verified webhook\.test /g)?.length ?? 0,
        `${example.file} block at line ${example.line}:\n${run.stdout}`,
      ).toBeGreaterThanOrEqual(receivers);
    });
  }
});
