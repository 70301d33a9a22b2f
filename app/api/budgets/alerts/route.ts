import { requireUser } from "@/lib/auth/current-user";
import { budgetAlertsFor } from "@/lib/budgets/budget-status";
import { route } from "@/lib/http/route";

// The shell's soft alert: the budgets past their threshold that concern the signed-in person.
export const GET = route(async () => {
  const user = await requireUser();
  return Response.json({ budgets: await budgetAlertsFor(user) });
}, { tokens: "refused" });
