// zod 4 compiles object parsers with `new Function` when it may, and probes whether it may by trying
// once. Pages run under a CSP without 'unsafe-eval' (lib/security/headers.ts), where the probe itself
// is reported as a violation: parse without the compiler everywhere instead (the same results).
// The setting lives in zod's core (one config for every zod import); importing it from there keeps
// the whole of zod out of the JavaScript every page loads (the studio's query provider imports this module),
// so only pages whose forms parse with zod fetch it.
import { config } from "zod/v4/core";

config({ jitless: true });
