// The shape of one benchmark, shared by the image and video benchmark lists (emulator/bench.ts runs them).
import type { RunningEmulator } from "./core/server";

export interface BenchmarkContext {
  /** A fast-latency emulator on free ports, started on first use and closed at the end. */
  emulator(): Promise<RunningEmulator>;
}

export interface BenchmarkCase {
  name: string;
  iterations: number;
  /** Upper bound for the median, in milliseconds, when the case has a target. */
  targetMs?: number;
  run(context: BenchmarkContext): Promise<void>;
}
