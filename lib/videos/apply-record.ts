import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { VideoJobRecord } from "@/lib/upstream/video/wire";

const fromUnix = (seconds: number | null) => (seconds === null ? undefined : new Date(seconds * 1000));

/**
 * The fields of a job record (spec 2.5) the studio keeps. A completed job moves to `archiving` (the
 * studio's copy comes next); the list view has no `echo`, so an absent one keeps the stored one.
 */
export function recordFields(record: VideoJobRecord): Prisma.VideoJobUncheckedUpdateManyInput {
  const status = record.status === "completed" ? "archiving" : record.status;
  return {
    upstreamId: record.id,
    status,
    queuePosition: record.status === "queued" ? record.queue_position : null,
    startedAt: fromUnix(record.started_at),
    completedAt: fromUnix(record.completed_at),
    expiresAt: fromUnix(record.expires_at),
    resolution: record.resolution ?? undefined,
    warnings: record.warnings,
    ...(record.echo ? { echo: record.echo as Prisma.InputJsonObject } : {}),
    ...(record.status === "failed"
      ? { errorCode: record.error?.code ?? "generation_failed", errorMessage: record.error?.message ?? "The video service reported a failure without details", errorParam: null }
      : {}),
  };
}
