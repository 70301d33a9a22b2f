import { requireAdmin } from "@/lib/auth/current-user";
import { setModelPrice } from "@/lib/budgets/admin-budgets";
import { modelPriceSchema } from "@/lib/budgets/budget-schemas";
import { parseOrThrow } from "@/lib/errors";
import { readJson, route } from "@/lib/http/route";

// One model's prices, in the studio's currency, per 1,000 tokens, per image and per video second.
export const PUT = route(async (request) => {
  const admin = await requireAdmin();
  const values = parseOrThrow(modelPriceSchema, await readJson(request));
  return Response.json({ price: await setModelPrice(admin, values) });
}, { tokens: "refused" });
