import { requireAdmin } from "@/lib/auth/current-user";
import { deleteBudget } from "@/lib/budgets/admin-budgets";
import { route } from "@/lib/http/route";

export const DELETE = route<{ id: string }>(async (_request, { params }) => {
  const admin = await requireAdmin();
  await deleteBudget(admin, params.id);
  return new Response(null, { status: 204 });
}, { tokens: "refused" });
