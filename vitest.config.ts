import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { findPostgresBin } from "./test/postgres-cluster.js";

const INTEGRATION_TESTS = "**/*.int.test.ts";

// Integration tests run once per database engine. Without PostgreSQL binaries (and no cluster
// given in TEST_POSTGRES_URL) the PostgreSQL run is reported as skipped rather than failed.
// (test/postgres-global-setup.ts prints why.)
const postgresAvailable = Boolean(process.env.TEST_POSTGRES_URL || findPostgresBin());

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL(".", import.meta.url)),
      // `server-only` throws outside React Server Components; tests run lib/ directly in Node.
      "server-only": fileURLToPath(new URL("./test/server-only-stub.ts", import.meta.url)),
    },
  },
  test: {
    // Build output (.next, or another distDir such as .next-*) carries its own node_modules.
    exclude: ["**/node_modules/**", "e2e/**", ".next*/**", ".data/**"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["**/*.test.ts"], exclude: [INTEGRATION_TESTS] },
      },
      {
        extends: true,
        test: { name: "int:pglite", include: [INTEGRATION_TESTS], env: { TEST_DB_ENGINE: "pglite" } },
      },
      {
        extends: true,
        test: {
          name: "int:postgres",
          include: [INTEGRATION_TESTS],
          env: { TEST_DB_ENGINE: "postgres" },
          globalSetup: ["./test/postgres-global-setup.ts"],
          // A pattern no test name matches: every test is skipped and no hook runs.
          ...(postgresAvailable ? {} : { testNamePattern: /^(?!)/ }),
        },
      },
    ],
  },
});
