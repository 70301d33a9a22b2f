import path from "node:path";
import ffmpegBinary from "@ffmpeg-installer/ffmpeg";
import { runTool } from "./run-tool";

// Small real media for tests, made by ffmpeg from its built-in sources (lavfi testsrc and sine):
// a few tenths of a second each, so no binary fixtures are kept in the repository.

type ClipOptions = { width: number; height: number; fps: number; seconds: number; audio?: boolean; rotate?: 90 | 270 };

/** An H.264 clip (MP4 or MOV by `name`'s extension), with a sine tone when `audio`. */
export async function makeClip(directory: string, name: string, options: ClipOptions): Promise<string> {
  const output = path.join(directory, name);
  const picture = ["-f", "lavfi", "-i", `testsrc=size=${options.width}x${options.height}:rate=${options.fps}:duration=${options.seconds}`];
  const sound = options.audio ? ["-f", "lavfi", "-i", `sine=frequency=440:duration=${options.seconds}`, "-c:a", "aac"] : [];
  const encoded = options.rotate ? path.join(directory, `upright-${name}`) : output;
  await ffmpeg([...picture, ...sound, "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", encoded]);
  // This ffmpeg writes a rotation only when it copies streams, not while it encodes them.
  if (options.rotate) await ffmpeg(["-i", encoded, "-c", "copy", "-metadata:s:v:0", `rotate=${options.rotate}`, output]);
  return output;
}

/** A sine tone as WAV or MP3 (by `name`'s extension). */
export async function makeTone(directory: string, name: string, seconds: number): Promise<string> {
  const output = path.join(directory, name);
  await ffmpeg(["-f", "lavfi", "-i", `sine=frequency=440:duration=${seconds}`, output]);
  return output;
}

function ffmpeg(args: string[]) {
  return runTool(ffmpegBinary.path, ["-v", "error", "-nostdin", "-y", ...args], { timeoutMs: 60_000 });
}
