import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/** The repository's root. */
export const root = path.resolve(import.meta.dirname, "..");

const SOURCE = /\.(ts|tsx|mjs)$/;
const SKIP = new Set(["node_modules", "generated", ".git", ".data", ".scratch", "e2e", "test-results", "playwright-report"]);

/** The project's own source files under `dir` (tests included; dependencies, build output and generated code left out). */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name) || name.startsWith(".next")) return [];
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return SOURCE.test(name) && !name.endsWith(".d.ts") ? [full] : [];
  });
}
