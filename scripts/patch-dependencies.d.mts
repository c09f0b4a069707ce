// Types of patch-dependencies.mjs, for its test.
export interface DependencyFix {
  file: string;
  replaces: string;
  with: string;
}
export declare const FIXES: DependencyFix[];
export declare function applyFix(text: string, fix: DependencyFix): string;
export declare function applyFixes(root: string): string[];
