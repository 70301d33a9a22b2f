import { lazyModule } from "@/components/forms/lazy-module";

/** The budget routes' own schemas, loaded when a budget, price or currency form is first focused (see lazyModule). */
export const budgetSchemas = lazyModule(() => import("@/lib/budgets/budget-schemas"));
