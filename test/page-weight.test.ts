// Libraries that only some interactions need (the usage chart, ZIP and layer exports, HEIC decoding)
// must reach the browser through import() alone: a static import from any client module puts them
// into the JavaScript of every page that module is on (`npm run bench:pages` shows the weight).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const ON_DEMAND = ["recharts", "fflate", "ag-psd", "heic-decode"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.(int\.)?test\.ts$/.test(name) ? [full] : [];
  });
}

/** What a file imports for its values (type-only imports and import() left out), as written. */
function staticImports(file: string): string[] {
  const pattern = /^\s*(?:import|export)\s+(?!type\s)(?:[^"';]*?\s+from\s+)?["']([^"']+)["']/gm;
  return [...readFileSync(file, "utf8").matchAll(pattern)].map((match) => match[1]);
}

function resolveLocal(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith("@/") ? path.join(root, specifier.slice(2)) : specifier.startsWith(".") ? path.resolve(path.dirname(from), specifier) : undefined;
  if (!base) return undefined;
  return [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), base].find((candidate) => statSync(candidate, { throwIfNoEntry: false })?.isFile());
}

/** Every module a browser bundle holds because of the entries' static imports (every "use client" module unless given), with the chain that brought it. */
function clientModules(entries?: string[]): Map<string, string[]> {
  const files = ["app", "components", "lib"].flatMap((dir) => sourceFiles(path.join(root, dir)));
  const isClientEntry = (file: string) => /^\s*["']use client["']/.test(readFileSync(file, "utf8"));
  const reached = new Map<string, string[]>((entries ?? files.filter(isClientEntry)).map((file) => [file, [file]]));
  const queue = [...reached.keys()];
  while (queue.length) {
    const file = queue.shift()!;
    for (const specifier of staticImports(file)) {
      const target = resolveLocal(file, specifier);
      if (!target || reached.has(target)) continue;
      reached.set(target, [...reached.get(file)!, target]);
      queue.push(target);
    }
  }
  return reached;
}

describe("page weight", () => {
  it("client modules load recharts, fflate, ag-psd and heic-decode only through import()", () => {
    const offenders = [...clientModules()].flatMap(([file, chain]) =>
      staticImports(file)
        .filter((specifier) => ON_DEMAND.some((library) => specifier === library || specifier.startsWith(`${library}/`)))
        .map((library) => `${[...chain.map((step) => path.relative(root, step))].join(" → ")} imports ${library}`),
    );
    expect(offenders).toEqual([]);
  });

  // The root layout's providers are on every page, sign-in included, and the shell's client parts on
  // every studio page: what they import, every visitor pays for.
  it("the providers and the studio shell import no whole zod (its core config alone)", () => {
    const everyPage = ["components/providers/query-provider.tsx", "components/jobs/jobs-provider.tsx", "components/jobs/activity-tray.tsx", "components/shell/nav-links.tsx", "components/shell/shell-menu.tsx", "components/shell/team-switcher.tsx", "components/shell/theme-toggle.tsx", "components/upstreams/upstream-notices.tsx"];
    const shared = clientModules(everyPage.map((file) => path.join(root, file)));
    const offenders = [...shared].filter(([file]) => staticImports(file).includes("zod")).map(([, chain]) => chain.map((step) => path.relative(root, step)).join(" → "));
    expect(offenders).toEqual([]);
  });
});
