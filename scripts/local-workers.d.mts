// Types of local-workers.mjs, for the TypeScript callers (the browser and node tests).
export declare function serveBundled(
  service: "tax" | "inventory",
  options: { persistTo: string; vars: Record<string, string> },
): Promise<{ url: string; stop: () => Promise<void> }>;
