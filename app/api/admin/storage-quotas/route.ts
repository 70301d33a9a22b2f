import { requireAdmin } from "@/lib/auth/current-user";
import { parseOrThrow } from "@/lib/errors";
import { readJson, route } from "@/lib/http/route";
import { updateStorageQuotaDefaults } from "@/lib/storage-quota/quota-defaults";
import { storageQuotaDefaultsSchema } from "@/lib/storage-quota/quota-schemas";

// The site's default storage quotas per person and per team, in bytes; null is no limit.
export const PATCH = route(async (request) => {
  const admin = await requireAdmin();
  const changes = parseOrThrow(storageQuotaDefaultsSchema, await readJson(request));
  return Response.json({ defaults: await updateStorageQuotaDefaults(admin, changes) });
}, { tokens: "refused" });
