import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as assetRoute } from "@/app/api/assets/[id]/route";
import { storeImage } from "@/lib/assets/store-image";
import type { CurrentUser } from "@/lib/auth/current-user";
import { shareItem } from "@/lib/gallery/share-item";
import { session } from "@/test/session-double";
import { useStudioTestContext } from "@/test/studio-upstream";
import { createTestUser } from "@/test/users";
import { cancelVideo } from "./cancel-video";
import { INPUT_LINK_SECONDS } from "./input-links";
import { getVideo } from "./list-videos";
import { submitVideo } from "./submit-video";
import { startVideoSteps, stopVideoSteps } from "@/test/video-step-worker";
import type { VideoPhase } from "./video-dto";
import { videoFormSchema } from "./video-schemas";

vi.hoisted(() => {
  process.env.LOG_LEVEL = "silent";
});
vi.mock("@/lib/auth/current-user", () => import("@/test/session-double"));

// The links the video agent fetches a job's inputs from: they work while the agent may fetch
// (spec 3.1: inputs are downloaded during `running`) and no longer, and no browser ever sees one;
// the owner and teammates see the inputs through the studio's own asset addresses, which follow the
// gallery's sharing.
process.env.VIDEO_POLL_INTERVAL_MS = "50";

// The studio's asset route served over HTTP, so the emulator's agent downloads inputs through the
// signed links exactly as it would from a running studio (STUDIO_PUBLIC_URL points here).
const studio = createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://studio.test");
  const id = url.pathname.split("/")[3] ?? "";
  void assetRoute(new Request(url), { params: Promise.resolve({ id }) }).then(async (answer) => {
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
});
await new Promise<void>((resolve) => studio.listen(0, "127.0.0.1", resolve));
process.env.STUDIO_PUBLIC_URL = `http://127.0.0.1:${(studio.address() as AddressInfo).port}`;

const context = useStudioTestContext();
const db = () => context.testDb.db;
const agent = (pathname: string, json: unknown = {}) =>
  fetch(`${context.upstream.emulator.urls.agent}${pathname}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(json) });

beforeAll(async () => {
  await startVideoSteps({ singleProcess: true });
});
afterAll(async () => {
  await stopVideoSteps();
  await new Promise((resolve) => studio.close(resolve));
});

/** An asset as a browser (signed in as `user`, or signed out) asks the studio for it. */
async function fetchAsset(path: string, user?: CurrentUser): Promise<number> {
  session.user = user;
  const url = new URL(path, "http://studio.test");
  const answer = await assetRoute(new Request(url), { params: Promise.resolve({ id: url.pathname.split("/")[3] }) });
  await answer.arrayBuffer();
  return answer.status;
}

/** A 512×512 keyframe: the studio sends a prepared 1344×768 copy of it (spec 8). */
async function keyframe(owner: CurrentUser) {
  const png = await sharp({ create: { width: 512, height: 512, channels: 3, background: "#2266aa" } }).png().toBuffer();
  return storeImage({ source: Readable.from([png]), ownerId: owner.id, teamId: null, kind: "input", allowedMimes: ["image/png"], maxBytes: 30_000_000, decode: "before-row" });
}

async function submitKeyframed(owner: CurrentUser) {
  const frame = await keyframe(owner);
  const video = await submitVideo(owner, videoFormSchema.parse({ task: "fl2va", prompt: "a paper boat on a rainy street", durationSeconds: 4, inputs: [{ assetId: frame.id, type: "image", slot: "first" }] }));
  return { frame, video };
}

async function waitForPhase(owner: CurrentUser, id: string, phases: readonly VideoPhase[]) {
  await expect.poll(async () => (await getVideo(owner, id)).phase, { timeout: 30_000, interval: 50 }).toSatisfy((phase: VideoPhase) => phases.includes(phase));
  return getVideo(owner, id);
}

/** The signed links the agent was sent, as its echo (stored on the job) repeats them. */
async function signedLinksOf(id: string): Promise<string[]> {
  const row = await db().videoJob.findUniqueOrThrow({ where: { id } });
  const conditions = (row.echo as { conditions?: { uri: string }[] } | null)?.conditions ?? [];
  return conditions.map((condition) => condition.uri);
}

describe("video input links", () => {
  it("live six hours at most, and only while the agent may fetch: a cancelled job's links open nothing, and no browser sees one", async () => {
    await agent("/__emulator/video/pause", { stage: "generation" });
    try {
      const sentAt = Math.floor(Date.now() / 1000);
      const { video } = await submitKeyframed(context.user);
      const queued = await waitForPhase(context.user, video.id, ["queued"]);
      const [link] = await signedLinksOf(video.id);
      expect(link).toContain("sig=");
      expect(INPUT_LINK_SECONDS).toBe(6 * 60 * 60);
      const expiresAt = Number(new URL(link).searchParams.get("exp"));
      expect(expiresAt - sentAt).toBeGreaterThanOrEqual(INPUT_LINK_SECONDS);
      expect(expiresAt - sentAt).toBeLessThanOrEqual(INPUT_LINK_SECONDS + 30);

      expect(JSON.stringify(queued)).not.toMatch(/sig=|exp=/);
      expect(await fetchAsset(link)).toBe(200);
      await cancelVideo(context.user, video.id);
      expect(await fetchAsset(link)).toBe(404);
    } finally {
      await agent("/__emulator/video/resume", { stage: "generation" });
    }
  });

  it("are fetched by the agent while it runs; a teammate of a shared job sees the inputs through the studio's addresses only, and not after unsharing", async () => {
    const teammate = await createTestUser(db());
    const { frame, video } = await submitKeyframed(context.user);
    const ready = await waitForPhase(context.user, video.id, ["ready", "failed"]);
    expect(ready.error).toBeNull();
    expect(ready.phase).toBe("ready");
    const [link] = await signedLinksOf(video.id);
    const prepared = new URL(link).pathname;

    const entry = await db().galleryItem.findUniqueOrThrow({ where: { videoJobId: video.id } });
    await shareItem(context.user, entry.id, context.user.activeTeamId);
    const seen = await getVideo(teammate, video.id);
    expect(JSON.stringify(seen)).not.toMatch(/sig=|exp=/);
    expect((seen.echo?.conditions as { uri: string }[])[0].uri).toBe(prepared);
    expect(seen.inputs[0].asset?.url).toBe(`/api/assets/${frame.id}`);
    expect(await fetchAsset(`/api/assets/${frame.id}`, teammate)).toBe(200);
    expect(await fetchAsset(prepared, teammate)).toBe(200);
    // The job has ended: the agent's link no longer opens anything, for anyone.
    expect(await fetchAsset(link)).toBe(404);
    expect(await fetchAsset(link, teammate)).toBe(404);

    await shareItem(context.user, entry.id, null);
    expect(await fetchAsset(`/api/assets/${frame.id}`, teammate)).toBe(404);
    expect(await fetchAsset(prepared, teammate)).toBe(404);
    await expect(getVideo(teammate, video.id)).rejects.toMatchObject({ code: "not_found" });
    expect(await fetchAsset(prepared, context.user)).toBe(200);
  });
});
