import { requireAdmin } from "@/lib/auth/current-user";
import { parseOrThrow } from "@/lib/errors";
import { readJson, route } from "@/lib/http/route";
import { queueCapsSchema } from "@/lib/jobs/queue-cap-schemas";
import { setQueueCaps } from "@/lib/jobs/queue-caps";

// For each site role, the most image jobs running or waiting one person may have; null is no cap.
export const PUT = route(async (request) => {
  const admin = await requireAdmin();
  const caps = parseOrThrow(queueCapsSchema, await readJson(request));
  return Response.json({ caps: await setQueueCaps(admin, caps) });
}, { tokens: "refused" });
