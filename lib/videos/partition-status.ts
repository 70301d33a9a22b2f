import "server-only";
import { videoAgentClient } from "@/lib/upstream/clients";
import { PARTITION_MODES, VIDEO_TASKS, type PartitionMode, type VideoTask } from "@/lib/upstream/video/limits";
import type { PartitionDto } from "./video-dto";
import { isPartitionUsable } from "./partition-rule";
import { videoServiceFailure } from "./video-service-failure";

// The agent's partition (spec 2.6) as the studio reports it to forms and admins. Pages poll it every
// 12 s while it does not suit their task (spec 3.2: 10 to 15 s); however many pages ask, a process
// asks the agent at most once per FRESH_FOR_MS, and pages asking while a read is under way share it
// (otherwise every open form costs the agent a read per poll; npm run bench:video counts them per
// job). A cache, not a truth: every submit and every admin read is fresh.
const FRESH_FOR_MS = 10_000;

type Reading = { dto: PartitionDto; at: number };
const holder = globalThis as typeof globalThis & { studioPartition?: Reading; studioPartitionRead?: Promise<PartitionDto> };

export async function readPartition(options: { fresh?: boolean } = {}): Promise<PartitionDto> {
  const cached = holder.studioPartition;
  if (!options.fresh && cached && Date.now() - cached.at < FRESH_FOR_MS) return cached.dto;
  if (!options.fresh && holder.studioPartitionRead) return holder.studioPartitionRead;
  const reading = askAgent().finally(() => {
    if (holder.studioPartitionRead === reading) holder.studioPartitionRead = undefined;
  });
  holder.studioPartitionRead = reading;
  return reading;
}

async function askAgent(): Promise<PartitionDto> {
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
  holder.studioPartitionRead = undefined;
}
