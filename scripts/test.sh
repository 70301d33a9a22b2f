#!/usr/bin/env bash
# `npm test`: type check, unit + integration tests (PGlite and, when its binaries exist, a throwaway
# PostgreSQL), then end-to-end tests in Chromium against the production build and the emulator.
set -euo pipefail
export NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1

step() { printf '\n=== %s ===\n' "$1"; }

step "type check"
npx tsc --noEmit

step "unit and integration tests (vitest)"
mkdir -p .test-reports
npx vitest run --reporter=default --reporter=json --outputFile.json=.test-reports/vitest.json

step "production build"
npx next build

step "end-to-end tests (playwright, chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME=.test-reports/playwright.json npx playwright test --reporter=list,json

step "summary"
node scripts/test-summary.mjs
