// Fixes to installed dependencies whose fixed releases this project cannot take yet (they need a newer Node than the
// one it supports). Runs after every `npm install` and `npm ci`. Each fix applies once; a file that holds neither the
// text a fix replaces nor its replacement stops the install, so an upgrade can neither drop a fix silently nor apply
// it to code it was not written for. Remove a fix once the dependency's release carries it.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { ROOT } from "./lib.mjs";

export const FIXES = [
  {
    // @cloudflare/vitest-pool-workers 0.15.1 wraps a Durable Object class's prototype in one more Proxy each time an
    // object of that class is constructed, so every property read walks one trap per object made before it: a test
    // runtime slowed down with each key it created (the tax tests took 526 s in one runtime, 66 s with this fix).
    // Fixed upstream in cloudflare/workers-sdk#15106, released only for Node 22: the Proxy is installed once.
    file: "node_modules/@cloudflare/vitest-pool-workers/dist/worker/lib/cloudflare/test-internal.mjs",
    replaces: `	function Class(...args) {
		Class.prototype = new Proxy(Class.prototype, { get(target, key, receiver) {`,
    with: `	let prototypeProxied = false;
	function Class(...args) {
		if (!prototypeProxied) prototypeProxied = true, Class.prototype = new Proxy(Class.prototype, { get(target, key, receiver) {`,
  },
];

/** `text` with `fix` applied, unchanged when it already is; throws when the text is neither. */
export function applyFix(text, fix) {
  if (text.includes(fix.with)) return text;
  const at = text.indexOf(fix.replaces);
  if (at === -1 || text.indexOf(fix.replaces, at + 1) !== -1) {
    throw new Error(`${fix.file} no longer holds the code this fix was written for (exactly once): check whether its release fixed it`);
  }
  return text.replace(fix.replaces, fix.with);
}

/**
 * Applies every fix under `root`; a dependency that is not installed (`npm ci --omit=dev` leaves out the test
 * tools) has nothing to fix. Returns the files it changed.
 */
export function applyFixes(root) {
  const changed = [];
  for (const fix of FIXES) {
    const path = `${root}${fix.file}`;
    if (!existsSync(path)) continue;
    const text = readFileSync(path, "utf8");
    const fixed = applyFix(text, fix);
    if (fixed !== text) {
      writeFileSync(path, fixed);
      changed.push(fix.file);
    }
  }
  return changed;
}

if (import.meta.url === `file://${process.argv[1]}`) applyFixes(ROOT);
