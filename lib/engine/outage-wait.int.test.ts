import { describe, expect, it, vi } from "vitest";
import { waitForJob, waitingForService } from "@/test/jobs";
import { useStudioTestContext } from "@/test/studio-upstream";
import { alphaV3FormSchema } from "@/lib/images/alpha-schemas";
import { startAlphaV3 } from "@/lib/images/generate-alpha-v3";
import { cancelJob } from "@/lib/jobs/cancel-job";

// A short wait limit, so the limit's path runs in a test; the wait itself is the real one.
vi.mock("@/lib/upstream/reachability/wait-limit", () => ({ UNREACHABLE_WAIT_LIMIT_MS: 1_500 }));

const context = useStudioTestContext();
const start = (prompt: string) => startAlphaV3(context.user, alphaV3FormSchema.parse({ prompt, revise: false }));

describe("an image job while the image service is unreachable", () => {
  it("waits, then fails as upstream_unreachable once the wait limit has passed", async () => {
    await context.upstream.emulator.stopPort("image");
    try {
      const { job } = await start("a kite in a long outage");
      await waitingForService(context.testDb.db, job.id);
      const ended = await waitForJob(context.testDb.db, job.id);
      expect(ended).toMatchObject({ state: "failed", errorCode: "upstream_unreachable" });
      expect(ended.errorMessage).toMatch(/^The image service is unreachable/);
    } finally {
      await context.upstream.emulator.startPort("image");
    }
  });

  it("is cancelled at once by its designer while it waits", async () => {
    await context.upstream.emulator.stopPort("image");
    try {
      const { job } = await start("a kite nobody wants");
      await waitingForService(context.testDb.db, job.id);
      await cancelJob(context.user, job.id);
      expect((await waitForJob(context.testDb.db, job.id, undefined, 3_000)).state).toBe("cancelled");
    } finally {
      await context.upstream.emulator.startPort("image");
    }
  });
});
