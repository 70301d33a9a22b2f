import { lazyModule } from "@/components/forms/lazy-module";

/** Beta's schema checks (./beta-stored-settings), loaded when first needed (see lazyModule). */
export const betaChecks = lazyModule(() => import("./beta-stored-settings"));
