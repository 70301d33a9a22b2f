import { requireAdmin } from "@/lib/auth/current-user";
import { setBudget } from "@/lib/budgets/admin-budgets";
import { budgetSchema } from "@/lib/budgets/budget-schemas";
import { parseOrThrow } from "@/lib/errors";
import { readJson, route } from "@/lib/http/route";

// Sets the budget of one metric for the studio, a team, a member within a team or a person.
export const POST = route(async (request) => {
  const admin = await requireAdmin();
  const values = parseOrThrow(budgetSchema, await readJson(request));
  return Response.json({ budget: await setBudget(admin, values) });
}, { tokens: "refused" });
