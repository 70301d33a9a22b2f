// `npm run bench:emulator`: timings of the emulator's media generation, printed as a table.
// Add a case by appending to `benchmarkCases` (video cases included); each gets a shared context.
import { pathToFileURL } from "node:url";
import { renderEdit } from "./image/edit";
import { renderImage } from "./image/render";
import { download, postJson, startTestEmulator, V3_PATH } from "./image/test-support";
import { videoBenchmarkCases } from "./video/bench";
import type { BenchmarkCase, BenchmarkContext } from "./bench-case";
import type { RunningEmulator } from "./core/server";

const prompt = "a lighthouse on a cliff at dusk, waves, gulls, 16:9";

/** Rendering one square image of `side` pixels, without HTTP. */
function renderCase(side: number, format: "png" | "jpeg", iterations: number): BenchmarkCase {
  return {
    name: `render ${side}x${side} ${format.toUpperCase()}`,
    iterations,
    run: async () => {
      await renderImage({ width: side, height: side, prompt, seed: "1", format });
    },
  };
}

export const benchmarkCases: BenchmarkCase[] = [
  {
    name: "render 1024x1024 PNG",
    iterations: 10,
    targetMs: 300,
    run: async () => {
      await renderImage({ width: 1024, height: 1024, prompt, seed: "1", format: "png", cornerMark: "bench" });
    },
  },
  renderCase(1024, "jpeg", 10),
  renderCase(2048, "png", 5),
  renderCase(4096, "png", 3),
  {
    name: "edit 1536x1536 PNG (v3.5 turn 2)",
    iterations: 5,
    run: async () => {
      const base = await renderImage({ width: 1536, height: 1536, prompt, seed: "1", format: "png" });
      await renderEdit({ base, width: 1536, height: 1536, instruction: "make it night", format: "png" });
    },
  },
  {
    name: "HTTP alpha v3 1024x1024 + download",
    iterations: 10,
    run: async (context) => {
      const { urls } = await context.emulator();
      const { body } = await postJson(urls.image, V3_PATH, { model: "alpha-image-v3", prompt, size: "1024x1024", seed: 3 });
      await download(body.data[0].url);
    },
  },
  ...videoBenchmarkCases,
];

const percentile = (sorted: number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];

export async function runBenchmarks(cases: readonly BenchmarkCase[] = benchmarkCases): Promise<boolean> {
  let emulator: Promise<RunningEmulator> | undefined;
  const context: BenchmarkContext = { emulator: () => (emulator ??= startTestEmulator()) };
  let allWithinTarget = true;
  try {
    console.log(["case".padEnd(40), "runs", "median ms", "p90 ms", "max ms", "target"].join("  "));
    for (const benchmark of cases) {
      await benchmark.run(context); // warm-up: first use loads fonts, codecs and the server
      const timings: number[] = [];
      for (let i = 0; i < benchmark.iterations; i += 1) {
        const started = performance.now();
        await benchmark.run(context);
        timings.push(performance.now() - started);
      }
      timings.sort((a, b) => a - b);
      const median = percentile(timings, 0.5);
      const verdict =
        benchmark.targetMs === undefined ? "" : median <= benchmark.targetMs ? `< ${benchmark.targetMs} ok` : `> ${benchmark.targetMs} MISSED`;
      if (benchmark.targetMs !== undefined && median > benchmark.targetMs) allWithinTarget = false;
      console.log(
        [
          benchmark.name.padEnd(40),
          String(benchmark.iterations).padStart(4),
          median.toFixed(1).padStart(9),
          percentile(timings, 0.9).toFixed(1).padStart(6),
          timings[timings.length - 1].toFixed(1).padStart(6),
          verdict,
        ].join("  "),
      );
    }
  } finally {
    if (emulator) await (await emulator).close();
  }
  return allWithinTarget;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const ok = await runBenchmarks();
  process.exitCode = ok ? 0 : 1;
}

