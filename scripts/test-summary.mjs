// Adds up the Vitest and Playwright JSON reports into one closing line for CI logs.
import { readFileSync } from "node:fs";

const vitest = JSON.parse(readFileSync(".test-reports/vitest.json", "utf8"));
const playwright = JSON.parse(readFileSync(".test-reports/playwright.json", "utf8"));

const passed = vitest.numPassedTests + (playwright.stats.expected ?? 0);
const failed = vitest.numFailedTests + (playwright.stats.unexpected ?? 0) + (playwright.stats.flaky ?? 0);
const skipped = vitest.numPendingTests + vitest.numTodoTests + (playwright.stats.skipped ?? 0);

console.log(`all tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
