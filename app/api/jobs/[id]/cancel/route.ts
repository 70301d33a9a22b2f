import { requireUser } from "@/lib/auth/current-user";
import { route } from "@/lib/http/route";
import { cancelJob } from "@/lib/jobs/cancel-job";

// The owner's Cancel. The answer may still show the job active: it ends as cancelled once its runner
// has stopped the upstream call, and the jobs stream says so.
export const POST = route<{ id: string }>(async (_request, { params }) => {
  const user = await requireUser();
  return Response.json(await cancelJob(user, params.id));
});
