// zod 4 compiles object parsers with `new Function` when it may, and probes whether it may by trying
// once. Pages run under a CSP without 'unsafe-eval' (lib/security/headers.ts), where the probe itself
// is reported as a violation: parse without the compiler everywhere instead (the same results).
// zod keeps its one config for every copy and import of it on `globalThis.__zod_globalConfig`
// (zod/v4/core/core.js: made when absent, then read, never replaced), so the setting is written there
// whether zod has loaded yet or not. Importing zod's `config()` instead would bring part of zod's
// core into the JavaScript of every page that imports this module (the studio's query provider
// does); this way only pages whose forms parse with zod fetch zod. zod-config.test.ts checks the
// setting through zod's own `config()`, in both orders.
type ZodGlobal = typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };

const zodGlobal = globalThis as ZodGlobal;
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;

// Imported for its effect alone; the export makes this file a module, run once however often imported.
export {};
