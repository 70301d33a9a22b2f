// Adds up the Vitest and Playwright JSON reports into one closing line for CI logs, after the files
// that took longest in each: where the test run's time goes.
import { readFileSync } from "node:fs";

const vitest = JSON.parse(readFileSync(".test-reports/vitest.json", "utf8"));
const playwright = JSON.parse(readFileSync(".test-reports/playwright.json", "utf8"));
const SLOWEST = 8;

/** Seconds per file, from Vitest's per-file start and end. */
function vitestFileSeconds() {
  return vitest.testResults.map((file) => [file.name.replace(`${process.cwd()}/`, ""), (file.endTime - file.startTime) / 1000]);
}

/** Seconds per spec file, summed over every test's results (a retry counts too). */
function playwrightFileSeconds() {
  const totals = new Map();
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      const seconds = spec.tests.flatMap((test) => test.results).reduce((sum, result) => sum + result.duration / 1000, 0);
      totals.set(spec.file, (totals.get(spec.file) ?? 0) + seconds);
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of playwright.suites) visit(suite);
  return [...totals];
}

function printSlowest(title, fileSeconds) {
  const total = fileSeconds.reduce((sum, [, seconds]) => sum + seconds, 0);
  console.log(`${title}: ${Math.round(total)} s in ${fileSeconds.length} files (summed over files); slowest:`);
  for (const [file, seconds] of [...fileSeconds].sort((a, b) => b[1] - a[1]).slice(0, SLOWEST)) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${file}`);
}

printSlowest("vitest", vitestFileSeconds());
printSlowest("playwright", playwrightFileSeconds());

const passed = vitest.numPassedTests + (playwright.stats.expected ?? 0);
const failed = vitest.numFailedTests + (playwright.stats.unexpected ?? 0) + (playwright.stats.flaky ?? 0);
const skipped = vitest.numPendingTests + vitest.numTodoTests + (playwright.stats.skipped ?? 0);

console.log(`all tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
