import { lazyModule } from "@/components/forms/lazy-module";

/** The composer's schema checks (./turn-checks), loaded when first needed (see lazyModule). */
export const turnChecks = lazyModule(() => import("./turn-checks"));
