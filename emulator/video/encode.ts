import { writeFile } from "node:fs/promises";
import HME from "h264-mp4-encoder";
import { prepareScene, renderFrame, type SceneRequest } from "./render";

export interface ClipRequest extends SceneRequest {
  outputPath: string;
}

export interface ClipResult {
  frames: number;
  bytes: number;
  renderMs: number;
  encodeMs: number;
}

let clipCounter = 0;

/**
 * Renders and encodes one clip to an H.264 MP4 at `outputPath` with the WASM encoder (no ffmpeg
 * needed). Synchronous WASM work: callers run it on an encoder thread (encoder-lane.ts).
 */
export async function encodeClip(request: ClipRequest): Promise<ClipResult> {
  const scene = await prepareScene(request);
  const encoder = await HME.createH264MP4Encoder();
  // The encoder's virtual file system is shared by all encoders of this thread.
  encoder.outputFilename = `clip-${clipCounter++}.mp4`;
  encoder.width = request.width;
  encoder.height = request.height;
  encoder.frameRate = request.fps;
  // Fastest preset; the synthetic frames stay sharp at this quantiser.
  encoder.speed = 10;
  encoder.quantizationParameter = 28;
  encoder.groupOfPictures = request.fps * 2;
  encoder.initialize();
  const frame = new Uint8Array(request.width * request.height * 1.5);
  let renderMs = 0;
  const started = performance.now();
  try {
    for (let index = 0; index < scene.frameCount; index++) {
      const renderStarted = performance.now();
      renderFrame(scene, index, frame);
      renderMs += performance.now() - renderStarted;
      encoder.addFrameYuv(frame);
    }
    encoder.finalize();
    const mp4 = encoder.FS.readFile(encoder.outputFilename);
    encoder.FS.unlink(encoder.outputFilename);
    await writeFile(request.outputPath, mp4);
    return { frames: scene.frameCount, bytes: mp4.byteLength, renderMs, encodeMs: performance.now() - started - renderMs };
  } finally {
    encoder.delete();
  }
}
