// The reachability table (prisma UpstreamReachability): written after upstream calls and probes,
// read by every studio process, so several web processes and workers agree on one state.
import "server-only";
import { db } from "@/lib/db/client";
import { UPSTREAMS_CHANGED_CHANNEL } from "@/lib/wakeups/channel";
import { probeTickMs } from "./probe-tick";
import type { UpstreamReachabilityAnswer } from "./reachability-dto";
import { UPSTREAM_SERVICES, type UpstreamService } from "./services";

/** A service whose state has not changed is written again at most this often, not on every call. */
const REWRITE_AFTER_MS = 5_000;

export type Reachability = {
  service: UpstreamService;
  reachable: boolean;
  since: Date;
  checkedAt: Date;
  lastErrorCode: string | null;
};

/**
 * `errorCode`: the connection failure when it is unreachable; undefined when it answered. A change of
 * state is announced to every process (UPSTREAMS_CHANGED_CHANNEL) in the same statement, so open pages
 * learn of an outage, and of its end, as soon as it is recorded.
 */
export async function recordReachability(service: UpstreamService, errorCode: string | undefined, now = new Date()): Promise<void> {
  const reachable = errorCode === undefined;
  const rewriteBefore = new Date(now.getTime() - REWRITE_AFTER_MS);
  // `since` moves only when the state flips (or the row is new); an unchanged state is refreshed only when stale.
  await db.$executeRaw`
    WITH written AS (
      INSERT INTO "UpstreamReachability" ("service", "reachable", "since", "checkedAt", "lastErrorCode")
      VALUES (${service}, ${reachable}, ${now}, ${now}, ${errorCode ?? null})
      ON CONFLICT ("service") DO UPDATE SET
        "reachable" = EXCLUDED."reachable",
        "since" = CASE WHEN "UpstreamReachability"."reachable" = EXCLUDED."reachable" THEN "UpstreamReachability"."since" ELSE EXCLUDED."since" END,
        "checkedAt" = EXCLUDED."checkedAt",
        "lastErrorCode" = COALESCE(EXCLUDED."lastErrorCode", "UpstreamReachability"."lastErrorCode")
      WHERE "UpstreamReachability"."reachable" <> EXCLUDED."reachable" OR "UpstreamReachability"."checkedAt" < ${rewriteBefore}
      RETURNING "since"
    )
    SELECT pg_notify(${UPSTREAMS_CHANGED_CHANNEL}, ${service}) FROM written WHERE "since" = ${now}`;
}

/** Every service's state; a service never called nor probed yet counts as reachable, heard from at the epoch. */
export async function readReachability(): Promise<Reachability[]> {
  const rows = await db.upstreamReachability.findMany();
  return UPSTREAM_SERVICES.map((service) => {
    const row = rows.find((candidate) => candidate.service === service);
    return row
      ? { service, reachable: row.reachable, since: row.since, checkedAt: row.checkedAt, lastErrorCode: row.lastErrorCode }
      : { service, reachable: true, since: NEVER, checkedAt: NEVER, lastErrorCode: null };
  });
}

const NEVER = new Date(0);

/** GET /api/upstreams' answer. */
export async function readReachabilityAnswer(): Promise<UpstreamReachabilityAnswer> {
  const iso = (date: Date) => (date.getTime() === NEVER.getTime() ? null : date.toISOString());
  const states = await readReachability();
  return { upstreams: states.map((state) => ({ ...state, since: iso(state.since), checkedAt: iso(state.checkedAt) })), probeTickMs: probeTickMs() };
}
