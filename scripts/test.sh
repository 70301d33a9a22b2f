#!/usr/bin/env bash
# `npm test`: the production build; unit + integration tests (on a throwaway cluster of the embedded
# PostgreSQL) with lint, unused code and a type check beside them; then end-to-end tests in Chromium
# against the build and the emulator.
set -euo pipefail
export NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1

step() { printf '\n=== %s (at %d s) ===\n' "$1" "$SECONDS"; }

step "production build"
npm run build

# The checks run beside the unit and integration tests, which leave part of the machine idle while
# they wait on PostgreSQL and the emulator, so the checks add little to their time. They start after
# the build, so the route types Next generates under .next/types are current.
step "unit and integration tests (vitest), with lint (eslint: Next, TypeScript and the architecture's import rules), unused code (knip) and type check (tsc) beside them"
checks=$(mktemp -d)
npx eslint --max-warnings 0 . > "$checks/eslint" 2>&1 & eslint=$!
npx knip --no-config-hints > "$checks/knip" 2>&1 & knip=$!
npx tsc --noEmit > "$checks/tsc" 2>&1 & tsc=$!
trap 'kill "$eslint" "$knip" "$tsc" 2>/dev/null || true; rm -rf "$checks"' EXIT
mkdir -p .test-reports
failed=0
npx vitest run --reporter=default --reporter=json --outputFile.json=.test-reports/vitest.json || failed=1
for check in eslint knip tsc; do
  if wait "${!check}"; then echo "$check: passed"; else echo "$check: failed"; failed=1; fi
  cat "$checks/$check"
done
[ "$failed" -eq 0 ]

step "end-to-end tests (playwright, chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME=.test-reports/playwright.json npx playwright test --reporter=list,json

step "summary"
node scripts/test-summary.mjs
