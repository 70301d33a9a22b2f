import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { FRESH_MODULE_TESTS } from "./fresh-module-tests";
import { root, sourceFiles } from "./source-files";

const REPLACES_A_MODULE = /\bvi\.(mock|doMock|unmock|doUnmock|resetModules)\(/;

function unitTestFiles(): string[] {
  return sourceFiles(root)
    .filter((file) => file.endsWith(".test.ts") && !file.endsWith(".int.test.ts"))
    .map((file) => path.relative(root, file).split(path.sep).join("/"));
}

it("runs every unit test file that replaces a module in a worker of its own", () => {
  const replacing = unitTestFiles().filter((file) => REPLACES_A_MODULE.test(readFileSync(path.join(root, file), "utf8")));
  expect(replacing.length).toBeGreaterThan(0);
  expect(replacing.filter((file) => !FRESH_MODULE_TESTS.includes(file))).toEqual([]);
});

it("lists only test files that exist", () => {
  const files = new Set(unitTestFiles());
  expect(FRESH_MODULE_TESTS.filter((file) => !files.has(file))).toEqual([]);
});
