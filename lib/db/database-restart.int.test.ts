import { setTimeout as sleep } from "node:timers/promises";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { POST as postAlpha } from "@/app/api/alpha/v3/generations/route";
import { GET as listJobs } from "@/app/api/jobs/route";
import { onCluster } from "@/test/db";
import { slowCalls, waitForJob } from "@/test/jobs";
import { session } from "@/test/session-double";
import { useStudioTestContext } from "@/test/studio-upstream";

vi.mock("@/lib/auth/current-user", () => import("@/test/session-double"));

// The database goes away mid-run, as in a restart: every connection is cut and none is accepted for
// a few seconds. Only this file's database: the cluster's other databases (other files) go on.
const context = useStudioTestContext();
beforeAll(() => {
  session.user = context.user;
});

async function takeDatabaseDown() {
  const name = new URL(context.testDb.url).pathname.slice(1);
  await onCluster(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
  await onCluster(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`);
  return () => onCluster(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
}

const generate = (prompt: string, variations: number) =>
  postAlpha(new Request("http://studio.test/api/alpha/v3/generations", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ prompt, revise: false, variations }) }), {
    params: Promise.resolve({}),
  });
const jobsPage = () => listJobs(new Request("http://studio.test/api/jobs"), { params: Promise.resolve({}) });

describe("a database restart mid-run", () => {
  it("answers 503 database_unavailable meanwhile; afterwards every job has ended by itself and new work runs", async () => {
    await context.upstream.control("/faults", { json: slowCalls(2_500) });
    const started = await generate("through a restart", 2);
    expect(started.status).toBe(202);
    const { jobs } = (await started.json()) as { jobs: { id: string }[] };
    await sleep(1_000);

    const bringBack = await takeDatabaseDown();
    const during = await jobsPage();
    expect(during.status).toBe(503);
    expect(during.headers.get("Retry-After")).toBe("5");
    expect(((await during.json()) as { error: { code: string } }).error.code).toBe("database_unavailable");
    // Long enough for the upstream calls to finish and their results to meet the closed database.
    await sleep(3_000);
    await bringBack();
    await context.upstream.control("/faults", { method: "DELETE" });

    // No sweep runs in this test (the worker's supervision is off): the runs end their jobs themselves.
    const ended = await Promise.all(jobs.map((job) => waitForJob(context.testDb.db, job.id, undefined, 20_000)));
    for (const job of ended) {
      if (job.state === "succeeded") expect(await context.testDb.db.asset.count({ where: { generationId: job.generationId } })).toBe(1);
      else expect(job).toMatchObject({ state: "failed", errorCode: "database_unavailable" });
    }

    expect((await jobsPage()).status).toBe(200);
    const after = await generate("after the restart", 1);
    expect(after.status).toBe(202);
    const [next] = ((await after.json()) as { jobs: { id: string }[] }).jobs;
    expect(await waitForJob(context.testDb.db, next.id, undefined, 20_000)).toMatchObject({ state: "succeeded" });
  }, 60_000);
});
