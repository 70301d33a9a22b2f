import { setTimeout as sleep } from "node:timers/promises";
import type { VideoSettings } from "./config";
import type { EncoderLane } from "./encoder-lane";
import type { PreparedInput } from "./media-inputs";
import { sceneInputs } from "./scene-inputs";
import { familyForShortEdge, frameSize, type FrameSize } from "./sizes";
import type { VideoEcho } from "./submit-request";

/** Rejects as soon as `signal` aborts, whether or not `work` is done. */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

// Lowest frame rate the pixel budget may push an upscale down to.
const MIN_UPSCALE_FPS = 8;

/**
 * Frame rate of an upscaled clip: the normal rate unless width x height x frames would pass the
 * pixel budget, which bounds the time of 4K (and long 2K) upscales in realistic mode.
 */
export function upscaleFps(size: FrameSize, seconds: number, settings: Pick<VideoSettings, "framesPerSecond" | "upscalePixelBudget">): number {
  const affordable = Math.floor(settings.upscalePixelBudget / (size.width * size.height * seconds));
  return Math.min(settings.framesPerSecond, Math.max(MIN_UPSCALE_FPS, affordable));
}

/**
 * The external post-processing step of spec 1 / 4.4: re-renders the job's deterministic clip at
 * the fixed size of its family (1080p, 2K, 4K) on its own encoder thread, so the generation
 * worker is free for the next job meanwhile (spec 3.1).
 */
export class Upscaler {
  private paused = false;
  private waiting: (() => void)[] = [];

  constructor(
    private readonly lane: EncoderLane,
    private readonly settings: () => VideoSettings,
  ) {}

  /** Holds upscales before they start (control endpoint), so tests can watch `running` jobs. */
  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    for (const wake of this.waiting.splice(0)) wake();
  }

  get isPaused(): boolean {
    return this.paused;
  }

  async upscale(echo: VideoEcho, inputs: PreparedInput[], outputPath: string, signal: AbortSignal): Promise<FrameSize> {
    if (this.paused) await untilAborted(new Promise<void>((resolve) => this.waiting.push(resolve)), signal);
    const started = Date.now();
    const settings = this.settings();
    const size = frameSize(echo.target.aspect_ratio, familyForShortEdge(echo.target.short_edge), settings.mediaScale);
    await untilAborted(
      this.lane.encode({
        outputPath,
        ...size,
        fps: upscaleFps(size, echo.seconds, settings),
        seconds: echo.seconds,
        prompt: echo.prompt,
        seed: echo.seed,
        ...sceneInputs(inputs),
      }),
      signal,
    );
    const remainingMs = started + settings.upscaleSeconds * 1000 - Date.now();
    if (remainingMs > 0) await sleep(remainingMs, undefined, { signal });
    return size;
  }
}
