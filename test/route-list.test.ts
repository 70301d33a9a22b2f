// The hostile-request sweep (e2e/route-sweep.spec.ts) covers only what e2e/route-list.ts names. This
// keeps that list true to the code: every route file's exported methods and every "use server"
// export must be listed, and nothing listed may be gone.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { apiRoutes, serverActions } from "../e2e/route-list";

const root = path.resolve(import.meta.dirname, "..");
const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
// Where server actions can live; build output, data and dependencies are not sources.
const ACTION_ROOTS = ["app", "components", "lib"];
const SKIP = new Set(["node_modules", "generated"]);

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full, keep);
    return keep(name) ? [full] : [];
  });
}

const relative = (file: string) => path.relative(root, file).split(path.sep).join("/");

/** `app/api/chat/(group)/conversations/[id]/route.ts` → `/api/chat/conversations/[id]` (groups are not in URLs). */
function routePath(file: string): string {
  const segments = relative(path.dirname(file)).split("/").slice(1);
  return `/${segments.filter((segment) => !/^\(.*\)$/.test(segment)).join("/")}`;
}

/** Names a module exports as values: functions, consts (also destructured) and export lists. */
function exportedNames(source: string): string[] {
  const names = [...source.matchAll(/export\s+(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)/g)].map((match) => match[1]);
  names.push(...[...source.matchAll(/export\s+(?:const|let|var)\s+([A-Za-z_$][\w$]*)/g)].map((match) => match[1]));
  for (const match of source.matchAll(/export\s+(?:const|let|var)\s*\{([^}]*)\}/g)) {
    // `{ handlers: GET }` exports GET; `{ GET }` exports GET.
    names.push(...match[1].split(",").map((part) => part.split(":").pop()!.trim()).filter(Boolean));
  }
  for (const match of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    const parts = match[1].split(",").map((part) => part.trim()).filter((part) => part && !part.startsWith("type "));
    names.push(...parts.map((part) => part.split(/\s+as\s+/).pop()!.trim()));
  }
  if (/export\s+default\s/.test(source)) names.push("default");
  return names;
}

/** A module whose first statement is the "use server" directive (comments may come before it). */
function isServerModule(source: string): boolean {
  const code = source.replace(/^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*/, "");
  return /^["']use server["']/.test(code);
}

describe("e2e/route-list.ts", () => {
  const routeFiles = filesUnder(path.join(root, "app", "api"), (name) => /^route\.(ts|tsx|js)$/.test(name));

  it("finds the route files at all", () => {
    expect(routeFiles.length).toBeGreaterThan(0);
  });

  it("lists every API route with exactly the methods its file exports", () => {
    const inCode = Object.fromEntries(
      routeFiles.map((file) => [routePath(file), exportedNames(readFileSync(file, "utf8")).filter((name) => HTTP_METHODS.includes(name)).sort()]),
    );
    const listed = Object.fromEntries(apiRoutes.map((route) => [route.path, Object.keys(route.methods).sort()]));
    expect(listed).toEqual(inCode);
  });

  it("lists each route once", () => {
    const paths = apiRoutes.map((route) => route.path);
    expect(paths.filter((item, index) => paths.indexOf(item) !== index)).toEqual([]);
  });

  it("gives every path parameter of a listed route a value", () => {
    const missing = apiRoutes.flatMap((route) => {
      const names = [...route.path.matchAll(/\[(?:\.\.\.)?([^\]]+)\]/g)].map((match) => match[1]);
      return Object.entries(route.methods).flatMap(([method, spec]) =>
        names.filter((name) => !(spec.params ?? route.params)?.[name]).map((name) => `${method} ${route.path}: [${name}]`),
      );
    });
    expect(missing).toEqual([]);
  });

  it("lists every exported server action, and only those", () => {
    const sources = ACTION_ROOTS.flatMap((dir) => filesUnder(path.join(root, dir), (name) => /\.(ts|tsx)$/.test(name)));
    const inCode = sources
      .flatMap((file) => {
        const source = readFileSync(file, "utf8");
        return isServerModule(source) ? exportedNames(source).map((name) => `${relative(file)}#${name}`) : [];
      })
      .sort();
    const listed = serverActions.map((action) => `${action.module}#${action.name}`).sort();
    expect(listed).toEqual(inCode);
  });

  it("finds no server action defined inline, where the list cannot name it", () => {
    // An inline "use server" (inside a function) makes an action the list has no name for; such
    // actions belong in a "use server" module so that the sweep reaches them.
    const inline = ACTION_ROOTS.flatMap((dir) => filesUnder(path.join(root, dir), (name) => /\.(ts|tsx)$/.test(name)))
      .filter((file) => {
        const source = readFileSync(file, "utf8");
        const directives = source.match(/^\s*["']use server["'];?\s*$/gm) ?? [];
        return directives.length > (isServerModule(source) ? 1 : 0);
      })
      .map(relative);
    expect(inline).toEqual([]);
  });
});
