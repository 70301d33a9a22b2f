import "server-only";
import pg from "pg";
import { databaseUrlInUse } from "@/lib/db/client";
import { log } from "@/lib/log";
import { DELAYED_WORK_SENT_CHANNEL, IMAGE_RUN_SENT_CHANNEL, JOB_CANCEL_CHANNEL, JOB_STREAM_WAKE_CHANNEL, UPSTREAMS_CHANGED_CHANNEL } from "./channel";
import { wakeEveryDelayedWork, wakeForDelayedWork } from "./delayed-work-wake";
import { wakeEveryImageRunner, wakeImageRunner } from "./image-run-wake";
import { wakeJobCancel } from "./job-cancel-wake";
import { processWakeups, setListening, wakeForUpstreamChange, wakeUserStreams, type WakeListener } from "./process-wakeups";
import { reconnectDelayMs } from "./reconnect-delay";

// One connection per process LISTENs for wake-ups (lib/wakeups/channel): it wakes the job streams
// of the user each names (every stream, for a change of an upstream's reachability), and the process's job runner (a worker's) when a job's owner cancels it or
// an image job's run is sent, or work is sent to come due later. It is a client of its own, not one of the Prisma pool's: a pooled
// connection is handed to other queries, and a LISTEN belongs to its session. When it drops, streams
// poll until it is back; it never takes the process down.

/** How the listener shows in pg_stat_activity. */
export const WAKE_LISTENER_APPLICATION_NAME = "studio job stream wake-ups";

type ListenerOptions = {
  /** The wait before connecting again after `failures` failures in a row. */
  retryDelayMs?: (failures: number) => number;
};

/** Starts this process's listener unless it is running (the first job stream starts it, or the server at start). */
export function startWakeListener(options: ListenerOptions = {}): void {
  const state = processWakeups();
  state.listener ??= runListener(options.retryDelayMs ?? reconnectDelayMs);
}

/** Stops this process's listener (the server is stopping); its streams poll until one is started again. */
export async function stopWakeListener(): Promise<void> {
  const state = processWakeups();
  const listener = state.listener;
  state.listener = undefined;
  await listener?.stop();
}

function runListener(retryDelayMs: (failures: number) => number): WakeListener {
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;
  let stopped = false;

  function attempt(): void {
    retry = undefined;
    let connection: pg.Client;
    try {
      connection = new pg.Client({ connectionString: databaseUrlInUse(), application_name: WAKE_LISTENER_APPLICATION_NAME });
    } catch (error) {
      // No database to reach (none configured yet): a failed attempt like any other.
      retryLater(error);
      return;
    }
    current = connection;
    // Errors after connecting come as events; with nobody listening, an "error" event crashes the process.
    connection.on("error", (error) => lost(connection, error));
    connection.on("end", () => lost(connection));
    connection.on("notification", ({ channel, payload }) => {
      if (channel === JOB_STREAM_WAKE_CHANNEL && payload) wakeUserStreams(payload);
      if (channel === JOB_CANCEL_CHANNEL && payload) wakeJobCancel(payload);
      if (channel === IMAGE_RUN_SENT_CHANNEL) wakeImageRunner();
      if (channel === UPSTREAMS_CHANGED_CHANNEL) wakeForUpstreamChange();
      if (channel === DELAYED_WORK_SENT_CHANNEL && payload) wakeForDelayedWork(payload);
    });
    listen(connection).catch((error: unknown) => lost(connection, error));
  }

  async function listen(connection: pg.Client): Promise<void> {
    await connection.connect();
    await connection.query([JOB_STREAM_WAKE_CHANNEL, JOB_CANCEL_CHANNEL, IMAGE_RUN_SENT_CHANNEL, UPSTREAMS_CHANGED_CHANNEL, DELAYED_WORK_SENT_CHANNEL].map((channel) => `LISTEN ${connection.escapeIdentifier(channel)}`).join("; "));
    if (current !== connection) return;
    failures = 0;
    // Wakes every stream, and the runners: what was notified while there was no listener is read now.
    setListening(true);
    wakeEveryImageRunner();
    wakeEveryDelayedWork();
  }

  /** Handles the end of `connection`, once (its error and end events may both come). */
  function lost(connection: pg.Client, error?: unknown): void {
    if (connection !== current) return;
    current = undefined;
    // Wakes every stream, which polls from now until the listener is back.
    setListening(false);
    void connection.end().catch(() => undefined);
    retryLater(error);
  }

  function retryLater(error: unknown): void {
    if (stopped) return;
    const delay = retryDelayMs(failures);
    failures += 1;
    // Only the code and message: the error may carry the connection, whose parameters hold the password.
    const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
    log.warn({ code, reason: message ?? "connection ended", retryInMs: delay }, "job stream wake-ups: the listener is not connected; streams poll until it is back");
    retry = setTimeout(attempt, delay);
    retry.unref();
  }

  attempt();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const connection = current;
      current = undefined;
      setListening(false);
      await connection?.end().catch(() => undefined);
    },
  };
}
