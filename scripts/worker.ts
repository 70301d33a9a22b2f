// The studio's worker process (`npm run start:worker`; `npm start` runs one beside the web server):
// background work outside Next's bundles (lib/engine/worker). Run with the react-server condition,
// as the studio's server modules expect. SIGTERM or SIGINT stops it cleanly: video steps under way
// are aborted and taken up again from their rows by the next worker; image jobs under way end
// interrupted (their upstream call is not idempotent), with Run again.
import { env } from "../lib/env";
import { log } from "../lib/log";
import { dataDir } from "../lib/data-dir";
import { loadSettings, settings } from "../lib/settings";
import { agreeOnSharedSecrets } from "../lib/shared-secrets";
import { startWorker } from "../lib/engine/worker";

async function main() {
  // A worker started on its own (several instances) takes the secrets every instance shares; one
  // started by `npm start` is given them and only checks that they agree.
  const { DATABASE_URL, AUTH_SECRET, ASSET_SIGNING_KEY } = settings();
  if (DATABASE_URL) {
    Object.assign(process.env, await agreeOnSharedSecrets({ databaseUrl: DATABASE_URL, given: { AUTH_SECRET, ASSET_SIGNING_KEY }, dataDir: dataDir() }));
    loadSettings();
  }
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
