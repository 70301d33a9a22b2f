import "server-only";
import { spawn } from "node:child_process";
import { hasErrorName } from "@/lib/error-name";

/** How much of a failed tool's stderr an error keeps: its last lines say why, the rest is its banner. */
const STDERR_TAIL_CHARS = 2000;

/**
 * Why a run failed: the tool refused the input (a non-zero exit), it ran out of time (a damaged or
 * hostile file can make it spin), or it could not start at all (the studio's fault, not the file's).
 */
type MediaToolFailure = "refused" | "timed_out" | "not_started";

/** The media tool failed; `stderrTail` is the end of what it said. */
export class MediaToolError extends Error {
  override readonly name = "MediaToolError";
  constructor(
    message: string,
    readonly stderrTail: string,
    readonly failure: MediaToolFailure,
  ) {
    super(stderrTail ? `${message}: ${stderrTail}` : message);
  }
}

export function isMediaToolError(error: unknown): error is MediaToolError {
  return hasErrorName(error, "MediaToolError");
}

type RunOptions = { timeoutMs: number; signal?: AbortSignal };

/**
 * Runs `binary` with `args` (no shell: file names are never parsed as commands) and answers its
 * stdout. The process is killed (SIGKILL) when the timeout passes or the signal aborts, so a file that
 * makes the tool hang never holds a request or a video step.
 */
export function runTool(binary: string, args: readonly string[], { timeoutMs, signal }: RunOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const child = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"] });
    const stdout: Buffer[] = [];
    let stderr = "";
    let stopped: string | undefined;
    const stop = (why: string) => {
      stopped ??= why;
      child.kill("SIGKILL");
    };
    const timer = setTimeout(() => stop(`timed out after ${timeoutMs} ms`), timeoutMs);
    const onAbort = () => stop("was cancelled");
    signal?.addEventListener("abort", onAbort, { once: true });
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-STDERR_TAIL_CHARS);
    });
    const name = binary.split("/").at(-1) ?? binary;
    const settle = (error?: Error) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      if (error) reject(error);
      else resolve(Buffer.concat(stdout));
    };
    child.once("error", (error) => settle(new MediaToolError(`${name} could not start (${error.message})`, "", "not_started")));
    child.once("close", (code) => {
      const tail = stderr.trim();
      if (stopped) settle(signal?.aborted ? (signal.reason as Error) : new MediaToolError(`${name} ${stopped}`, tail, "timed_out"));
      else if (code !== 0) settle(new MediaToolError(`${name} exited with code ${code}`, tail, "refused"));
      else settle();
    });
  });
}
