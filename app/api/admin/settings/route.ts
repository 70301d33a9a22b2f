import { requireAdmin } from "@/lib/auth/current-user";
import { siteSettingsSchema } from "@/lib/auth/schemas";
import { updateSiteSettings } from "@/lib/auth/site-settings";
import { parseOrThrow } from "@/lib/errors";
import { readJson, route } from "@/lib/http/route";

export const PATCH = route(async (request) => {
  const admin = await requireAdmin();
  const changes = parseOrThrow(siteSettingsSchema, await readJson(request));
  return Response.json({ settings: await updateSiteSettings(admin, changes) });
}, { tokens: "refused" });
