// Lint: Next.js and TypeScript rules, plus import rules that hold the architecture (see README).
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import noServerModuleInBrowser from "./scripts/lint/no-server-module-in-browser.mjs";

const studio = ["./app", "./components", "./lib", "./proxy.ts", "./instrumentation.ts"];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([".next*/**", ".data/**", "lib/generated/**", "playwright-report/**", "test-results/**", ".test-reports/**", ".scratch/**", "next-env.d.ts"]),
  {
    plugins: { studio: { rules: { "no-server-module-in-browser": noServerModuleInBrowser } }, "import-x": importX },
    // Cycles are found by import-x's no-cycle: eslint-plugin-import's own rule re-serialises the whole
    // flat config for every import it follows, which made it most of the lint's time.
    settings: {
      "import-x/extensions": importX.flatConfigs.typescript.settings["import-x/extensions"],
      "import-x/resolver-next": [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      "studio/no-server-module-in-browser": "error",
      // Images come from the studio's own authenticated asset route, which next/image's optimizer
      // would fetch without the user's session; the route already serves sized thumbnails.
      "@next/next/no-img-element": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            { target: "./lib", from: "./app", message: "lib/ never imports app/: handlers call lib, not the other way round." },
            { target: "./lib", from: "./components", message: "lib/ never imports components/." },
            { target: "./components", from: "./lib/settings.ts", message: "Settings (upstream addresses and keys) are the server's: pass what a page needs as props." },
            {
              target: "./lib/upstream",
              from: ["./lib/images", "./lib/chat", "./lib/assets", "./lib/auth"],
              message: "The wire layer (lib/upstream) never reaches features: take spec limits from lib/upstream's own modules.",
            },
            { target: "./emulator", from: studio, message: "The emulator is an independent product: it never imports the studio." },
            { target: studio, from: "./emulator", message: "The studio never imports the emulator (tests and scripts/start.ts excepted)." },
          ],
        },
      ],
    },
  },
  {
    // Tests may start an emulator beside the code they test; their `use…` helpers are test hooks,
    // not React hooks; and they read arbitrary fields of JSON answers, which `any` states honestly.
    files: ["**/*.test.ts", "test/**", "e2e/**", "scripts/**", "emulator/**/test-*.ts"],
    rules: { "import/no-restricted-paths": "off", "react-hooks/rules-of-hooks": "off", "@typescript-eslint/no-explicit-any": "off" },
  },
]);
