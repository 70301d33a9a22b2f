import { rm, stat } from "node:fs/promises";
import type { Clock } from "../core/clock";
import type { PartitionMode, VideoSettings } from "./config";
import { mp4Response } from "./content";
import type { EncoderLane } from "./encoder-lane";
import { VideoApiError, cdnNotFound, invalidJson, notFound } from "./errors";
import { GenerationWorker } from "./generation-worker";
import { InferenceClient } from "./inference-client";
import { jobResource } from "./job-resource";
import { JobStore, type VideoJob } from "./jobs";
import type { ListQuery } from "./list-query";
import { Partition } from "./partition";
import { JobQueue } from "./queue";
import type { JobWarning, VideoEcho } from "./submit-request";
import { Upscaler } from "./upscale";

// Spec 7.3: queue_full carries Retry-After 60.
const QUEUE_FULL_RETRY_SECONDS = 60;
// Retry-After of moderation_unavailable: not shown in the spec (our choice).
const MODERATION_RETRY_SECONDS = 30;
// How often expired jobs and their files are swept (they also vanish on access).
const EXPIRY_SWEEP_MS = 10_000;

export interface AgentDeps {
  settings: () => VideoSettings;
  clock: Clock;
  /** Directory of the agent's job files. */
  root: string;
  agentUrl: () => string;
  inferenceUrl: () => string;
  upscaleLane: EncoderLane;
}

/** The video agent's behaviour (spec 3.1, 3.2, 4.4), independent of HTTP routing. */
export class AgentService {
  readonly store: JobStore;
  readonly queue: JobQueue;
  readonly partition: Partition;
  readonly worker: GenerationWorker;
  readonly upscaler: Upscaler;
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly deps: AgentDeps) {
    this.queue = new JobQueue(() => deps.settings().queueLimit);
    this.store = new JobStore(deps.root, deps.clock, (job) => this.queue.remove(job.id));
    this.partition = new Partition(deps.settings, () => this.store.pendingCount());
    this.upscaler = new Upscaler(deps.upscaleLane, deps.settings);
    this.worker = new GenerationWorker({
      store: this.store,
      queue: this.queue,
      settings: deps.settings,
      clock: deps.clock,
      inference: new InferenceClient(deps.inferenceUrl),
      upscaler: this.upscaler,
    });
    this.sweeper = setInterval(() => void this.store.removeExpired(), EXPIRY_SWEEP_MS);
    this.sweeper.unref();
  }

  /** Spec 3.1 "(none) → queued": availability, partition and queue checks follow request validation. */
  submit(echo: VideoEcho, warnings: JobWarning[]): VideoJob {
    const settings = this.deps.settings();
    if (settings.degradedDependencies.has("moderation")) {
      throw new VideoApiError(503, "moderation_unavailable", "content moderation is unavailable", null, MODERATION_RETRY_SECONDS);
    }
    this.partition.checkSubmission(echo.task);
    if (this.queue.isFull()) {
      throw new VideoApiError(429, "queue_full", `the queue holds its limit of ${this.queue.capacity} jobs`, null, QUEUE_FULL_RETRY_SECONDS);
    }
    const now = this.deps.clock.nowMs();
    const job = this.store.create({ task: echo.task, echo, warnings, nowMs: now, expiresAtMs: now + settings.retentionSeconds * 1000 });
    this.queue.push(job.id);
    this.worker.kick();
    return job;
  }

  find(id: string): VideoJob {
    const job = this.store.get(id);
    if (!job) throw notFound(id);
    return job;
  }

  resource(job: VideoJob, includeEcho: boolean) {
    return jobResource(job, { queuePosition: this.queue.position(job.id), agentUrl: this.deps.agentUrl(), includeEcho });
  }

  /**
   * Spec 4.4 list. `after` keeps jobs created earlier than the cursor job whatever the order (the
   * spec's wording; hence its advice to page in the default `desc` order). The array is `data` (our choice).
   */
  list(query: ListQuery) {
    let jobs = this.store.list({ task: query.task, status: query.status, order: query.order });
    if (query.after !== undefined) {
      const cursor = this.store.get(query.after);
      if (!cursor) throw invalidJson("after does not name a live job", "after");
      jobs = jobs.filter((job) => job.seq < cursor.seq);
    }
    const page = jobs.slice(0, query.limit);
    const hasMore = jobs.length > page.length;
    return {
      data: page.map((job) => this.resource(job, false)),
      has_more: hasMore,
      next_cursor: hasMore ? page[page.length - 1]!.id : null,
    };
  }

  /** Spec 3.1 DELETE: queued → canceled, running → 409 cannot_cancel, finished → deleted. */
  async cancelOrDelete(id: string) {
    const job = this.find(id);
    if (job.status === "running") throw new VideoApiError(409, "cannot_cancel", "a running job cannot be canceled", "id");
    if (job.status === "queued") {
      this.queue.remove(job.id);
      job.status = "canceled";
      job.completedAtMs = this.deps.clock.nowMs();
      job.expiresAtMs = job.completedAtMs + this.deps.settings().retentionSeconds * 1000;
      return this.resource(job, true);
    }
    await this.store.remove(job.id);
    return { id: job.id, deleted: true };
  }

  /** Spec 4.4 content: local MP4 (Range), 302 to the CDN for upscaled results, 409 unfinished, 500 gone. */
  async content(request: Request, id: string): Promise<Response> {
    const job = this.find(id);
    if (job.status !== "completed" || !job.result) throw new VideoApiError(409, "content_not_ready", `job is ${job.status}`, "id");
    const gone = () => new VideoApiError(500, "internal_error", "the local result of this job is gone");
    if (job.result.cdnToken) {
      if (!(await stat(job.result.filePath).catch(() => undefined))) throw gone();
      return new Response(null, { status: 302, headers: { Location: `${this.deps.agentUrl()}/cdn/${job.result.cdnToken}.mp4` } });
    }
    const response = await mp4Response(request, job.result.filePath, `${job.id}.mp4`);
    if (!response) throw gone();
    return response;
  }

  /** The CDN-like location of upscaled results; links live as long as the job (spec 8). */
  async cdn(request: Request, token: string): Promise<Response> {
    const job = this.store.byCdnToken(token);
    const response = job?.result ? await mp4Response(request, job.result.filePath, `${job.id}.mp4`) : undefined;
    if (!response) throw cdnNotFound();
    return response;
  }

  switchPartition(mode: PartitionMode) {
    return this.partition.requestSwitch(mode);
  }

  /** Spec 2.7 health report; 503 when a required dependency is degraded. */
  health() {
    const degraded = this.deps.settings().degradedDependencies;
    const partitionState = this.partition.state();
    const dependencies = {
      moderation: degraded.has("moderation") ? "degraded" : "ok",
      database: degraded.has("database") ? "degraded" : "ok",
      // A switch is normal operation; conflicted and error are not (our choice).
      partition: partitionState === "conflicted" || partitionState === "error" ? "degraded" : "ok",
    } as const;
    const healthy = Object.values(dependencies).every((value) => value === "ok");
    return {
      status: healthy ? 200 : 503,
      body: {
        status: healthy ? "ok" : "degraded",
        dependencies,
        queue: { queued: this.queue.length, limit: this.queue.capacity },
        partition: this.partition.view().current,
      },
    } as const;
  }

  /** Control: make a job expire now (spec 3.1 "any → gone"). */
  async expire(id: string): Promise<void> {
    this.find(id);
    await this.store.remove(id);
  }

  /** Control: delete the local result so content answers 500 (spec 4.4). */
  async removeResult(id: string): Promise<void> {
    const job = this.find(id);
    if (!job.result) throw new VideoApiError(409, "content_not_ready", `job is ${job.status}`, "id");
    await rm(job.result.filePath, { force: true });
  }

  async reset(): Promise<void> {
    this.worker.reset();
    this.upscaler.resume();
    this.queue.clear();
    this.partition.reset();
    await this.store.clear();
  }

  close(): void {
    clearInterval(this.sweeper);
    this.worker.close();
    this.partition.reset();
  }
}
