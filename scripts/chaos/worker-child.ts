import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const REPO_ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * The studio's worker as a real child process (`npm run start:worker`), so that a SIGKILL takes it
 * down the way a crash or an OOM kill would: no shutdown code runs.
 */
export class WorkerChild {
  private child: ChildProcess | undefined;

  constructor(private readonly env: Record<string, string>) {}

  start(): void {
    this.child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/worker.ts"], {
      cwd: REPO_ROOT,
      // One worker at a time on the database, as `npm start` runs it (and starts it again when it dies).
      env: { ...process.env, ...this.env, STUDIO_SINGLE_INSTANCE: "1" },
      stdio: ["ignore", "ignore", "inherit"],
    });
  }

  /** SIGKILL, resolved once the process is gone. */
  kill(): Promise<void> {
    return this.signal("SIGKILL");
  }

  /** SIGTERM (a clean stop), resolved once the process is gone. */
  stop(): Promise<void> {
    return this.signal("SIGTERM");
  }

  private async signal(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill(signal);
    await exited;
  }
}
