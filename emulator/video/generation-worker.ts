import { mkdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Clock } from "../core/clock";
import type { VideoSettings } from "./config";
import type { InferenceBody, InferenceClient } from "./inference-client";
import type { JobQueue } from "./queue";
import type { JobResult, JobStore, VideoJob } from "./jobs";
import { MediaError } from "./media-error";
import { prepareInputs, type PreparedInput } from "./media-inputs";
import { probeMp4 } from "./probe";
import { BASE_SHORT_EDGE, familyForShortEdge } from "./sizes";
import { untilAborted, type Upscaler } from "./upscale";

export interface WorkerDeps {
  store: JobStore;
  queue: JobQueue;
  settings: () => VideoSettings;
  clock: Clock;
  inference: InferenceClient;
  upscaler: Upscaler;
}

class TimeLimitExceeded extends Error {}

function inferenceBody(job: VideoJob, inputs: PreparedInput[]): InferenceBody {
  const { echo } = job;
  return {
    model: echo.model,
    prompt: echo.prompt,
    seconds: echo.seconds,
    task: echo.task,
    // Spec 4.4.1: the inference server reads file:// URIs; the agent hands over its downloaded copies.
    conditions: inputs.map(({ condition, filePath }) => ({ ...condition, uri: pathToFileURL(filePath).href })),
    // Spec 1: generation always runs at the base short edge; larger requests are upscaled afterwards.
    target: { short_edge: BASE_SHORT_EDGE, aspect_ratio: echo.target.aspect_ratio, duration_seconds: echo.seconds },
    num_outputs_per_prompt: 1,
    num_inference_steps: echo.num_inference_steps,
    flow_shift: echo.flow_shift,
    audio_flow_shift: echo.audio_flow_shift,
    seed: echo.seed,
  };
}

/** `resolution` reads the real size of the delivered file (spec 2.5: the actual result size). */
async function resolutionOf(filePath: string): Promise<string> {
  const info = probeMp4(await readFile(filePath));
  if (!info) throw new Error("the generated file is not a readable MP4");
  return `${info.width}x${info.height}`;
}

/**
 * The one generation worker of spec 3.1 / 8: takes queued jobs in order, downloads and probes
 * their inputs, generates through the inference server over HTTP, then completes the job or hands
 * it to post-processing and moves on to the next job.
 */
export class GenerationWorker {
  private busy = false;
  private paused = false;
  private lifetime = new AbortController();

  constructor(private readonly deps: WorkerDeps) {}

  get isPaused(): boolean {
    return this.paused;
  }

  /** Starts the worker if idle; on the next turn, so a submit still answers with the job `queued`. */
  kick(): void {
    if (this.busy || this.paused) return;
    this.busy = true;
    setImmediate(() => void this.drain());
  }

  /** Holds queued jobs in `queued` (control endpoint); a running job carries on. */
  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    this.kick();
  }

  /** Abandons every job in flight (their records are cleared by the caller). */
  reset(): void {
    this.lifetime.abort();
    this.lifetime = new AbortController();
    this.paused = false;
  }

  close(): void {
    this.lifetime.abort();
  }

  private async drain(): Promise<void> {
    try {
      while (!this.paused) {
        const id = this.deps.queue.shift();
        if (id === undefined) break;
        const job = this.deps.store.get(id);
        if (job) await this.run(job, this.lifetime.signal);
      }
    } finally {
      this.busy = false;
    }
  }

  private async run(job: VideoJob, lifetime: AbortSignal): Promise<void> {
    const settings = this.deps.settings();
    job.status = "running";
    job.startedAtMs = this.deps.clock.nowMs();
    const timeLimitMs = settings.jobTimeoutSeconds * 1000;
    const timeout = AbortSignal.timeout(timeLimitMs);
    const signal = AbortSignal.any([lifetime, timeout]);
    const directory = this.deps.store.directory(job.id);
    try {
      const inputs = await untilAborted(prepareInputs(job.echo.conditions, path.join(directory, "inputs")), signal);
      await mkdir(directory, { recursive: true });
      const basePath = path.join(directory, "base.mp4");
      await this.deps.inference.generate(inferenceBody(job, inputs), basePath, settings.pollIntervalMs, signal);
      if (familyForShortEdge(job.echo.target.short_edge) === "base") {
        await this.complete(job, { filePath: basePath });
      } else {
        // Spec 3.1: `running` covers post-processing, while the generation hardware takes the next job.
        void this.postProcess(job, inputs, signal, timeout);
      }
    } catch (error) {
      await this.fail(job, timeout.aborted ? new TimeLimitExceeded(`time limit of ${settings.jobTimeoutSeconds} s exceeded`) : error, lifetime);
    }
  }

  private async postProcess(job: VideoJob, inputs: PreparedInput[], signal: AbortSignal, timeout: AbortSignal): Promise<void> {
    const outputPath = path.join(this.deps.store.directory(job.id), "upscaled.mp4");
    try {
      await this.deps.upscaler.upscale(job.echo, inputs, outputPath, signal);
      await this.complete(job, { filePath: outputPath, cdnToken: this.deps.store.attachCdnToken(job) });
    } catch (error) {
      const limit = this.deps.settings().jobTimeoutSeconds;
      await this.fail(job, timeout.aborted ? new TimeLimitExceeded(`time limit of ${limit} s exceeded`) : error, signal);
    }
  }

  private async complete(job: VideoJob, result: JobResult): Promise<void> {
    const resolution = await resolutionOf(result.filePath);
    if (!(await this.stillKept(job))) return;
    const now = this.deps.clock.nowMs();
    job.status = "completed";
    job.completedAtMs = now;
    job.resolution = resolution;
    job.result = result;
    // Results are kept for the retention time after completion (spec 8; our reading).
    job.expiresAtMs = now + this.deps.settings().retentionSeconds * 1000;
  }

  private async fail(job: VideoJob, error: unknown, abandoned: AbortSignal): Promise<void> {
    // A reset or shutdown abandons the job silently: its record is already gone.
    if (abandoned.aborted && !(error instanceof TimeLimitExceeded)) return;
    if (!(await this.stillKept(job))) return;
    const now = this.deps.clock.nowMs();
    const detail = error instanceof Error ? error.message : String(error);
    job.status = "failed";
    job.completedAtMs = now;
    // Spec 7.3: media diagnostics may be normalised to generation_failed; the diagnostic heads the message.
    job.error = { code: "generation_failed", message: error instanceof MediaError ? `${error.diagnostic}: ${detail}` : detail };
    job.expiresAtMs = now + this.deps.settings().retentionSeconds * 1000;
  }

  /** False when the job expired meanwhile; its late files are then removed too. */
  private async stillKept(job: VideoJob): Promise<boolean> {
    if (this.deps.store.has(job.id)) return true;
    await rm(this.deps.store.directory(job.id), { recursive: true, force: true });
    return false;
  }
}
