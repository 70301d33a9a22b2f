import "server-only";
import { conversationPath } from "@/lib/page-paths";
import type { Job } from "@/lib/generated/prisma/client";
import { FINISHED_JOB_STATES, type JobDto } from "./job-dto";

// Failures worth a second try with the same settings: the studio stopped (interrupted), or the
// service failed in a way that may pass (a refused setting or a content block would fail again).
// Cancelled and interrupted jobs may always run again.
const RETRYABLE_ERRORS = new Set(["interrupted", "rate_limited", "timeout", "network", "upstream_unreachable", "server", "invalid_response", "upstream_failed", "internal_error", "stream_ended"]);

function hrefOf(job: Job): string {
  if (job.kind === "alpha_v35_turn" && job.conversationId) return conversationPath(job.conversationId, job.turnId);
  if (job.kind === "video" && job.videoJobId) return `/videos/${job.videoJobId}`;
  return job.kind === "beta" ? "/beta" : "/alpha";
}

export function toJobDto(job: Job): JobDto {
  const finished = (FINISHED_JOB_STATES as readonly string[]).includes(job.state);
  return {
    id: job.id,
    kind: job.kind,
    state: job.state,
    queuePosition: job.state === "waiting" ? job.queuePosition : null,
    waitingForPlace: !finished && job.kind !== "video" && job.startedAt === null,
    variationSetId: job.variationSetId,
    round: job.state === "generating" ? job.round : null,
    label: job.label,
    href: hrefOf(job),
    generationId: job.generationId,
    conversationId: job.conversationId,
    turnId: job.turnId,
    videoId: job.videoJobId,
    error: job.errorCode ? { code: job.errorCode, message: job.errorMessage ?? "", requestId: job.requestId } : null,
    // A video job is repeated with the Videos page's Duplicate, which shows its settings first.
    canRunAgain: finished && job.kind !== "video" && (job.state === "interrupted" || job.state === "cancelled" || (job.state === "failed" && RETRYABLE_ERRORS.has(job.errorCode ?? ""))),
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}
