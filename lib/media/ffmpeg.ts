import "server-only";
import ffmpegBinary from "@ffmpeg-installer/ffmpeg";
import ffprobeBinary from "@ffprobe-installer/ffprobe";
import sharp from "sharp";
import { boundedWebp } from "./bounded-webp";
import { parseProbeOutput, type MediaProbe } from "./probe-output";
import { MediaToolError, runTool } from "./run-tool";

// The real ffmpeg and ffprobe, shipped as static binaries inside npm packages (no
// hand-written decoders), so a fresh `npm ci` brings them. Every call has a time limit.

const PROBE_TIMEOUT_MS = 20_000;
const POSTER_TIMEOUT_MS = 30_000;
/** A 15 s 4K result scaled to 720p takes well under a minute on two cores; this only stops a stuck run. */
const CONVERT_TIMEOUT_MS = 10 * 60_000;

/** Longest side of a poster frame: it is the asset's thumbnail, shown in grids and the player's poster. */
const POSTER_EDGE = 640;

type ToolOptions = { signal?: AbortSignal };

/** A path as the tools must read it: never as an option (a leading "-") or a protocol ("http:", "concat:"). */
function fileArgument(filePath: string): string {
  return `file:${filePath}`;
}

/** Container, duration and first picture and sound streams of the file, from its bytes (not its name). */
export async function probeMedia(filePath: string, { signal }: ToolOptions = {}): Promise<MediaProbe> {
  const output = await runTool(ffprobeBinary.path, ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", fileArgument(filePath)], {
    timeoutMs: PROBE_TIMEOUT_MS,
    signal,
  });
  try {
    return parseProbeOutput(output.toString("utf8"));
  } catch (error) {
    throw new MediaToolError(`ffprobe gave no readable report (${error instanceof Error ? error.message : String(error)})`, "", "refused");
  }
}

/**
 * One frame at `atSeconds` (default: the first), upright and at most POSTER_EDGE px on its long
 * side, as WebP. When the clip ends before `atSeconds`, its first frame. Throws MediaToolError
 * ("refused") when the file has no frame that decodes.
 */
export async function extractPosterFrame(filePath: string, { atSeconds = 0, signal }: { atSeconds?: number } & ToolOptions = {}): Promise<Buffer> {
  let png = await frameAt(filePath, atSeconds, signal);
  if (png.length === 0 && atSeconds > 0) png = await frameAt(filePath, 0, signal);
  if (png.length === 0) throw new MediaToolError("ffmpeg found no picture to make a poster frame from", "", "refused");
  return boundedWebp(sharp(png), POSTER_EDGE);
}

function frameAt(filePath: string, atSeconds: number, signal: AbortSignal | undefined): Promise<Buffer> {
  // ffmpeg turns frames upright itself (autorotate); scaling there keeps a 4K frame out of memory.
  const fit = `scale=w='min(${POSTER_EDGE},iw)':h='min(${POSTER_EDGE},ih)':force_original_aspect_ratio=decrease`;
  return runTool(
    ffmpegBinary.path,
    ["-v", "error", "-nostdin", "-ss", String(atSeconds), "-i", fileArgument(filePath), "-map", "0:v:0", "-frames:v", "1", "-vf", fit, "-f", "image2pipe", "-c:v", "png", "pipe:1"],
    { timeoutMs: POSTER_TIMEOUT_MS, signal },
  );
}

/**
 * The clip re-encoded to exactly `size` (even sides, as H.264 in 4:2:0 needs): scaled to cover the
 * frame and centre-cropped, so a 1344x768 clip becomes a true 1280x720 ("720p delivery", spec 8:
 * generate at a supported size, convert afterwards). H.264 (libx264, yuv420p) in MP4 with the index first (`+faststart`, so players start
 * before the whole file arrives); the sound, if any, copied as it is.
 */
export async function convertToSize(inputPath: string, outputPath: string, size: { width: number; height: number }, { signal }: ToolOptions = {}): Promise<void> {
  const [width, height] = [size.width, size.height].map((side) => 2 * Math.round(side / 2));
  const scale = `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},setsar=1`;
  await runTool(
    ffmpegBinary.path,
    [
      ...["-v", "error", "-nostdin", "-y", "-i", fileArgument(inputPath)],
      ...["-map", "0:v:0", "-map", "0:a:0?", "-vf", scale],
      ...["-c:v", "libx264", "-preset", "medium", "-crf", "20", "-pix_fmt", "yuv420p"],
      ...["-c:a", "copy", "-movflags", "+faststart", "-f", "mp4", fileArgument(outputPath)],
    ],
    { timeoutMs: CONVERT_TIMEOUT_MS, signal },
  );
}
