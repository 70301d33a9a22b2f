import { randomBytes } from "node:crypto";
import { access, mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { Hono } from "hono";
import type { Clock } from "../core/clock";
import type { VideoSettings } from "./config";
import { mp4Response } from "./content";
import type { EncoderLane } from "./encoder-lane";
import { VideoApiError, handleVideoError, notFound } from "./errors";
import { parseInferenceRequest, type InferenceRequest } from "./inference-request";
import { readJsonBody } from "./json-request";
import { MediaError } from "./media-error";
import { sceneInputs } from "./scene-inputs";
import { formatResolution, frameSize } from "./sizes";

// Spec 4.5 names `completed` and `failed`; the full status set is not shown (our choice: these four).
type InferenceStatus = "queued" | "running" | "completed" | "failed";

interface InferenceJob {
  id: string;
  status: InferenceStatus;
  createdAtMs: number;
  startedAtMs: number | null;
  completedAtMs: number | null;
  request: InferenceRequest;
  filePath: string | null;
  resolution: string | null;
  error: { code: string; message: string } | null;
}

const seconds = (ms: number | null) => (ms === null ? null : Math.floor(ms / 1000));

/**
 * The video inference server (spec 4.5): one generation at a time at the base short edge, no
 * post-processing. Jobs and files are kept for the retention time of the agent.
 */
export class InferenceServer {
  readonly app = new Hono();
  private readonly jobs = new Map<string, InferenceJob>();
  private queue: string[] = [];
  private busy = false;
  private lifetime = new AbortController();

  constructor(
    private readonly settings: () => VideoSettings,
    private readonly clock: Clock,
    private readonly root: string,
    private readonly lane: EncoderLane,
  ) {
    this.app.onError(handleVideoError);
    this.app.post("/v1/videos", async (c) => {
      const request = parseInferenceRequest(await readJsonBody(c.req.raw, this.settings().bodyLimitBytes));
      const job = this.create(request);
      return c.json(this.resource(job));
    });
    this.app.get("/v1/videos/:id", (c) => c.json(this.resource(this.find(c.req.param("id")))));
    this.app.get("/v1/videos/:id/content", async (c) => {
      const job = this.find(c.req.param("id"));
      if (job.status !== "completed" || !job.filePath) throw new VideoApiError(409, "content_not_ready", `job is ${job.status}`, "id");
      const response = await mp4Response(c.req.raw, job.filePath, `${job.id}.mp4`);
      if (!response) throw new VideoApiError(500, "internal_error", "the result file is gone");
      return response;
    });
    this.app.get("/health", (c) =>
      c.json({ status: "ok", queue: { queued: this.queue.length, running: this.busy ? 1 : 0 } }),
    );
  }

  reset(): void {
    this.lifetime.abort();
    this.lifetime = new AbortController();
    this.jobs.clear();
    this.queue = [];
  }

  close(): void {
    this.lifetime.abort();
  }

  private create(request: InferenceRequest): InferenceJob {
    this.removeExpired();
    const job: InferenceJob = {
      id: `inf_${randomBytes(12).toString("hex")}`,
      status: "queued",
      createdAtMs: this.clock.nowMs(),
      startedAtMs: null,
      completedAtMs: null,
      request,
      filePath: null,
      resolution: null,
      error: null,
    };
    this.jobs.set(job.id, job);
    this.queue.push(job.id);
    // On the next turn, so POST still answers with the job `queued` (accepted, not started).
    if (!this.busy) {
      this.busy = true;
      setImmediate(() => void this.drain());
    }
    return job;
  }

  private find(id: string): InferenceJob {
    const job = this.jobs.get(id);
    if (!job) throw notFound(id);
    return job;
  }

  private resource(job: InferenceJob) {
    return {
      id: job.id,
      status: job.status,
      created_at: seconds(job.createdAtMs),
      started_at: seconds(job.startedAtMs),
      completed_at: seconds(job.completedAtMs),
      ...(job.resolution ? { resolution: job.resolution } : {}),
      ...(job.error ? { error: job.error } : {}),
    };
  }

  private removeExpired(): void {
    const oldest = this.clock.nowMs() - this.settings().retentionSeconds * 1000;
    for (const job of this.jobs.values()) {
      if (job.createdAtMs < oldest && (job.status === "completed" || job.status === "failed")) {
        this.jobs.delete(job.id);
        void rm(path.join(this.root, job.id), { recursive: true, force: true });
      }
    }
  }

  // One generation at a time: the inference hardware (spec 3.1 "generation hardware").
  private async drain(): Promise<void> {
    try {
      for (let id = this.queue.shift(); id !== undefined; id = this.queue.shift()) {
        const job = this.jobs.get(id);
        if (job) await this.execute(job, this.lifetime.signal);
      }
    } finally {
      this.busy = false;
    }
  }

  private async execute(job: InferenceJob, lifetime: AbortSignal): Promise<void> {
    const settings = this.settings();
    job.status = "running";
    job.startedAtMs = this.clock.nowMs();
    // Generation time is paced in real time, whatever a test does to the clock meanwhile.
    const pacingStart = Date.now();
    try {
      const inputs = await Promise.all(
        job.request.conditions.map(async (condition) => {
          const filePath = fileURLToPath(condition.uri);
          try {
            await access(filePath);
          } catch {
            throw new MediaError("media_fetch_failed", `cannot read ${filePath}`);
          }
          return { condition, filePath };
        }),
      );
      const size = frameSize(job.request.aspectRatio, "base", settings.mediaScale);
      const directory = path.join(this.root, job.id);
      await mkdir(directory, { recursive: true });
      const filePath = path.join(directory, "output.mp4");
      await this.lane.encode({
        outputPath: filePath,
        ...size,
        fps: settings.framesPerSecond,
        seconds: job.request.seconds,
        prompt: job.request.prompt,
        seed: job.request.seed,
        ...sceneInputs(inputs),
      });
      const remainingMs = pacingStart + settings.generationSeconds * 1000 - Date.now();
      if (remainingMs > 0) await sleep(remainingMs, undefined, { signal: lifetime });
      if (lifetime.aborted) return;
      job.filePath = filePath;
      job.resolution = formatResolution(size);
      job.status = "completed";
    } catch (error) {
      if (lifetime.aborted) return;
      const diagnostic = error instanceof MediaError ? `${error.diagnostic}: ` : "";
      job.error = { code: "generation_failed", message: `${diagnostic}${error instanceof Error ? error.message : String(error)}` };
      job.status = "failed";
    } finally {
      job.completedAtMs = this.clock.nowMs();
    }
  }
}
