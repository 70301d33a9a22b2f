import { beforeEach, describe, expect, it } from "vitest";
import { useStudioTestContext } from "@/test/studio-upstream";
import { slowCalls, waitForJob } from "@/test/jobs";
import { createTestUser } from "@/test/users";
import type { CurrentUser } from "@/lib/auth/current-user";
import { alphaV3FormSchema } from "@/lib/images/alpha-schemas";
import { runAlphaV3Again, startAlphaV3 } from "@/lib/images/generate-alpha-v3";
import { cancelJob } from "./cancel-job";
import type { JobDto } from "./job-dto";
import { jobEventStream } from "./job-stream";
import { listJobs } from "./list-jobs";
import { endAbandonedJobs } from "./recovery";

// Work runs as jobs in the server, not inside a request; these tests never open one.
const context = useStudioTestContext();
beforeEach(async () => {
  await context.upstream.control("/faults", { method: "DELETE" });
  await context.upstream.control("/requests", { method: "DELETE" });
});

const start = (prompt: string, user: CurrentUser = context.user, extra: Record<string, unknown> = {}) =>
  startAlphaV3(user, alphaV3FormSchema.parse({ prompt, revise: false, ...extra }));

type StreamEvent = { id: bigint; job: JobDto };

/** Reads a job stream until `until` says stop (or the stream ends), then closes it. */
async function readStream(response: Response, until: (events: StreamEvent[]) => boolean, abort: AbortController): Promise<StreamEvent[]> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: StreamEvent[] = [];
  let buffer = "";
  try {
    while (!until(events)) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      const blocks = buffer.split("\n\n");
      buffer = blocks.pop() ?? "";
      for (const block of blocks) {
        const id = /^id: (\d+)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (id && data) events.push({ id: BigInt(id), job: JSON.parse(data) as JobDto });
      }
    }
  } finally {
    abort.abort();
    await reader.cancel().catch(() => undefined);
  }
  return events;
}

const endedEvent = (jobId: string) => (events: StreamEvent[]) => events.some((event) => event.job.id === jobId && event.job.finishedAt !== null);

const statesOf = async (jobId: string) =>
  (await context.testDb.db.jobEvent.findMany({ where: { jobId }, orderBy: { id: "asc" } })).map((event) => (event.data as JobDto).state);

describe("server jobs", () => {
  it("runs a generation to success with no request open, through the states it stayed in, in order", async () => {
    const user = await createTestUser(context.testDb.db);
    // Long enough for its "generating" to be written (progress is written at most every 250 ms).
    await context.upstream.control("/faults", { json: slowCalls(800) });
    const { job, generation } = await start("a lighthouse", user);
    expect(job.state).toBe("queued");
    expect(generation.status).toBe("pending");
    const ended = await waitForJob(context.testDb.db, job.id);
    expect(ended.state).toBe("succeeded");
    const states = await statesOf(job.id);
    expect(states[0]).toBe("queued");
    expect(states.at(-1)).toBe("succeeded");
    expect(states).toContain("generating");
    const order = ["queued", "waiting", "generating", "storing", "succeeded"];
    expect(states.map((state) => order.indexOf(state))).toEqual([...states.map((state) => order.indexOf(state))].sort((a, b) => a - b));
    const done = await context.testDb.db.generation.findUniqueOrThrow({ where: { id: generation.id } });
    expect(done).toMatchObject({ status: "succeeded" });
    // What it spent is on the ledger, written by the same end.
    expect(await context.testDb.db.usageEntry.findUniqueOrThrow({ where: { generationId: generation.id } })).toMatchObject({ userId: user.id, model: done.model, tokens: BigInt(done.tokens ?? 0), images: 1 });
    const { jobs } = await listJobs(user);
    expect(jobs[0]).toMatchObject({ id: job.id, state: "succeeded", canRunAgain: false, href: "/alpha" });
  });

  it("Cancel aborts the upstream call (the emulator sees the connection closed) and the job ends cancelled", async () => {
    const user = await createTestUser(context.testDb.db);
    await context.upstream.control("/faults", { json: slowCalls(2_000) });
    const { job, generation } = await start("too slow", user);
    await waitForJob(context.testDb.db, job.id, ["generating"]);
    await cancelJob(user, job.id);
    const ended = await waitForJob(context.testDb.db, job.id);
    expect(ended).toMatchObject({ state: "cancelled", errorCode: "cancelled" });
    expect(await context.testDb.db.generation.findUniqueOrThrow({ where: { id: generation.id } })).toMatchObject({ status: "failed", errorCode: "cancelled" });
    // The emulator logs the call once its (slow) handler returns.
    await expect
      .poll(async () => {
        const { requests } = (await context.upstream.control("/requests")) as { requests: { path: string; clientClosed?: boolean }[] };
        return requests.filter((request) => request.path.startsWith("/v1/")).map((request) => request.clientClosed ?? false);
      }, { timeout: 5_000 })
      .toEqual([true]);
  });

  it("a cancel written by another instance reaches the runner at its next heartbeat", async () => {
    const user = await createTestUser(context.testDb.db);
    await context.upstream.control("/faults", { json: slowCalls(8_000) });
    const { job } = await start("cancelled elsewhere", user);
    await waitForJob(context.testDb.db, job.id, ["generating"]);
    // What the cancel route writes when this process is not the one holding the job.
    await context.testDb.db.job.update({ where: { id: job.id }, data: { cancelRequestedAt: new Date() } });
    const ended = await waitForJob(context.testDb.db, job.id, undefined, 7_000);
    expect(ended.state).toBe("cancelled");
  });

  it("only the owner may cancel, and cancelling an ended job changes nothing", async () => {
    const owner = await createTestUser(context.testDb.db);
    const other = await createTestUser(context.testDb.db);
    const { job } = await start("mine", owner);
    await expect(cancelJob(other, job.id)).rejects.toMatchObject({ code: "not_found" });
    await waitForJob(context.testDb.db, job.id);
    expect((await cancelJob(owner, job.id)).state).toBe("succeeded");
  });

  it("a job whose runner died is interrupted by the sweep, and Run again repeats it with the same seed", async () => {
    const user = await createTestUser(context.testDb.db);
    const { job, generation } = await start("cut off by a crash", user);
    await waitForJob(context.testDb.db, job.id);
    // As a process that died mid-run leaves it: active, held by another runner, heartbeat stopped.
    await context.testDb.db.job.update({ where: { id: job.id }, data: { state: "generating", finishedAt: null, runnerId: "dead-process", heartbeatAt: new Date(Date.now() - 60_000) } });
    await context.testDb.db.generation.update({ where: { id: generation.id }, data: { status: "pending", completedAt: null } });

    expect(await endAbandonedJobs(new Date())).toBeGreaterThanOrEqual(1);
    const interrupted = await context.testDb.db.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(interrupted).toMatchObject({ state: "interrupted", errorCode: "interrupted" });
    expect(await context.testDb.db.generation.findUniqueOrThrow({ where: { id: generation.id } })).toMatchObject({ status: "failed", errorCode: "interrupted" });
    const listed = (await listJobs(user)).jobs.find((dto) => dto.id === job.id);
    expect(listed).toMatchObject({ state: "interrupted", canRunAgain: true });

    const again = await runAlphaV3Again(user, interrupted);
    expect(again.generation.params).toMatchObject({ seed: (generation.params as { seed: number }).seed, seedWasRandom: true });
    expect((await waitForJob(context.testDb.db, again.job.id)).state).toBe("succeeded");
    expect(await context.testDb.db.job.findUniqueOrThrow({ where: { id: again.job.id } })).toMatchObject({ runAgainOfId: job.id });
  });

  it("a live job of another instance is left alone by the sweep", async () => {
    const user = await createTestUser(context.testDb.db);
    await context.upstream.control("/faults", { json: slowCalls(1_000) });
    const { job } = await start("still running elsewhere", user);
    // Taken by the worker, then shown as held by another instance whose heartbeat is fresh.
    await waitForJob(context.testDb.db, job.id, ["waiting", "generating"]);
    await context.testDb.db.job.update({ where: { id: job.id }, data: { runnerId: "another-live-process", heartbeatAt: new Date() } });
    await endAbandonedJobs(new Date(Date.now() - 30_000));
    expect((await context.testDb.db.job.findUniqueOrThrow({ where: { id: job.id } })).state).not.toBe("interrupted");
    expect((await waitForJob(context.testDb.db, job.id)).state).toBe("succeeded");
  });

  it("two subscribers receive the same events", async () => {
    const user = await createTestUser(context.testDb.db);
    const { cursor } = await listJobs(user);
    const [first, second] = [new AbortController(), new AbortController()];
    const streams = [await jobEventStream(user, BigInt(cursor), first.signal, null), await jobEventStream(user, BigInt(cursor), second.signal, null)];
    const { job } = await start("watched twice", user);
    const [a, b] = await Promise.all([readStream(streams[0], endedEvent(job.id), first), readStream(streams[1], endedEvent(job.id), second)]);
    expect(a.map((event) => event.id)).toEqual(b.map((event) => event.id));
    expect(a.map((event) => event.job.state)).toEqual(b.map((event) => event.job.state));
    expect(a.at(-1)?.job.state).toBe("succeeded");
  });

  it("a stream resumed after Last-Event-ID skips nothing and repeats nothing", async () => {
    const user = await createTestUser(context.testDb.db);
    const { cursor } = await listJobs(user);
    // Slow enough for its progress to be written: queued, generating, succeeded at least.
    await context.upstream.control("/faults", { json: slowCalls(800) });
    const { job } = await start("resumed", user);
    await waitForJob(context.testDb.db, job.id);
    const all = await context.testDb.db.jobEvent.findMany({ where: { ownerId: user.id, id: { gt: BigInt(cursor) } }, orderBy: { id: "asc" } });
    expect(all.length).toBeGreaterThanOrEqual(3);

    const firstAbort = new AbortController();
    const firstPart = await readStream(await jobEventStream(user, BigInt(cursor), firstAbort.signal, null), (events) => events.length >= 2, firstAbort);
    const resumeAbort = new AbortController();
    const rest = await readStream(await jobEventStream(user, firstPart[1].id, resumeAbort.signal, null), endedEvent(job.id), resumeAbort);
    expect([...firstPart.slice(0, 2), ...rest].map((event) => event.id)).toEqual(all.map((event) => event.id));
  });
});
