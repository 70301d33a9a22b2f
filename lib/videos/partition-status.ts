import "server-only";
import { videoAgentClient } from "@/lib/upstream/clients";
import { PARTITION_MODES, VIDEO_TASKS, type PartitionMode, type VideoTask } from "@/lib/upstream/video/limits";
import type { PartitionDto } from "./video-dto";
import { isPartitionUsable } from "./partition-rule";
import { videoServiceFailure } from "./video-service-failure";

// The agent's partition (spec 2.6) as the studio reports it to forms and admins. Read at most every
// few seconds per process however many pages ask: a cache, not a truth (every submit reads it fresh).
const FRESH_FOR_MS = 5_000;

const holder = globalThis as typeof globalThis & { studioPartition?: { dto: PartitionDto; at: number } };

export async function readPartition(options: { fresh?: boolean } = {}): Promise<PartitionDto> {
  const cached = holder.studioPartition;
  if (!options.fresh && cached && Date.now() - cached.at < FRESH_FOR_MS) return cached.dto;
  const report = await videoAgentClient()
    .partition()
    .catch((error: unknown) => {
      throw videoServiceFailure(error, "video agent", "read the loaded mode");
    });
  const dto: PartitionDto = {
    current: report.current,
    ready: report.ready,
    state: report.state,
    allowed: report.allowed.filter((mode): mode is PartitionMode => (PARTITION_MODES as readonly string[]).includes(mode)),
    usable: Object.fromEntries(VIDEO_TASKS.map((task) => [task, isPartitionUsable(report, task)])) as Record<VideoTask, boolean>,
    checkedAt: new Date().toISOString(),
  };
  holder.studioPartition = { dto, at: Date.now() };
  return dto;
}

/** After a switch request: the next reader asks the agent. */
export function forgetPartition(): void {
  holder.studioPartition = undefined;
}
