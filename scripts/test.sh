#!/usr/bin/env bash
# `npm test`: unit + integration tests (on a throwaway cluster of the embedded PostgreSQL),
# the production build and a type check, then end-to-end tests in Chromium against the build and
# the emulator.
set -euo pipefail
export NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1

step() { printf '\n=== %s (at %d s) ===\n' "$1" "$SECONDS"; }

step "lint (eslint: Next, TypeScript and the architecture's import rules) and unused code (knip)"
npx eslint --max-warnings 0 .
npx knip --no-config-hints

step "unit and integration tests (vitest)"
mkdir -p .test-reports
npx vitest run --reporter=default --reporter=json --outputFile.json=.test-reports/vitest.json

step "production build"
npm run build

# After the build, so the route types Next generates under .next/types are current.
step "type check"
npx tsc --noEmit

step "end-to-end tests (playwright, chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME=.test-reports/playwright.json npx playwright test --reporter=list,json

step "summary"
node scripts/test-summary.mjs
