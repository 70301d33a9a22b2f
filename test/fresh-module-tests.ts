// Unit test files share their worker's modules instead of loading them afresh for each file. A file
// that needs modules of its own runs isolated, and is listed here: one that replaces a module
// (vi.mock and its kin, which cannot reach a module another file has already loaded), or one that
// checks how a module starts (the logger reading the settings, zod before and after its setting).
// test/fresh-module-tests.test.ts keeps the first kind listed.
export const FRESH_MODULE_TESTS = [
  "lib/assets/deliver-signed.test.ts",
  "lib/auth/session-token.test.ts",
  "lib/error-name.test.ts",
  "lib/log.test.ts",
  "lib/upstream/video/errors.test.ts",
  "lib/validation/zod-config.test.ts",
  "test/openapi-document.test.ts",
  "test/route-tokens.test.ts",
];
