import "server-only";
import { db } from "@/lib/db/client";
import type { VideoStatus } from "@/lib/generated/prisma/client";

/**
 * Where a video job stands while the agent may still fetch its inputs: from the POST to the end of
 * `running` (spec 3.1: inputs may be downloaded during `running`). A signed input link bound to a
 * job (lib/videos/input-links) opens only then.
 */
const FETCHING_STATUSES: readonly VideoStatus[] = ["submitting", "reconciling", "queued", "running"];

/** Whether the agent may still be fetching the inputs of `videoJobId`. */
export async function inputLinksOpen(videoJobId: string): Promise<boolean> {
  const job = await db.videoJob.findUnique({ where: { id: videoJobId }, select: { status: true } });
  return job !== null && FETCHING_STATUSES.includes(job.status);
}
