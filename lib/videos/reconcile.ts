import "server-only";
import { db } from "@/lib/db/client";
import type { VideoJob } from "@/lib/generated/prisma/client";
import { videoAgentClient } from "@/lib/upstream/clients";
import { isVideoApiError } from "@/lib/upstream/video/errors";
import type { VideoJobRecord } from "@/lib/upstream/video/wire";
import { CORRELATION_KEY } from "./agent-request";

// A POST whose outcome is unknown (timeout, dropped connection, 500) may have created a job (spec
// 4.4: submit is not idempotent). Before anyone may send it again, the studio looks for it: the
// agent's list, newest first (4.4: `after` pages to older jobs), narrowed to jobs created around the
// moment the POST was sent; the list view omits `echo` (2.5), so each candidate's record is read and
// matched on the correlation id the studio put in `x_metadata`.

/** Agent and studio clocks may differ this much (the list's times are the agent's). */
const CLOCK_SKEW_SECONDS = 300;
const PAGE_SIZE = 50;
/** A bound on the search: jobs older than the window end it long before this in practice. */
const MAX_PAGES = 20;

export function matchesCorrelation(record: Pick<VideoJobRecord, "echo">, correlationId: string): boolean {
  const metadata = record.echo?.x_metadata;
  return typeof metadata === "object" && metadata !== null && (metadata as Record<string, unknown>)[CORRELATION_KEY] === correlationId;
}

/** Whether a listed job was created in the window around the POST (a job with no time could be any). */
export function inSubmitWindow(record: Pick<VideoJobRecord, "created_at">, sentAt: Date): boolean {
  if (record.created_at === null) return true;
  return Math.abs(record.created_at - sentAt.getTime() / 1000) <= CLOCK_SKEW_SECONDS;
}

/** The agent's record of `video`'s POST, or null when the agent has no job from it. Throws when the agent cannot be asked. */
export async function findSubmittedJob(video: Pick<VideoJob, "correlationId" | "submitSentAt" | "task">): Promise<VideoJobRecord | null> {
  const sentAt = video.submitSentAt ?? new Date();
  const oldest = sentAt.getTime() / 1000 - CLOCK_SKEW_SECONDS;
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const { jobs, hasMore, nextCursor } = await videoAgentClient().list({ limit: PAGE_SIZE, after, task: video.task });
    const candidates = jobs.filter((job) => inSubmitWindow(job, sentAt));
    // Jobs the studio already tracks are someone else's submit.
    const known = new Set((await db.videoJob.findMany({ where: { upstreamId: { in: candidates.map((job) => job.id) } }, select: { upstreamId: true } })).map((row) => row.upstreamId));
    for (const candidate of candidates.filter((job) => !known.has(job.id))) {
      const record = await videoAgentClient()
        .get(candidate.id)
        .catch((error: unknown) => {
          // Expired or deleted since it was listed: not the job being looked for (it was just sent).
          if (isVideoApiError(error) && error.status === 404) return null;
          throw error;
        });
      if (record && matchesCorrelation(record, video.correlationId)) return record;
    }
    const reachedOlder = jobs.some((job) => job.created_at !== null && job.created_at < oldest);
    if (!hasMore || !nextCursor || reachedOlder) return null;
    after = nextCursor;
  }
  return null;
}
