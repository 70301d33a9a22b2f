// The four answers of a partition switch request (spec 3.2) in words an admin can act on. Pure and
// browser-safe: the page polls at the interval the messages promise.
import type { PartitionMode } from "@/lib/upstream/video/limits";
import type { PartitionSwitchOutcome } from "./admin-video-dto";

/** Spec 3.2: while switching, clients poll every 10 to 15 seconds. */
export const PARTITION_POLL_SECONDS = 12;

/** What the agent answered: 202 or 200, or one of the two 409 codes of spec 7.3. */
export type SwitchReply = { httpStatus: 200 | 202 } | { refusal: "partition_switching" | "partition_has_pending_jobs" };

export function switchOutcome(reply: SwitchReply): PartitionSwitchOutcome {
  if ("httpStatus" in reply) return reply.httpStatus === 202 ? "accepted" : "already_ready";
  return reply.refusal === "partition_switching" ? "switching" : "pending_jobs";
}

/** `loadedMode`: the partition's `current` after the answer (empty while conflicted, spec 2.6). */
export function switchMessage(mode: PartitionMode, outcome: PartitionSwitchOutcome, loadedMode: string): string {
  switch (outcome) {
    case "accepted":
      return `The switch to ${mode} has started. Video submissions are held until the new mode is ready; this page checks every ${PARTITION_POLL_SECONDS} seconds and shows when it is.`;
    case "already_ready":
      return `${mode} is already loaded and ready, so nothing changed.`;
    case "switching":
      return `The video service is already switching its loaded mode, so it refused another switch. Wait until this page shows it ready, then switch again if ${mode} is still not loaded.`;
    case "pending_jobs":
      return `The video service still has queued or running jobs in ${loadedMode || "the loaded mode"}, so it refused to switch to ${mode}. Let them finish, or cancel the queued ones on the Videos page (a running job cannot be cancelled), then switch again.`;
  }
}
