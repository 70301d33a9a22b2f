// `npm run build` (and `npm start` when the sources changed): Next's production build, then a brotli
// copy of each of its static scripts and stylesheets, which the web server sends to browsers that
// take brotli (lib/http/precompressed-static).
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { precompressStatic } from "../lib/http/precompressed-static";
import { buildDir } from "./build-dir";

const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
const distDir = buildDir();

async function main() {
  const build = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (build.status !== 0) throw new Error(`next build failed (exit code ${build.status ?? build.signal})`);
  const started = performance.now();
  const { files, bytes, compressedBytes } = await precompressStatic(distDir);
  const kB = (count: number) => `${(count / 1024).toFixed(0)} kB`;
  process.stdout.write(
    `[studio] brotli copies of ${files} static files: ${kB(bytes)} → ${kB(compressedBytes)} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`[studio] the build failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
