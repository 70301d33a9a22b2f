// Import cycles that ESLint's import-x/no-cycle does not see: between lib/ domains (folders), and
// through type-only imports. A cycle between domains means neither can be understood (or moved)
// alone; the fix is a browser-safe module both can depend on, never a suppression here.
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { root, sourceFiles } from "./source-files";

function resolveImport(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith("@/") ? path.join(root, specifier.slice(2)) : specifier.startsWith(".") ? path.resolve(path.dirname(from), specifier) : undefined;
  if (!base) return undefined;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), base.replace(/\.js$/, ".ts")];
  return candidates.find((candidate) => {
    try {
      return statSync(candidate).isFile();
    } catch {
      return false;
    }
  });
}

function importGraph(files: string[]): Map<string, string[]> {
  const pattern = /(?:import|export)\s+(?:type\s+)?(?:[^"';]*?\s+from\s+)?["']([^"']+)["']/g;
  return new Map(
    files.map((file) => {
      const text = readFileSync(file, "utf8");
      const targets = [...text.matchAll(pattern)].map((match) => resolveImport(file, match[1])).filter((target): target is string => Boolean(target));
      return [file, targets];
    }),
  );
}

function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, "visiting" | "done">();
  const stack: string[] = [];
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === "done") return undefined;
    if (state.get(node) === "visiting") return [...stack.slice(stack.indexOf(node)), node];
    state.set(node, "visiting");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(node, "done");
    return undefined;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

const isTest = (file: string) => /\.(int\.)?test\.ts$/.test(file);
const files = sourceFiles(root).filter((file) => !isTest(file));
const fileGraph = importGraph(files);

describe("architecture: no import cycles", () => {
  it("no file imports itself through others, type-only imports included", () => {
    const cycle = findCycle(fileGraph);
    expect(cycle?.map((file) => path.relative(root, file))).toBeUndefined();
  });

  it("no lib/ domain depends on itself through another domain", () => {
    const domainOf = (file: string) => {
      const relative = path.relative(path.join(root, "lib"), file);
      return relative.startsWith("..") || !relative.includes(path.sep) ? undefined : relative.split(path.sep)[0];
    };
    const domains = new Map<string, Set<string>>();
    for (const [file, targets] of fileGraph) {
      const from = domainOf(file);
      if (!from) continue;
      for (const target of targets) {
        const to = domainOf(target);
        if (to && to !== from) domains.set(from, (domains.get(from) ?? new Set()).add(to));
      }
    }
    const cycle = findCycle(new Map([...domains].map(([domain, targets]) => [domain, [...targets]])));
    expect(cycle).toBeUndefined();
  });
});

// A production build can hold one copy of a class per server chunk: an error thrown by one copy is
// no instance of another. Errors are told apart by a field, through the guard beside each class
// (lib/error-name); `instanceof` stays for the platform's own classes (Error, Response, Uint8Array).
describe("architecture: errors are told apart by a field, never by instanceof", () => {
  const appFiles = files.filter((file) => ["lib", "app", "components"].some((dir) => file.startsWith(path.join(root, dir) + path.sep)));
  // Libraries' error classes bundled with the studio's code, so split between chunks the same way.
  const LIBRARY_ERRORS = ["AuthError", "CredentialsSignin", "PrismaClientKnownRequestError", "PrismaClientValidationError", "DriverAdapterError"];

  function errorClasses(): Set<string> {
    const declared = appFiles.flatMap((file) => [...readFileSync(file, "utf8").matchAll(/class\s+(\w+)\s+extends\s+(?:[\w$]+\.)*(\w+)/g)].map((match) => ({ name: match[1], base: match[2] })));
    const errors = new Set(LIBRARY_ERRORS);
    let grew = true;
    while (grew) {
      grew = false;
      for (const { name, base } of declared) {
        if (!errors.has(name) && (base === "Error" || errors.has(base))) {
          errors.add(name);
          grew = true;
        }
      }
    }
    return errors;
  }

  it("finds the studio's error classes (so the check below has something to check)", () => {
    expect([...errorClasses()]).toEqual(expect.arrayContaining(["AppError", "VideoApiError", "UpstreamError", "ApiError", "SignInThrottled"]));
  });

  it("no file tests an error with instanceof of the studio's or a bundled library's error class", () => {
    const classes = errorClasses();
    const offences = appFiles.flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/instanceof\s+(?:[\w$]+\.)*(\w+)/g)]
        .filter((match) => classes.has(match[1]))
        .map((match) => `${path.relative(root, file)}: instanceof ${match[1]}`),
    );
    expect(offences).toEqual([]);
  });
});
