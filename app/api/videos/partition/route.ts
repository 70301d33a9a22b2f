import { requireUser } from "@/lib/auth/current-user";
import { route } from "@/lib/http/route";
import { readPartition } from "@/lib/videos/partition-status";

// The video service's loaded mode, and which tasks it can take now (spec 2.6, 3.2), for the form.
export const GET = route(async () => {
  await requireUser();
  return Response.json(await readPartition());
}, { tokens: "read" });
