import { PARTITION_MODES, type PartitionMode, type VideoSettings } from "./config";
import { VideoApiError } from "./errors";
import { requiredPartition, type Task } from "./tasks";

export type PartitionState = "ready" | "switching" | "conflicted" | "error";

/** Spec 2.6 partition resource. */
export interface PartitionView {
  current: PartitionMode | "";
  ready: boolean;
  state: PartitionState;
  allowed: PartitionMode[];
}

// Retry-After of a submission refused while the partition cannot be detected (our choice).
const DETECT_RETRY_SECONDS = 30;

/** The loaded model mode of the agent (spec 3.2). */
export class Partition {
  private current: PartitionMode;
  private switching: { target: PartitionMode; endsAtMs: number; timer: NodeJS.Timeout } | undefined;
  private conflicted = false;
  private failed = false;

  constructor(
    private readonly settings: () => VideoSettings,
    /** Queued or running jobs, which block a switch (spec 3.2). */
    private readonly pendingJobs: () => number,
  ) {
    this.current = settings().initialPartition;
  }

  /** Spec 3.2: when several states apply they are evaluated as conflicted, switching, error, ready. */
  state(): PartitionState {
    if (this.conflicted) return "conflicted";
    if (this.switching) return "switching";
    if (this.failed || this.settings().degradedDependencies.has("partition")) return "error";
    return "ready";
  }

  view(): PartitionView {
    const state = this.state();
    return { current: state === "conflicted" ? "" : this.current, ready: state === "ready", state, allowed: [...PARTITION_MODES] };
  }

  /** Spec 3.2 / 4.4 POST /v1/partition: 202 for a new switch, 200 when already ready, 409 otherwise. */
  requestSwitch(mode: PartitionMode): { status: 200 | 202; body: PartitionView & { accepted: boolean } } {
    const state = this.state();
    if (state === "switching") throw new VideoApiError(409, "partition_switching", "a partition switch is in progress", "partition");
    if (state === "ready" && mode === this.current) return { status: 200, body: { ...this.view(), accepted: false } };
    if (this.pendingJobs() > 0) {
      throw new VideoApiError(409, "partition_has_pending_jobs", `the ${this.current} partition still has queued or running jobs`, "partition");
    }
    // Leaving conflicted/error is not shown in spec 3.2: a new switch (re)loads the mode, our choice.
    const durationMs = this.settings().partitionSwitchSeconds * 1000;
    const timer = setTimeout(() => {
      this.current = mode;
      this.switching = undefined;
      this.conflicted = false;
      this.failed = false;
    }, durationMs);
    timer.unref();
    this.switching = { target: mode, endsAtMs: Date.now() + durationMs, timer };
    return { status: 202, body: { ...this.view(), accepted: true } };
  }

  /**
   * Whether a job of `task` may be submitted now. Our choices (not shown in the spec): during a
   * switch 503 partition_switching with Retry-After; conflicted/error 503 partition_detect_failed;
   * a task needing the other mode 409 partition_mismatch (t2va runs in either mode).
   */
  checkSubmission(task: Task): void {
    const state = this.state();
    if (state === "conflicted" || state === "error") {
      throw new VideoApiError(503, "partition_detect_failed", `the loaded partition cannot be determined (state ${state})`, null, DETECT_RETRY_SECONDS);
    }
    if (this.switching) {
      const remaining = (this.switching.endsAtMs - Date.now()) / 1000;
      throw new VideoApiError(503, "partition_switching", `switching to ${this.switching.target}; submit after the switch`, null, remaining);
    }
    const needed = requiredPartition(task);
    if (needed && needed !== this.current) {
      throw new VideoApiError(409, "partition_mismatch", `task ${task} needs the ${needed} partition; ${this.current} is loaded`, "task");
    }
  }

  /** Control endpoint: force a state for tests; `ready` also ends a switch at once. */
  force(state: "conflicted" | "error" | "ready", current?: PartitionMode): void {
    if (state === "conflicted") this.conflicted = true;
    if (state === "error") this.failed = true;
    if (state === "ready") {
      this.cancelSwitch();
      this.conflicted = false;
      this.failed = false;
    }
    if (current) this.current = current;
  }

  reset(): void {
    this.cancelSwitch();
    this.conflicted = false;
    this.failed = false;
    this.current = this.settings().initialPartition;
  }

  private cancelSwitch(): void {
    if (this.switching) clearTimeout(this.switching.timer);
    this.switching = undefined;
  }
}
