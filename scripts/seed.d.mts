// Types of seed.mjs, for the TypeScript callers (the node and browser tests).
export declare const DEMO_ORG_ID: string;
export declare const DEMO_ADMIN: { id: string; email: string; password: string };
export declare function hashPassword(password: string): string;
export declare function demoSeedStatements(options: { large?: boolean; now: number }): Promise<string[]>;
export declare function seedDemo(options?: { large?: boolean; persistTo?: string; nowMs?: number }): Promise<void>;
