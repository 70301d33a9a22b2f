import "server-only";
import type { CurrentUser } from "@/lib/auth/current-user";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { Job } from "@/lib/generated/prisma/client";
import { ACTIVE_JOB_STATES, FINISHED_JOB_STATES, type JobListDto } from "./job-dto";
import { toJobDto } from "./to-job-dto";

const RECENT_FINISHED = 20;

/** A job of the user's own; anyone else's (admins included: jobs are private work) is not found. */
export async function getOwnedJob(user: CurrentUser, jobId: string): Promise<Job> {
  const job = await db.job.findUnique({ where: { id: jobId } });
  if (!job || job.ownerId !== user.id) throw new AppError("not_found", "No such job");
  return job;
}

/**
 * The user's running jobs and latest finished ones, with the stream position read before them: a
 * stream opened after that position repeats nothing the list missed (it may repeat what it has).
 */
export async function listJobs(user: CurrentUser): Promise<JobListDto> {
  const last = await db.jobEvent.findFirst({ where: { ownerId: user.id }, orderBy: { id: "desc" }, select: { id: true } });
  const [active, finished] = await Promise.all([
    db.job.findMany({ where: { ownerId: user.id, state: { in: [...ACTIVE_JOB_STATES] } }, orderBy: { createdAt: "desc" } }),
    db.job.findMany({ where: { ownerId: user.id, state: { in: [...FINISHED_JOB_STATES] } }, orderBy: { createdAt: "desc" }, take: RECENT_FINISHED }),
  ]);
  return { jobs: [...active, ...finished].map(toJobDto), cursor: String(last?.id ?? 0) };
}
