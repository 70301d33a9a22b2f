// Pure: the words of a followed request's progress (components/images/generation-progress).
import type { RunningGeneration } from "./use-generation-job";

type Run = Pick<RunningGeneration, "stage" | "position" | "held" | "note">;

export function progressHeadline(run: Run): string {
  switch (run.stage) {
    case "sending":
      return "Sending request…";
    case "queued":
      return "Starting…";
    case "waiting":
      return run.held ? "Waiting for the service to return" : `Waiting, position ${run.position ?? 1} in line`;
    case "generating":
      return "Generating…";
    case "storing":
      return "Saving the image…";
  }
}

/** `service`: the model as the designer knows it ("alpha v3"), named while the request waits in line. */
export function progressDetail(run: Run, service: string): string {
  // A job held by an unreachable service says so, since when, and that it goes on by itself.
  if (run.held) return run.held;
  if (run.stage === "waiting") return `The studio runs a few ${service} requests at a time; yours starts as soon as a slot frees up.`;
  if (run.stage === "storing") return "Copying the result into the studio's storage.";
  return run.note ?? "It keeps running if you leave this page; the activity button shows it.";
}
