import "server-only";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { IMAGE_PIXEL_LIMIT } from "./upload-limits";

/** Pixels as RGBA, 8 bits a channel, rows top to bottom, already turned upright (HEIF `irot`/`imir`). */
export type RgbaImage = { data: Buffer; width: number; height: number };

/**
 * What one libheif-js decode may take. The header check (heif-size.ts) bounds what a well-formed
 * file declares; these bound what a file that lies to the decoder can make it do (an HEVC stream
 * larger than its `ispe`, a decode that never ends). A photo at the pixel limit (8192×8192) peaks
 * at 800 MB in the decoder's process and takes 8 CPU-seconds (27 s on a busy two-core machine).
 */
export const HEIF_DECODE_LIMITS = { timeoutMs: 90_000, maxMemoryBytes: 1024 * 1024 * 1024 } as const;

export type HeifDecodeLimits = { timeoutMs: number; maxMemoryBytes: number };

/** HEIF_DECODE_LIMITS as a rule in a refusal: "must …". */
export const HEIF_DECODE_RULE = `decode within ${HEIF_DECODE_LIMITS.timeoutMs / 1000} s and ${HEIF_DECODE_LIMITS.maxMemoryBytes / 2 ** 20} MB`;

/** The decode went past a limit of HEIF_DECODE_LIMITS; `code` tells it apart from a damaged file. */
class HeifDecodeLimitError extends Error {
  readonly code = "decode_limit";
}

/** How often the decoder's resident memory is read: at libheif's allocation pace, overshoot stays in tens of MB. */
const MEMORY_POLL_MS = 20;

// The decoder runs in a child process rather than a worker thread: WebAssembly memory is not
// bounded by V8's heap limits (a worker's `resourceLimits` do not see it), and only a process can be
// killed at a memory limit with everything it holds returned at once. It loads heic-decode itself,
// resolved from the project's root (where `npm start`, tsx and Vitest all run): a resolution written
// in this module would be rewritten by the server bundler. It answers the width and height (32-bit
// each) and then the pixels on stdout.
const DECODER_SOURCE = `
const decode = require("node:module").createRequire(process.argv[1])("heic-decode");
const chunks = [];
process.stdin.on("data", (chunk) => chunks.push(chunk));
process.stdin.on("end", () => decode({ buffer: Buffer.concat(chunks) }).then(
  (image) => {
    const size = Buffer.alloc(8);
    size.writeUInt32BE(image.width, 0);
    size.writeUInt32BE(image.height, 4);
    process.stdout.write(size);
    process.stdout.write(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength));
  },
  (error) => {
    process.stderr.write(String((error && error.message) || error));
    process.exitCode = 1;
  },
));`;

/** The most bytes a decode within the pixel limit can answer: more is not an image the studio takes. */
const MAX_ANSWER_BYTES = 8 + IMAGE_PIXEL_LIMIT.maxPixels * 4;

/**
 * The file decoded by heic-decode (libheif-js, WebAssembly, with an HEVC decoder) in a child process
 * of its own, killed when it runs past `limits` (HeifDecodeLimitError). The child gets no
 * environment but NODE_ENV: it never sees the studio's keys.
 */
export function decodeInProcess(file: Uint8Array, limits: HeifDecodeLimits): Promise<RgbaImage> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["-e", DECODER_SOURCE, path.join(process.cwd(), "package.json")], { stdio: ["pipe", "pipe", "pipe"], env: { NODE_ENV: process.env.NODE_ENV } });
    const answer: Buffer[] = [];
    let answerBytes = 0;
    let stderr = "";
    let stopped: Error | undefined;
    const stop = (why: Error) => {
      stopped ??= why;
      child.kill("SIGKILL");
    };
    const timer = setTimeout(() => stop(new HeifDecodeLimitError(`decoding took longer than ${limits.timeoutMs / 1000} s`)), limits.timeoutMs);
    const watch = setInterval(() => {
      const resident = residentBytes(child.pid);
      if (resident > limits.maxMemoryBytes) stop(new HeifDecodeLimitError(`decoding needed more than ${Math.round(limits.maxMemoryBytes / 2 ** 20)} MB`));
    }, MEMORY_POLL_MS);
    child.stdout.on("data", (chunk: Buffer) => {
      answerBytes += chunk.length;
      if (answerBytes > MAX_ANSWER_BYTES) stop(new HeifDecodeLimitError("the decoder answered more pixels than the studio's limit"));
      else answer.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString("utf8")).slice(-2000)));
    // A decoder that died early closes its stdin: the write error is the exit's to report.
    child.stdin.on("error", () => {});
    child.stdin.end(file);
    child.once("error", (error) => stop(error));
    child.once("close", (code) => {
      clearTimeout(timer);
      clearInterval(watch);
      if (stopped) return reject(stopped);
      if (code !== 0) return reject(new Error(stderr.trim() || `the HEIF decoder stopped (exit code ${code})`));
      const bytes = Buffer.concat(answer);
      const width = bytes.length >= 8 ? bytes.readUInt32BE(0) : 0;
      const height = bytes.length >= 8 ? bytes.readUInt32BE(4) : 0;
      if (width === 0 || height === 0 || bytes.length !== 8 + width * height * 4) return reject(new Error("the HEIF decoder answered no whole image"));
      resolve({ data: bytes.subarray(8), width, height });
    });
  });
}

/** The process's resident memory from /proc (Linux); 0 where that cannot be read, so only the timeout applies. */
function residentBytes(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const residentPages = Number(readFileSync(`/proc/${pid}/statm`, "latin1").split(" ")[1]);
    return Number.isFinite(residentPages) ? residentPages * 4096 : 0;
  } catch {
    return 0;
  }
}
