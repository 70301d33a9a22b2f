import { requireAdmin } from "@/lib/auth/current-user";
import { parseOrThrow } from "@/lib/errors";
import { readJson, route } from "@/lib/http/route";
import { setUserStorageQuota } from "@/lib/storage-quota/admin-quotas";
import { storageQuotaSchema } from "@/lib/storage-quota/quota-schemas";

// A person's own storage quota in bytes, or null for the site's default.
export const PUT = route<{ id: string }>(async (request, { params }) => {
  const admin = await requireAdmin();
  const { limitBytes } = parseOrThrow(storageQuotaSchema, await readJson(request));
  return Response.json({ quota: await setUserStorageQuota(admin, params.id, limitBytes) });
}, { tokens: "refused" });
