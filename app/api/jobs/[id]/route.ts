import { requireUser } from "@/lib/auth/current-user";
import { route } from "@/lib/http/route";
import { getOwnedJob } from "@/lib/jobs/list-jobs";
import { toJobDto } from "@/lib/jobs/to-job-dto";

export const GET = route<{ id: string }>(async (_request, { params }) => {
  const user = await requireUser();
  return Response.json(toJobDto(await getOwnedJob(user, params.id)));
}, { tokens: "read" });
