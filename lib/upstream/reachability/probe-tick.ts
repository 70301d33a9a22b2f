import { settings } from "@/lib/settings";

/** How often the worker looks for due probes; also how often an unreachable service is probed. */
export function probeTickMs(): number {
  return settings().UPSTREAM_PROBE_TICK_MS;
}
