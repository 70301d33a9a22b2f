import { describe, expect, it, vi } from "vitest";
import { GET as getUpstreams } from "@/app/api/upstreams/route";
import { waitForJob, waitingForService } from "@/test/jobs";
import { session } from "@/test/session-double";
import { useStudioTestContext } from "@/test/studio-upstream";
import { alphaV3FormSchema } from "@/lib/images/alpha-schemas";
import { startAlphaV3 } from "@/lib/images/generate-alpha-v3";
import { probeUpstreams } from "./probe";
import { readReachability } from "./record";

// The emulator's ports are stopped and started again, as an outage of the real service would look:
// the studio's calls get "connection refused", then answers again at the same address.
const context = useStudioTestContext();
vi.mock("@/lib/auth/current-user", () => import("@/test/session-double"));

const start = (prompt: string) => startAlphaV3(context.user, alphaV3FormSchema.parse({ prompt, revise: false }));
const stateOf = async (service: string) => (await readReachability()).find((state) => state.service === service)!;
/**
 * A moment when every service is due for its probe, however recently it was heard from: each call is
 * ten minutes past the last, since a probe records the moment it was given as the service's last check.
 */
let probeClock = Date.now();
const later = () => new Date((probeClock += 10 * 60_000));

describe("upstream reachability", () => {
  it("a job started while the image service is stopped waits naming it, marks the service unreachable, and continues by itself once it returns", async () => {
    await context.upstream.emulator.stopPort("image");
    let job;
    try {
      ({ job } = await start("a kite in an outage"));
      await waitingForService(context.testDb.db, job.id);
      expect(await context.testDb.db.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ errorMessage: expect.stringMatching(/^Waiting: the image service is unreachable since \d\d:\d\d UTC/) });
      expect(await stateOf("image")).toMatchObject({ reachable: false, lastErrorCode: "ECONNREFUSED" });
    } finally {
      await context.upstream.emulator.startPort("image");
    }
    // The worker's probe finds it back; the waiting job then runs again without anyone's click.
    await probeUpstreams(later());
    expect(await waitForJob(context.testDb.db, job.id)).toMatchObject({ state: "succeeded", errorCode: null, errorMessage: null });
  });

  it("the probe finds a stopped service unreachable, then reachable again once it returns, and since moves only on a flip", async () => {
    await context.upstream.emulator.stopPort("agent");
    let down;
    try {
      expect(await probeUpstreams(later())).toContain("video_agent");
      down = await stateOf("video_agent");
      // Refused, or a kept-alive connection from an earlier probe that the stop cut.
      expect(down).toMatchObject({ reachable: false, lastErrorCode: expect.stringMatching(/^(ECONNREFUSED|no_answer)$/) });
      // Still down at the next probe: the outage keeps the moment it began.
      await new Promise((resolve) => setTimeout(resolve, 20));
      await probeUpstreams(later());
      expect((await stateOf("video_agent")).since).toEqual(down.since);
    } finally {
      await context.upstream.emulator.startPort("agent");
    }
    await probeUpstreams(later());
    const up = await stateOf("video_agent");
    expect(up.reachable).toBe(true);
    expect(up.since.getTime()).toBeGreaterThan(down.since.getTime());
  });

  it("once the image service is back, a job's answer marks it reachable and the job succeeds", async () => {
    await context.upstream.emulator.stopPort("image");
    await probeUpstreams(later());
    expect((await stateOf("image")).reachable).toBe(false);
    await context.upstream.emulator.startPort("image");
    const { job } = await start("a kite after the outage");
    expect((await waitForJob(context.testDb.db, job.id)).state).toBe("succeeded");
    expect((await stateOf("image")).reachable).toBe(true);
  });

  it("GET /api/upstreams tells a signed-in member which service is unreachable and since when, and refuses a visitor", async () => {
    const ask = () => getUpstreams(new Request("http://studio.test/api/upstreams"), { params: Promise.resolve({}) });
    session.user = undefined;
    expect((await ask()).status).toBe(401);
    session.user = context.user;
    await context.upstream.emulator.stopPort("inference");
    try {
      await probeUpstreams(later());
    } finally {
      await context.upstream.emulator.startPort("inference");
    }
    const response = await ask();
    expect(response.status).toBe(200);
    const { upstreams, probeTickMs } = await response.json();
    // The browser reads the state as often as the worker probes.
    expect(probeTickMs).toBe(15_000);
    expect(upstreams.map((state: { service: string }) => state.service)).toEqual(["image", "video_agent", "video_inference"]);
    expect(upstreams.find((state: { service: string }) => state.service === "video_inference")).toMatchObject({
      reachable: false,
      since: expect.stringMatching(/^\d{4}-/),
      // Refused, or a kept-alive connection the stop cut: either way no answer came.
      lastErrorCode: expect.stringMatching(/^(ECONNREFUSED|no_answer)$/),
    });
  });
});
