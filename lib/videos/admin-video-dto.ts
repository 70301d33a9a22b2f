// What the admin video page reads. Browser-safe: no upstream URLs, no keys.
import type { PartitionDto } from "./video-dto";

/**
 * How a switch request ended (spec 3.2): 202 `accepted` (a switch started), 200 `already_ready` (the
 * mode was loaded), 409 `partition_switching` and 409 `partition_has_pending_jobs` as `switching`
 * and `pending_jobs`.
 */
export type PartitionSwitchOutcome = "accepted" | "already_ready" | "switching" | "pending_jobs";

/** POST /api/admin/video/partition: the outcome in words an admin can act on, and the partition now. */
export type PartitionSwitchAnswer = { outcome: PartitionSwitchOutcome; message: string; partition: PartitionDto };

/** GET /api/admin/video/partition */
export type AdminPartitionAnswer = { partition: PartitionDto };

/**
 * A service's health as the page shows it: `ok`, `degraded` (it answered, but not healthy: the
 * agent's 503 of spec 2.7 is this, not a failure), or `unreachable` (no usable answer; `reason` says why).
 */
export type ServiceHealthState = "ok" | "degraded" | "unreachable";

export type AgentHealthDto = {
  state: ServiceHealthState;
  /** The HTTP status of /healthz, when it answered. */
  httpStatus: number | null;
  reason: string | null;
  /** Spec 2.7 `status` ("ok" when healthy). */
  status: string | null;
  /** Spec 2.7 `dependencies`: moderation, database, partition first, then any others the agent names. */
  dependencies: Array<{ name: string; status: string }>;
  /** Spec 2.7 `queue`: queued jobs against the capacity. */
  queue: { queued: number | null; limit: number | null };
  /** Spec 2.7 `partition`: the loaded mode. */
  partition: string | null;
};

export type InferenceHealthDto = {
  state: ServiceHealthState;
  httpStatus: number | null;
  reason: string | null;
  /** The `status` field of its /health answer, when it has one (spec 4.5 shows no fields). */
  status: string | null;
  /** The whole /health answer, for diagnosis. */
  body: unknown;
};

/** GET /api/admin/video/health: the agent's /healthz and the inference server's /health. */
export type VideoHealthDto = { agent: AgentHealthDto; inference: InferenceHealthDto; checkedAt: string };

/** A diagnostic job on the inference server (spec 4.5: `completed` and `failed` are its end states). */
export type InferenceJobDto = {
  id: string;
  status: string;
  finished: boolean;
  resolution: string | null;
  error: { code: string; message: string } | null;
  /** The server's whole answer, for diagnosis. */
  raw: Record<string, unknown>;
};

/** POST /api/admin/video/inference (202) and GET /api/admin/video/inference/[id]. */
export type InferenceJobAnswer = { job: InferenceJobDto };
