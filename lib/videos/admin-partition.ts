// The admin's view of the video agent's partition (spec 2.6, 3.2): read it, and ask for a switch.
// Every switch request is written to the audit log with who asked and how it ended.
import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import type { CurrentUser } from "@/lib/auth/current-user";
import { db } from "@/lib/db/client";
import { videoAgentClient } from "@/lib/upstream/clients";
import { isVideoApiError } from "@/lib/upstream/video/errors";
import type { PartitionMode } from "@/lib/upstream/video/limits";
import type { PartitionSwitchAnswer, PartitionSwitchOutcome } from "./admin-video-dto";
import { videoServiceFailure, upstreamFailureDetails } from "./video-service-failure";
import { forgetPartition, readPartition } from "./partition-status";
import { switchMessage, switchOutcome, type SwitchReply } from "./partition-switch-outcome";
import type { PartitionDto } from "./video-dto";

/** Spec 7.3: the two 409s a switch request can meet. */
const SWITCH_REFUSALS = ["partition_switching", "partition_has_pending_jobs"] as const;

/** The partition as the agent reports it now (not the few seconds old copy members read). */
export async function adminPartition(): Promise<PartitionDto> {
  try {
    return await readPartition({ fresh: true });
  } catch (error) {
    throw videoServiceFailure(error, "video agent", "report its partition");
  }
}

export async function switchPartition(admin: CurrentUser, mode: PartitionMode): Promise<PartitionSwitchAnswer> {
  let reply: SwitchReply;
  try {
    reply = { httpStatus: (await videoAgentClient().switchPartition(mode)).httpStatus };
  } catch (error) {
    const refusal = isVideoApiError(error) && error.status === 409 ? SWITCH_REFUSALS.find((code) => code === error.code) : undefined;
    if (!refusal) {
      await auditSwitch(admin, mode, "failed", upstreamFailureDetails(error));
      throw videoServiceFailure(error, "video agent", `switch its partition to ${mode}`);
    }
    reply = { refusal };
  }
  const outcome = switchOutcome(reply);
  await auditSwitch(admin, mode, outcome);
  // Members' forms read a cached partition: after any answer the agent's state may have moved.
  forgetPartition();
  const partition = await adminPartition();
  return { outcome, message: switchMessage(mode, outcome, partition.current), partition };
}

function auditSwitch(admin: CurrentUser, mode: PartitionMode, outcome: PartitionSwitchOutcome | "failed", details: Record<string, string | number | null> = {}): Promise<void> {
  return recordAudit(db, { actor: admin, action: "video.partition_switch", target: mode, details: { requested: mode, outcome, ...details } });
}
