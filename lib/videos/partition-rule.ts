// Spec 3.2: a client treats the partition as usable only when `ready` is true, `current` equals the
// wanted mode and `state` is `ready`. t2va needs no particular mode (either loaded mode runs it), but
// it still needs a partition that is ready. Browser-safe: the form and the server apply the same rule.
import type { VideoTask } from "@/lib/upstream/video/limits";

export type PartitionReading = { current: string; ready: boolean; state: string };

export function isPartitionUsable(partition: PartitionReading, task: VideoTask): boolean {
  if (!partition.ready || partition.state !== "ready") return false;
  return task === "t2va" ? partition.current !== "" : partition.current === task;
}

/** Why a task cannot be submitted now, in words for the form; null when it can. */
export function partitionProblem(partition: PartitionReading, task: VideoTask): string | null {
  if (isPartitionUsable(partition, task)) return null;
  if (partition.state === "switching") return "The video service is switching its loaded mode; submissions are held until it is ready.";
  if (partition.state === "conflicted" || partition.state === "error") return `The video service's loaded mode is in state ${partition.state}; an administrator needs to switch it.`;
  if (!partition.ready) return "The video service's loaded mode is not ready yet.";
  return `This task needs the ${task} mode loaded; the video service has ${partition.current || "no mode"} loaded. An administrator can switch it.`;
}
