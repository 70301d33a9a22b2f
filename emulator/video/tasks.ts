import type { PartitionMode } from "./config";

// Spec 4.4 task kinds.
export const TASKS = ["t2va", "fl2va", "ref2va"] as const;
export type Task = (typeof TASKS)[number];

/**
 * The partition a task needs (spec 3.2 modes). t2va runs in either mode (our choice: the spec
 * does not tie it to one), so it needs none.
 */
export function requiredPartition(task: Task): PartitionMode | undefined {
  return task === "t2va" ? undefined : task;
}
