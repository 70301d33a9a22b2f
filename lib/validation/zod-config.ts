// zod 4 compiles object parsers with `new Function` when it may, and probes whether it may by trying
// once. Pages run under a CSP without 'unsafe-eval' (lib/security/headers.ts), where the probe itself
// is reported as a violation: parse without the compiler everywhere instead (the same results).
import { z } from "zod";

z.config({ jitless: true });
