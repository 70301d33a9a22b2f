import { describe, expect, it, vi } from "vitest";
import type { PgBoss, WorkOptions } from "pg-boss";
import { registerRunners, SPARE_RUNNER_POLL_SECONDS } from "./idle-runners";

// The registrations registerRunners makes, on a stand-in for pg-boss that records them and runs a
// job through the handler it was given.

type Handler = (jobs: { id: string; data: unknown }[]) => Promise<void>;

function fakeBoss() {
  const registrations: { options: WorkOptions; handler: Handler }[] = [];
  const notifyWorker = vi.fn();
  const boss = {
    work: vi.fn(async (_name: string, options: WorkOptions, handler: Handler) => {
      registrations.push({ options, handler });
      return `runner-${registrations.length}`;
    }),
    notifyWorker,
    getWipData: () => [],
  };
  return { boss: boss as unknown as PgBoss, registrations, notifyWorker };
}

describe("registerRunners", () => {
  it("lets the first runner look by itself as asked, and the others only every few minutes", async () => {
    const { boss, registrations } = fakeBoss();
    await registerRunners(boss, "test.queue", 3, { pollingIntervalSeconds: 30 }, async () => undefined);
    expect(registrations.map(({ options }) => options.pollingIntervalSeconds)).toEqual([30, SPARE_RUNNER_POLL_SECONDS, SPARE_RUNNER_POLL_SECONDS]);
    expect(registrations[1].options.notifyPollingIntervalSeconds).toBe(SPARE_RUNNER_POLL_SECONDS);
  });

  it("has a runner look again once its run ends, and tells of a run that throws before pg-boss retries it", async () => {
    const { boss, registrations, notifyWorker } = fakeBoss();
    const failed = vi.fn();
    await registerRunners(boss, "test.queue", 2, { pollingIntervalSeconds: 30 }, async (job) => {
      if (job.data === "bad") throw new Error("no");
    }, failed);
    await registrations[1].handler([{ id: "a", data: "good" }]);
    expect(notifyWorker).toHaveBeenLastCalledWith("runner-2");
    expect(failed).not.toHaveBeenCalled();
    await expect(registrations[0].handler([{ id: "b", data: "bad" }])).rejects.toThrow("no");
    expect(failed).toHaveBeenCalledTimes(1);
    expect(notifyWorker).toHaveBeenLastCalledWith("runner-1");
  });
});
