import { requireUser } from "@/lib/auth/current-user";
import { myBudgets } from "@/lib/budgets/budget-status";
import { route } from "@/lib/http/route";

// The budgets that bind the signed-in person's next start (in their active team), and what is left
// of each: the forms show it before the click.
export const GET = route(async () => {
  const user = await requireUser();
  return Response.json({ budgets: await myBudgets({ userId: user.id, teamId: user.activeTeamId }) });
}, { tokens: "read" });
