// ESLint rule: browser code (components/, and any "use client" module) must not import a module that
// imports "server-only" — not even for its types, because the file is the unit the bundler and the
// reader see. Shared types belong in browser-safe modules.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];
const serverOnlyCache = new Map();

function resolveLocal(fromFile, source, root) {
  let base;
  if (source.startsWith("@/")) base = path.join(root, source.slice(2));
  else if (source.startsWith(".")) base = path.resolve(path.dirname(fromFile), source);
  else return undefined;
  if (existsSync(base) && !EXTENSIONS.some((ext) => existsSync(base + ext))) return base;
  return EXTENSIONS.map((ext) => base + ext).find((candidate) => existsSync(candidate));
}

function importsServerOnly(file) {
  if (!serverOnlyCache.has(file)) {
    serverOnlyCache.set(file, /^\s*import\s+["']server-only["'];?/m.test(readFileSync(file, "utf8")));
  }
  return serverOnlyCache.get(file);
}

function isBrowserModule(context) {
  const relative = path.relative(context.cwd, context.filename);
  if (relative.startsWith(`components${path.sep}`)) return true;
  const first = context.sourceCode.ast.body[0];
  return first?.type === "ExpressionStatement" && first.directive === "use client";
}

const rule = {
  meta: {
    type: "problem",
    docs: { description: "Browser modules may not import modules that import server-only" },
    messages: { serverModule: "{{source}} imports \"server-only\": browser code may not import it (move shared types or helpers to a browser-safe module)" },
    schema: [],
  },
  create(context) {
    if (!isBrowserModule(context)) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== "string") return;
      if (source === "server-only") return context.report({ node, messageId: "serverModule", data: { source } });
      const target = resolveLocal(context.filename, source, context.cwd);
      if (target && importsServerOnly(target)) context.report({ node, messageId: "serverModule", data: { source } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default rule;
