// The worker's probe: a cheap GET to each service that is due, where any HTTP answer (even a 404)
// counts as reachable. It is what notices a service's return when no call is being made, so that
// waiting work can go on by itself. No key is sent: the probe needs no permission, only an answer.
import "server-only";
import { settings } from "@/lib/settings";
import { connectionFailureCode } from "./connection-failure";
import { probeTickMs } from "./probe-tick";
import { readReachability, recordReachability, type Reachability } from "./record";
import type { UpstreamService } from "./services";

/** A reachable service is probed this many ticks apart: its calls already tell of a failure. */
const REACHABLE_PROBE_TICKS = 4;
const PROBE_TIMEOUT_MS = 5_000;

/** Code recorded when the probe got no answer in time (no system error code to quote). */
const NO_ANSWER = "no_answer";

/** A service not heard from for its interval: a tick (15 s) while unreachable, four ticks otherwise. */
export function probeDue(state: Reachability, now: Date): boolean {
  const tick = probeTickMs();
  const every = state.reachable ? tick * REACHABLE_PROBE_TICKS : tick;
  // A little slack, so a probe written a tick ago is not skipped for being a few ms too young.
  return now.getTime() - state.checkedAt.getTime() >= every - Math.min(1_000, tick / 2);
}

// Spec 4.4 GET {agent_url}/healthz and spec 4.5 GET {inference_url}/health are the services' own
// health reports; the image endpoints have none (spec 4.1-4.3), so its base URL is asked.
const PROBES: Record<UpstreamService, { base: "IMAGE_API_BASE_URL" | "VIDEO_AGENT_URL" | "VIDEO_INFERENCE_URL"; path: string }> = {
  image: { base: "IMAGE_API_BASE_URL", path: "" },
  video_agent: { base: "VIDEO_AGENT_URL", path: "/healthz" },
  video_inference: { base: "VIDEO_INFERENCE_URL", path: "/health" },
};

/** Undefined for a service the studio is not configured to use. */
function probeUrl(service: UpstreamService): string | undefined {
  const base = settings()[PROBES[service].base];
  return base ? `${base.replace(/\/+$/, "")}${PROBES[service].path}` : undefined;
}

/** Probes the services that are due; returns the ones it probed. */
export async function probeUpstreams(now = new Date()): Promise<UpstreamService[]> {
  const due = (await readReachability()).filter((state) => probeDue(state, now));
  const probed: UpstreamService[] = [];
  await Promise.all(
    due.map(async ({ service }) => {
      const url = probeUrl(service);
      if (!url) return;
      probed.push(service);
      await recordReachability(service, await probeFailure(url));
    }),
  );
  return probed;
}

async function probeFailure(url: string): Promise<string | undefined> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    await response.body?.cancel();
    return undefined;
  } catch (error) {
    return connectionFailureCode(error) ?? NO_ANSWER;
  }
}
