import "server-only";
import type { CurrentUser } from "@/lib/auth/current-user";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { startWakeListener, stopWakeListener } from "@/lib/wakeups/listener";
import { hearsOtherProcesses, nextWake, upstreamChangeCount, wakeCount } from "@/lib/wakeups/process-wakeups";
import { UPSTREAMS_CHANGED_EVENT_NAME } from "@/lib/upstream/reachability/reachability-dto";
import { JOB_EVENT_NAME } from "./job-dto";
import { readEventsWhileSignedIn } from "./signed-in-events";
import { freeStreamSlot, keepStreamSlot, SLOT_HEARTBEAT_MS, takeStreamSlot } from "./stream-slots";
import { streamWaitMs } from "./stream-wait";

/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;
/** A stream ends after this and the browser reconnects (Last-Event-ID), through a fresh check of its request. */
const STREAM_LIFETIME_MS = 5 * 60_000;
const PAGE = 200;
/** What EventSource waits before reconnecting. */
const RECONNECT_MS = 2_000;

const POSITION = /^\d{1,18}$/;

/**
 * Aborted when the server stops (lib/http/server-drain). A stop waits for every open response to end
 * before the process exits, and a stream otherwise lasts STREAM_LIFETIME_MS: one open tab kept a
 * stopping studio alive for minutes. Ended streams make browsers reconnect, to another instance if any.
 * It lives on globalThis because Next bundles instrumentation.ts, which hears the signal, apart from
 * the route that opens the streams, each with its own copy of this module.
 */
const holder = globalThis as typeof globalThis & { studioServerStopping?: AbortController };
const serverStopping = (holder.studioServerStopping ??= new AbortController());

/** Ends every job stream of this process now, and any opened after, and stops its listener: the server is stopping. */
export function endJobStreams(): void {
  serverStopping.abort();
  void stopWakeListener();
}

/** The stream position to start after: the browser's Last-Event-ID on a reconnect, else `?after=`, else 0. */
export function streamPosition(lastEventId: string | null, after: string | undefined): bigint {
  const value = lastEventId ?? after ?? "0";
  if (!POSITION.test(value)) {
    const field = lastEventId !== null ? "Last-Event-ID" : "after";
    throw new AppError("validation_failed", `${field} must be a stream position (digits)`, [{ field, message: "must be a stream position (digits)" }]);
  }
  return BigInt(value);
}

/**
 * The user's job events after `position` as Server-Sent Events: each event's id is its position, so a
 * reconnect resumes exactly where the last one ended, and events come in the order their owner's
 * changes committed (lib/jobs/job-changes). Takes one of the user's stream slots first (429
 * `too_many_job_streams` when they hold JOB_STREAMS_PER_USER already).
 *
 * A stream reads when its owner's streams are woken, on any studio process's change to their jobs
 * (lib/wakeups), and polls every second only while this process's listener is down. It also tells
 * its page when an upstream service's reachability changes (an event without an id, so it moves no
 * position), and the page reads the services' states again.
 *
 * The stream answers for its session long after the request that opened it was authorized, so it
 * ends as soon as the session does: every read of events also checks the session row, and revoking a
 * session wakes its user's streams on every process (lib/auth/sessions). It ends by
 * `sessionExpiresAt` at the latest.
 */
export async function jobEventStream(user: CurrentUser, position: bigint, requestSignal: AbortSignal, sessionExpiresAt: Date | null): Promise<Response> {
  const slot = await takeStreamSlot(user.id);
  // Not while stopping: the listener was stopped with the streams.
  if (!serverStopping.signal.aborted) startWakeListener();
  const stop = new AbortController();
  const stopStream = () => stop.abort();
  // Set when the request ends or the reader cancels: then there is no stream left to end.
  let browserGone = false;
  const browserLeft = () => {
    browserGone = true;
    stop.abort();
  };
  requestSignal.addEventListener("abort", browserLeft, { once: true });
  serverStopping.signal.addEventListener("abort", stopStream, { once: true });
  if (serverStopping.signal.aborted) stop.abort();
  // The request may have ended while the slot was being taken.
  if (requestSignal.aborted) browserLeft();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const write = (text: string) => controller.enqueue(encoder.encode(text));
      const ends = Math.min(Date.now() + STREAM_LIFETIME_MS, sessionExpiresAt?.getTime() ?? Infinity);
      let cursor = position;
      let lastWrite = Date.now();
      let lastSlotBeat = Date.now();
      let upstreamChangesTold = upstreamChangeCount();
      write(`retry: ${RECONNECT_MS}\n\n`);
      try {
        while (!stop.signal.aborted && Date.now() < ends) {
          const seen = wakeCount(user.id);
          if (upstreamChangeCount() !== upstreamChangesTold) {
            upstreamChangesTold = upstreamChangeCount();
            write(`event: ${UPSTREAMS_CHANGED_EVENT_NAME}\ndata: {}\n\n`);
            lastWrite = Date.now();
          }
          const events = await readEventsWhileSignedIn(user, cursor, PAGE);
          if (events === null) break;
          for (const event of events) {
            write(`id: ${event.id}\nevent: ${JOB_EVENT_NAME}\ndata: ${event.data}\n\n`);
            cursor = event.id;
            lastWrite = Date.now();
          }
          if (Date.now() - lastSlotBeat >= SLOT_HEARTBEAT_MS) {
            if (!(await keepStreamSlot(slot))) break;
            lastSlotBeat = Date.now();
          }
          if (events.length === PAGE) continue;
          if (Date.now() - lastWrite >= HEARTBEAT_MS) {
            write(": heartbeat\n\n");
            lastWrite = Date.now();
          }
          const due = { ends, heartbeat: lastWrite + HEARTBEAT_MS, slotBeat: lastSlotBeat + SLOT_HEARTBEAT_MS };
          await nextWake(user.id, seen, streamWaitMs(Date.now(), due, hearsOtherProcesses()), stop.signal);
        }
      } catch (error) {
        // The browser went away mid-write (nothing to tell), or the database failed (it reconnects).
        if (!stop.signal.aborted) {
          log.warn({ err: error }, "job stream ended early");
          controller.error(error);
          return;
        }
      } finally {
        serverStopping.signal.removeEventListener("abort", stopStream);
        await freeStreamSlot(slot).catch((error: unknown) => log.warn({ err: error }, "job stream slot not freed; it frees once stale"));
      }
      // Ended by its lifetime, its session or the server stopping; a browser that has gone has nothing to end.
      if (!browserGone) controller.close();
    },
    cancel: browserLeft,
  });
  return new Response(body, {
    headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no" },
  });
}
