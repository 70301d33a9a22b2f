// The admin video page's query keys and queries, without "use client" (like components/jobs/job-queries).
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import type { AdminPartitionAnswer, InferenceJobAnswer, VideoHealthDto } from "@/lib/videos/admin-video-dto";
import { PARTITION_POLL_SECONDS } from "@/lib/videos/partition-switch-outcome";
import type { PartitionDto } from "@/lib/videos/video-dto";

const adminVideoKey = ["admin", "video"] as const;
/** How often the health card reads again on its own. */
const HEALTH_POLL_MS = 30_000;
/** A diagnostic job is short: its status is read every 2 s until it ends. */
const INFERENCE_POLL_MS = 2_000;

/** Whether the partition is still on its way to a usable state (spec 3.2). */
export function partitionSettled(partition: PartitionDto): boolean {
  return partition.ready && partition.state === "ready";
}

/** GET /api/admin/video/partition; read again every 12 s until it is ready (spec 3.2: every 10 to 15 s). */
export function adminPartitionQuery() {
  return queryOptions({
    queryKey: [...adminVideoKey, "partition"],
    queryFn: async ({ signal }) => (await api<AdminPartitionAnswer>("/api/admin/video/partition", { signal })).partition,
    refetchInterval: (query) => (query.state.data && partitionSettled(query.state.data) ? false : PARTITION_POLL_SECONDS * 1000),
  });
}

/** GET /api/admin/video/health: the agent and the inference server. */
export function videoHealthQuery() {
  return queryOptions({
    queryKey: [...adminVideoKey, "health"],
    queryFn: ({ signal }) => api<VideoHealthDto>("/api/admin/video/health", { signal }),
    refetchInterval: HEALTH_POLL_MS,
  });
}

/** GET /api/admin/video/inference/[id] until the job ends. */
export function inferenceJobQuery(id: string) {
  return queryOptions({
    queryKey: [...adminVideoKey, "inference", id],
    queryFn: async ({ signal }) => (await api<InferenceJobAnswer>(`/api/admin/video/inference/${encodeURIComponent(id)}`, { signal })).job,
    refetchInterval: (query) => (query.state.data?.finished ? false : INFERENCE_POLL_MS),
  });
}

export function inferenceContentPath(id: string): string {
  return `/api/admin/video/inference/${encodeURIComponent(id)}/content`;
}
