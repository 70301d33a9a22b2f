// The studio's worker process (`npm run start:worker`; `npm start` runs one beside the web server):
// background work outside Next's bundles (lib/engine/worker). Run with the react-server condition,
// as the studio's server modules expect. SIGTERM or SIGINT stops it cleanly: video steps under way
// are aborted and taken up again from their rows by the next worker; image jobs under way end
// interrupted (their upstream call is not idempotent), with Run again.
import { env } from "../lib/env";
import { log } from "../lib/log";
import { settings } from "../lib/settings";
import { startWorker } from "../lib/engine/worker";

async function main() {
  env();
  const worker = await startWorker({ singleProcess: settings().STUDIO_SINGLE_INSTANCE });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await worker.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

main().catch((error: unknown) => {
  log.error({ err: error }, "the worker failed to start");
  process.exit(1);
});
