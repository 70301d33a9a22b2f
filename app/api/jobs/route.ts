import { requireUser } from "@/lib/auth/current-user";
import { route } from "@/lib/http/route";
import { listJobs } from "@/lib/jobs/list-jobs";

export const GET = route(async () => {
  const user = await requireUser();
  return Response.json(await listJobs(user));
}, { tokens: "read" });
