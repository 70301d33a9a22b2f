import { lazyModule } from "@/components/forms/lazy-module";

/** The team routes' own schemas, loaded when a team form is first focused (see lazyModule). */
export const teamSchemas = lazyModule(() => import("@/lib/teams/team-schemas"));
