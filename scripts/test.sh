#!/usr/bin/env bash
# `npm test`: unit + integration tests (on a throwaway cluster of the embedded PostgreSQL),
# the production build, lint and a type check, then end-to-end tests in Chromium against the build and
# the emulator.
set -euo pipefail
export NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1

step() { printf '\n=== %s (at %d s) ===\n' "$1" "$SECONDS"; }

step "unit and integration tests (vitest)"
mkdir -p .test-reports
npx vitest run --reporter=default --reporter=json --outputFile.json=.test-reports/vitest.json

step "production build"
npm run build

# After the build, so the route types Next generates under .next/types are current. The three checks
# run at once: eslint takes most of a minute on one core, and the other two fit beside it.
step "lint (eslint: Next, TypeScript and the architecture's import rules), unused code (knip) and type check (tsc)"
checks=$(mktemp -d)
npx eslint --max-warnings 0 . > "$checks/eslint" 2>&1 & eslint=$!
npx knip --no-config-hints > "$checks/knip" 2>&1 & knip=$!
npx tsc --noEmit > "$checks/tsc" 2>&1 & tsc=$!
failed=0
for check in eslint knip tsc; do
  if wait "${!check}"; then echo "$check: passed"; else echo "$check: failed"; failed=1; fi
  cat "$checks/$check"
done
rm -rf "$checks"
[ "$failed" -eq 0 ]

step "end-to-end tests (playwright, chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME=.test-reports/playwright.json npx playwright test --reporter=list,json

step "summary"
node scripts/test-summary.mjs
