import "server-only";
import type { VideoJob } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import { settings } from "@/lib/settings";
import { agentReachesInputs, inputBaseUrl } from "./agent-request";
import { onVideoSyncWake } from "@/lib/wakeups/video-sync-wake";
import { stepVideo } from "./sync-steps";
import { startWakeListener } from "@/lib/wakeups/listener";
import { claimDueVideos, nextDueAt, releaseAllLeases, renewLeases, VIDEO_LEASE_MS } from "./video-lease";

// The video sync: runs in every worker process (lib/engine/worker) and tracks every video job to its
// end whether or not a browser is open. Each tick claims the jobs that are due (lib/videos/video-lease:
// one worker per job at a time) and takes one step on each (lib/videos/sync-steps); their next poll
// time lives in the database, so pages read the studio's rows and cause no upstream traffic however
// many are open. Between ticks it sleeps until the next job falls due, or until a web process
// announces a new job (lib/wakeups/channel) or a step of its own ends.

/**
 * The longest sleep between ticks: what a missed announcement (its listener reconnecting) or a job
 * changed by hand in the database waits at most.
 */
const MAX_SLEEP_MS = 15_000;
/** The shortest: jobs due together are claimed in one tick. */
const MIN_SLEEP_MS = 20;
/** Jobs one process works on at once (a step may be a long download). */
const MAX_IN_FLIGHT = 8;

type Worker = { timer?: NodeJS.Timeout; renew: NodeJS.Timeout; inFlight: Map<string, AbortController>; ticking: boolean; again: boolean; stopped: boolean };

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
    renew: setInterval(() => void renewLeases([...worker.inFlight.keys()]).catch((error: unknown) => log.warn({ err: error }, "video lease renewal failed")), VIDEO_LEASE_MS / 3),
    inFlight: new Map(),
    ticking: false,
    again: false,
    stopped: false,
  };
  worker.renew.unref();
  holder.studioVideoSync = worker;
  onVideoSyncWake(() => void tick(worker));
  startWakeListener();
  void tick(worker);
}

/** Stops this process's worker, aborting the steps under way (their jobs are taken up again from their rows). */
export async function stopVideoSync(): Promise<void> {
  const worker = holder.studioVideoSync;
  if (!worker) return;
  worker.stopped = true;
  clearTimeout(worker.timer);
  clearInterval(worker.renew);
  onVideoSyncWake(undefined);
  holder.studioVideoSync = undefined;
  for (const controller of worker.inFlight.values()) controller.abort();
  while (worker.inFlight.size > 0) await new Promise((resolve) => setTimeout(resolve, 10));
}

async function tick(worker: Worker): Promise<void> {
  if (worker.stopped) return;
  if (worker.ticking) {
    // A wake-up during a tick may announce a job the tick's claim did not see: look once more after it.
    worker.again = true;
    return;
  }
  worker.ticking = true;
  clearTimeout(worker.timer);
  let sleepMs = MAX_SLEEP_MS;
  try {
    do {
      worker.again = false;
      const claimed = await claimDueVideos(MAX_IN_FLIGHT - worker.inFlight.size);
      for (const video of claimed) start(worker, video);
    } while (worker.again && !worker.stopped);
    // With every place taken, the next tick comes when a step ends.
    if (worker.inFlight.size < MAX_IN_FLIGHT) {
      const due = await nextDueAt();
      if (due) sleepMs = due.getTime() - Date.now();
    }
  } catch (error) {
    log.warn({ err: error }, "video sync tick failed");
    sleepMs = settings().VIDEO_POLL_INTERVAL_MS;
  } finally {
    worker.ticking = false;
  }
  if (worker.stopped) return;
  worker.timer = setTimeout(() => void tick(worker), Math.min(MAX_SLEEP_MS, Math.max(MIN_SLEEP_MS, sleepMs)));
  worker.timer.unref();
}

function start(worker: Worker, video: VideoJob): void {
  const controller = new AbortController();
  worker.inFlight.set(video.id, controller);
  void stepVideo(video, controller.signal)
    .catch((error: unknown) => log.error({ err: error, videoJobId: video.id }, "video sync step could not be recorded; the lease runs out and the job is taken up again"))
    .finally(() => {
      worker.inFlight.delete(video.id);
      // The step saved the job's next poll time (or freed a place): the sleep is worked out again.
      void tick(worker);
    });
}
