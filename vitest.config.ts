import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { FRESH_MODULE_TESTS } from "./test/fresh-module-tests";

const INTEGRATION_TESTS = "**/*.int.test.ts";

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
    // At least two files at once, even on two cores (Vitest's default is one fewer than the cores):
    // each integration file has its own database, emulator and data directory and spends most of
    // its time waiting on PostgreSQL.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["**/*.test.ts"], exclude: [INTEGRATION_TESTS, ...FRESH_MODULE_TESTS], isolate: false },
      },
      {
        extends: true,
        test: { name: "unit-isolated", include: FRESH_MODULE_TESTS },
      },
      {
        extends: true,
        // Integration tests run on PostgreSQL, the studio's one engine: a throwaway cluster from
        // the same npm-shipped binaries the studio embeds.
        test: { name: "int", include: [INTEGRATION_TESTS], globalSetup: ["./test/postgres-global-setup.ts"] },
      },
    ],
  },
});
