import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import path from "node:path";
import type { Clock } from "../core/clock";
import type { JobWarning, VideoEcho } from "./submit-request";
import type { Task } from "./tasks";

// Spec 2.5 / 3.1 job states.
export const JOB_STATUSES = ["queued", "running", "completed", "failed", "canceled"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export interface JobResult {
  filePath: string;
  /** Set for upscaled results: served by 302 to /cdn/<token>.mp4 (spec 4.4 content). */
  cdnToken?: string;
}

/** One agent job. Times are milliseconds here; the API shows Unix seconds (spec 2.5). */
export interface VideoJob {
  id: string;
  /** Creation order; ties of created_at are broken by it in lists. */
  seq: number;
  task: Task;
  status: JobStatus;
  createdAtMs: number;
  startedAtMs: number | null;
  completedAtMs: number | null;
  expiresAtMs: number;
  echo: VideoEcho;
  warnings: JobWarning[];
  error: { code: string; message: string } | null;
  resolution: string | null;
  result: JobResult | null;
}

export interface ListFilter {
  task?: Task;
  status?: JobStatus;
  order: "asc" | "desc";
}

/** The agent's jobs in memory, with their files under `<root>/<job id>/`. */
export class JobStore {
  private readonly jobs = new Map<string, VideoJob>();
  private readonly cdnTokens = new Map<string, string>();
  private seq = 0;

  constructor(
    private readonly root: string,
    /** Expiry reads it, so tests can move time past a job's retention. */
    private readonly clock: Clock,
    /** Called when a job leaves the store (delete, expiry), e.g. to drop it from the queue. */
    private readonly onRemove: (job: VideoJob) => void,
  ) {}

  create(fields: { task: Task; echo: VideoEcho; warnings: JobWarning[]; nowMs: number; expiresAtMs: number }): VideoJob {
    const job: VideoJob = {
      id: `video_${randomBytes(12).toString("hex")}`,
      seq: this.seq++,
      task: fields.task,
      status: "queued",
      createdAtMs: fields.nowMs,
      startedAtMs: null,
      completedAtMs: null,
      expiresAtMs: fields.expiresAtMs,
      echo: fields.echo,
      warnings: fields.warnings,
      error: null,
      resolution: null,
      result: null,
    };
    this.jobs.set(job.id, job);
    return job;
  }

  /** The job, unless unknown or expired (spec 3.1: expired ids answer 404). */
  get(id: string): VideoJob | undefined {
    const job = this.jobs.get(id);
    if (!job) return undefined;
    if (this.clock.nowMs() >= job.expiresAtMs) {
      void this.remove(id);
      return undefined;
    }
    return job;
  }

  has(id: string): boolean {
    return this.jobs.has(id);
  }

  directory(id: string): string {
    return path.join(this.root, id);
  }

  attachCdnToken(job: VideoJob): string {
    const token = randomBytes(16).toString("hex");
    this.cdnTokens.set(token, job.id);
    return token;
  }

  /** The job whose upscaled result a CDN token names. */
  byCdnToken(token: string): VideoJob | undefined {
    const id = this.cdnTokens.get(token);
    return id === undefined ? undefined : this.get(id);
  }

  /** Spec 3.1 "deleted" and expiry: the record, local results and input files go. */
  async remove(id: string): Promise<void> {
    const job = this.jobs.get(id);
    if (!job) return;
    this.jobs.delete(id);
    if (job.result?.cdnToken) this.cdnTokens.delete(job.result.cdnToken);
    this.onRemove(job);
    await rm(this.directory(id), { recursive: true, force: true });
  }

  async removeExpired(): Promise<void> {
    const nowMs = this.clock.nowMs();
    const expired = [...this.jobs.values()].filter((job) => nowMs >= job.expiresAtMs);
    await Promise.all(expired.map((job) => this.remove(job.id)));
  }

  /** Live jobs matching the filter, in list order. */
  list(filter: ListFilter): VideoJob[] {
    const nowMs = this.clock.nowMs();
    const jobs = [...this.jobs.values()].filter(
      (job) => nowMs < job.expiresAtMs && (!filter.task || job.task === filter.task) && (!filter.status || job.status === filter.status),
    );
    jobs.sort((a, b) => (filter.order === "asc" ? a.seq - b.seq : b.seq - a.seq));
    return jobs;
  }

  /** Jobs in `queued` or `running` (post-processing included), for the partition rule of spec 3.2. */
  pendingCount(): number {
    return [...this.jobs.values()].filter((job) => job.status === "queued" || job.status === "running").length;
  }

  async clear(): Promise<void> {
    const ids = [...this.jobs.keys()];
    this.jobs.clear();
    this.cdnTokens.clear();
    await Promise.all(ids.map((id) => rm(this.directory(id), { recursive: true, force: true })));
  }
}
