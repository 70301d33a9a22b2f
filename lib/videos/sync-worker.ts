import "server-only";
import type { VideoJob } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import { settings } from "@/lib/settings";
import { agentReachesInputs, inputBaseUrl } from "./agent-request";
import { onVideoSyncWake } from "@/lib/wakeups/video-sync-wake";
import { stepVideo } from "./sync-steps";
import { claimDueVideos, releaseAllLeases, renewLeases, VIDEO_LEASE_MS } from "./video-lease";

// The video sync worker (issue 11): runs in every studio process (started once, from
// instrumentation.ts), and tracks every video job to its end whether or not a browser is open. Each
// tick claims the jobs that are due (lib/videos/video-lease: one instance per job at a time) and
// takes one step on each (lib/videos/sync-steps); their next poll time lives in the database, so
// pages read the studio's rows and cause no upstream traffic however many are open.

/** Due jobs are looked for this often (at least as often as a running job is polled). */
const tickMs = () => Math.min(1_000, settings().VIDEO_POLL_INTERVAL_MS);
/** Jobs one process works on at once (a step may be a long download). */
const MAX_IN_FLIGHT = 8;

type Worker = { timer: NodeJS.Timeout; renew: NodeJS.Timeout; inFlight: Map<string, AbortController>; ticking: boolean };

const holder = globalThis as typeof globalThis & { studioVideoSync?: Worker };

/** Starts this process's worker (once; later calls do nothing). With the embedded database the last run's leases are void at once. */
export async function startVideoSync(options: { singleProcess: boolean }): Promise<void> {
  if (holder.studioVideoSync) return;
  const { VIDEO_AGENT_URL } = settings();
  if (!VIDEO_AGENT_URL) return;
  if (!agentReachesInputs(VIDEO_AGENT_URL)) {
    log.warn({ inputBaseUrl: inputBaseUrl(), agent: VIDEO_AGENT_URL }, "the video agent is not on this machine and STUDIO_PUBLIC_URL is unset: it cannot download input files (keyframes, references) from the studio");
  }
  if (options.singleProcess) await releaseAllLeases();
  const worker: Worker = {
    timer: setInterval(() => void tick(worker), tickMs()),
    renew: setInterval(() => void renewLeases([...worker.inFlight.keys()]).catch((error: unknown) => log.warn({ err: error }, "video lease renewal failed")), VIDEO_LEASE_MS / 3),
    inFlight: new Map(),
    ticking: false,
  };
  worker.timer.unref();
  worker.renew.unref();
  holder.studioVideoSync = worker;
  onVideoSyncWake(() => void tick(worker));
  void tick(worker);
}

/** Stops this process's worker, aborting the steps under way (their jobs are taken up again from their rows). */
export async function stopVideoSync(): Promise<void> {
  const worker = holder.studioVideoSync;
  if (!worker) return;
  clearInterval(worker.timer);
  clearInterval(worker.renew);
  onVideoSyncWake(undefined);
  holder.studioVideoSync = undefined;
  for (const controller of worker.inFlight.values()) controller.abort();
  while (worker.inFlight.size > 0) await new Promise((resolve) => setTimeout(resolve, 10));
}

async function tick(worker: Worker): Promise<void> {
  if (worker.ticking) return;
  worker.ticking = true;
  try {
    const claimed = await claimDueVideos(MAX_IN_FLIGHT - worker.inFlight.size);
    for (const video of claimed) start(worker, video);
  } catch (error) {
    log.warn({ err: error }, "video sync tick failed");
  } finally {
    worker.ticking = false;
  }
}

function start(worker: Worker, video: VideoJob): void {
  const controller = new AbortController();
  worker.inFlight.set(video.id, controller);
  void stepVideo(video, controller.signal)
    .catch((error: unknown) => log.error({ err: error, videoJobId: video.id }, "video sync step could not be recorded; the lease runs out and the job is taken up again"))
    .finally(() => worker.inFlight.delete(video.id));
}
