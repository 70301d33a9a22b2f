import type { EmulatorConfig } from "./config";

/** A fixed wait or a [min, max] range picked uniformly, in milliseconds. */
export type Milliseconds = number | readonly [number, number];

const pick = (ms: Milliseconds) =>
  typeof ms === "number" ? ms : ms[0] + Math.random() * (ms[1] - ms[0]);

/** Waits like the real service under the "realistic" profile, briefly under "fast". */
export function delay(config: Pick<EmulatorConfig, "latency">, realisticMs: Milliseconds, fastMs: Milliseconds): Promise<void> {
  const ms = pick(config.latency === "realistic" ? realisticMs : fastMs);
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}
