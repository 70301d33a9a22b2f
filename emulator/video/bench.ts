// Video timings for `npm run bench:emulator` (emulator/bench.ts runs `videoBenchmarkCases`).
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { BenchmarkCase } from "../bench-case";
import { resolveVideoSettings } from "./config";
import { encodeClip, type ClipResult } from "./encode";
import { familyForShortEdge, formatResolution, frameSize } from "./sizes";
import { upscaleFps } from "./upscale";

export interface VideoBenchResult extends ClipResult {
  resolution: string;
  fps: number;
  seconds: number;
  totalMs: number;
}

/**
 * Renders and encodes one clip with the realistic-mode settings the emulator uses: by default a
 * 5 s 16:9 clip at short edge 768 (1344x768, 24 fps); a larger short edge measures the upscale.
 */
export async function benchmarkVideoEncode(opts: { seconds?: number; shortEdge?: number } = {}): Promise<VideoBenchResult> {
  const seconds = opts.seconds ?? 5;
  const family = familyForShortEdge(opts.shortEdge ?? 768);
  const settings = resolveVideoSettings("realistic", {});
  const size = frameSize("16:9", family, settings.mediaScale);
  const fps = family === "base" ? settings.framesPerSecond : upscaleFps(size, seconds, settings);
  const directory = await mkdtemp(path.join(os.tmpdir(), "video-bench-"));
  try {
    const started = performance.now();
    const result = await encodeClip({
      outputPath: path.join(directory, "bench.mp4"),
      ...size,
      fps,
      seconds,
      prompt: "a lighthouse on a cliff at dusk, waves, gulls",
      seed: 1,
      referenceImagePaths: [],
    });
    return { ...result, resolution: formatResolution(size), fps, seconds, totalMs: performance.now() - started };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

export const videoBenchmarkCases: BenchmarkCase[] = [
  {
    name: "video 5 s 1344x768 24 fps (realistic)",
    iterations: 3,
    targetMs: 20_000,
    run: async () => {
      await benchmarkVideoEncode();
    },
  },
  {
    name: "video upscale 5 s 3840x2160 (4K)",
    iterations: 1,
    run: async () => {
      await benchmarkVideoEncode({ shortEdge: 2160 });
    },
  },
];
