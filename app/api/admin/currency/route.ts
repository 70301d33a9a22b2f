import { requireAdmin } from "@/lib/auth/current-user";
import { currencySchema } from "@/lib/budgets/budget-schemas";
import { setStudioCurrency } from "@/lib/budgets/set-currency";
import { parseOrThrow } from "@/lib/errors";
import { readJson, route } from "@/lib/http/route";

// The studio's one currency; refused (409) once money has been charged in the current one.
export const PUT = route(async (request) => {
  const admin = await requireAdmin();
  const { currency } = parseOrThrow(currencySchema, await readJson(request));
  return Response.json(await setStudioCurrency(admin, currency));
}, { tokens: "refused" });
