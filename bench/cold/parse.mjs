// The first parse of a 1 MB single-line Form 16 in a fresh process: what a newly started isolate pays before
// V8 has compiled the parser, which the warm microbenchmark (a mean after warm-up) hides. The parser is bundled
// with esbuild as wrangler deploys it; each sample is a new Node process that times one parse with
// `process.cpuUsage` (user + system CPU of that call, not wall time). Run alone: `node bench/cold/parse.mjs`.
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { build } from "esbuild";

const ROOT = new URL("../../", import.meta.url).pathname;
const FIXTURE = `${ROOT}test/fixtures/documents/form16-traces-part-a-and-b-new-regime.txt`;

// One sample: the same text as the microbenchmark's "reflowed onto one line" case.
const SAMPLE = `
import { readFileSync } from "node:fs";
const [bundle, fixture] = process.argv.slice(1);
const text = readFileSync(fixture, "utf8");
const oneLine = text.replace(/\\s*\\n\\s*/g, " ") + " ";
const body = oneLine.repeat(Math.max(1, Math.floor(1_048_000 / oneLine.length)));
const { parseDocuments } = await import(bundle);
const before = process.cpuUsage();
const result = parseDocuments([{ text: body, type: "form16" }]);
const used = process.cpuUsage(before);
if (!result.ok) throw new Error("the 1 MB Form 16 did not parse");
console.log(JSON.stringify({ cpuMs: (used.user + used.system) / 1000, kb: Buffer.byteLength(body) / 1024 }));
`;

/** Median, minimum and maximum CPU ms of the first parse over `samples` fresh processes. */
export async function coldParse(samples = 7) {
  // In this checkout's own .wrangler/ (git-ignored): node_modules may be shared with another checkout.
  const dir = `${ROOT}.wrangler/bench-cache/cold-parse`;
  mkdirSync(dir, { recursive: true });
  const bundle = `${dir}/documents.mjs`;
  await build({
    entryPoints: [`${ROOT}src/tax/domain/documents/index.ts`],
    bundle: true,
    format: "esm",
    platform: "neutral",
    outfile: bundle,
    logLevel: "error",
  });
  const runs = [];
  for (let i = 0; i < samples; i++) {
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", SAMPLE, bundle, FIXTURE], { encoding: "utf8" });
    runs.push(JSON.parse(out));
  }
  const cpu = runs.map((r) => r.cpuMs).sort((a, b) => a - b);
  return { samples, kb: runs[0].kb, medianMs: cpu[Math.floor(samples / 2)], minMs: cpu[0], maxMs: cpu[samples - 1] };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await coldParse(Number(process.argv[2] ?? 7));
  console.log(
    `first parse of a ${r.kb.toFixed(1)} KB one-line Form 16 in a fresh process: median ${r.medianMs.toFixed(1)} ms CPU (${r.minMs.toFixed(1)}–${r.maxMs.toFixed(1)}, ${r.samples} processes)`,
  );
}
