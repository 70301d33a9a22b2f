import { requireUser } from "@/lib/auth/current-user";
import { runTurnAgain } from "@/lib/chat/send-turn";
import { AppError } from "@/lib/errors";
import { route } from "@/lib/http/route";
import { runAlphaV3Again } from "@/lib/images/generate-alpha-v3";
import { runBetaAgain } from "@/lib/images/generate-beta";
import type { JobKind } from "@/lib/jobs/job-dto";
import { getOwnedJob } from "@/lib/jobs/list-jobs";
import { toJobDto } from "@/lib/jobs/to-job-dto";

// Each kind repeats its own domain row (lib/jobs knows none of them).
const RUN_AGAIN: Record<Exclude<JobKind, "video">, typeof runAlphaV3Again | typeof runTurnAgain | typeof runBetaAgain> = {
  alpha_v3: runAlphaV3Again,
  alpha_v35_turn: runTurnAgain,
  beta: runBetaAgain,
};

// "Run again": a new job with the same settings and seed, for a job that was interrupted, cancelled
// or failed in a way worth retrying. Answers 202 with the new job, as starting one does.
export const POST = route<{ id: string }>(async (_request, { params }) => {
  const user = await requireUser();
  const job = await getOwnedJob(user, params.id);
  if (job.kind === "video" || !toJobDto(job).canRunAgain) throw new AppError("conflict", "This job cannot run again: it is still running, succeeded, or failed in a way that would fail again");
  return Response.json(await RUN_AGAIN[job.kind](user, job), { status: 202 });
}, { tokens: "images:generate" });
