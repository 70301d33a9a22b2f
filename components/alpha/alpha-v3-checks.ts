import { lazyModule } from "@/components/forms/lazy-module";

/** Alpha v3's schema checks (./generation-settings), loaded when first needed (see lazyModule). */
export const alphaV3Checks = lazyModule(() => import("./generation-settings"));
