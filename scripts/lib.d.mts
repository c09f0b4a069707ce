// Types of lib.mjs, for the TypeScript callers (the browser and node tests, the test config).
import type { ChildProcess } from "node:child_process";

export declare const ROOT: string;
export declare const SERVICES: Record<"tax" | "inventory", { config: string; database: string; defaultPort: number; portVariable: string }>;
export declare function portOf(service: "tax" | "inventory"): number;
export declare function ensureDevVars(): Record<string, string>;
/** Runs wrangler from the project root; returns its standard output, throws when it fails. */
export declare function wrangler(args: string[], options?: import("node:child_process").SpawnSyncOptions): string;
/** `wrangler` without blocking; resolves to its standard output, rejects when it fails. */
export declare function wranglerAsync(args: string[]): Promise<string>;
export declare function applyLocalMigrations(service: "tax" | "inventory", persistTo?: string): void;
export declare function createLocalDatabase(service: "tax" | "inventory", persistTo: string): void;
export declare function executeLocalSql(service: "tax" | "inventory", file: string, persistTo?: string): string;
export declare function queryLocal(service: "tax" | "inventory", queries: string[], persistTo?: string): Record<string, unknown>[][];
export declare function startWranglerDev(
  service: "tax" | "inventory",
  port: number,
  options?: { persistTo?: string; extraArgs?: string[]; quiet?: boolean; inspectorPort?: number },
): ChildProcess;
export declare function portIsFree(port: number): Promise<boolean>;
export declare function freePort(): Promise<number>;
/** With `server`, stops as soon as that process has exited; the error then has `exited: true`. */
export declare function waitFor(url: string, timeoutMs?: number, server?: ChildProcess | null): Promise<Response>;
/** `wrangler dev` of a service on free ports once `path` answers (one retry if it dies first); resolves to its base URL. */
export declare function serveWranglerDev(
  service: "tax" | "inventory",
  path: string,
  options: { persistTo: string; extraArgs?: string[]; timeoutMs: number; started?: (child: ChildProcess) => void },
): Promise<string>;
export declare function adminCall(
  baseUrl: string,
  adminToken: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any }>;
