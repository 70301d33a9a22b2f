import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeImage } from "@/lib/assets/store-image";
import { getVideo } from "@/lib/videos/list-videos";
import { storedParams } from "@/lib/videos/stored-video-params";
import { submitVideo } from "@/lib/videos/submit-video";
import { startVideoSteps, stopVideoSteps } from "@/test/video-step-worker";
import { videoFormSchema, type VideoFormInput } from "@/lib/videos/video-schemas";
import { useStudioTestContext } from "@/test/studio-upstream";
import { indexVideo } from "./index-video";

// A video job's gallery entry is written when the sync worker records it ready, with the
// video, its 720p copy and its input files linked.
process.env.VIDEO_POLL_INTERVAL_MS = "50";
const context = useStudioTestContext();
const db = () => context.testDb.db;

beforeAll(async () => {
  await startVideoSteps({ singleProcess: true });
});
afterAll(async () => {
  await stopVideoSteps();
});

async function readyVideo(input: Partial<VideoFormInput>) {
  const submitted = await submitVideo(context.user, videoFormSchema.parse({ prompt: "a paper boat on a rainy street", durationSeconds: 4, ...input }));
  await expect.poll(async () => (await getVideo(context.user, submitted.id)).phase, { timeout: 25_000, interval: 50 }).toBe("ready");
  return db().videoJob.findUniqueOrThrow({ where: { id: submitted.id } });
}

describe("the gallery entry of a video", () => {
  it("is written when the job is ready: the video its cover, the task its model, both copies linked", async () => {
    const video = await readyVideo({ task: "t2va", shortEdge: 1080, delivery720p: true, aspectRatio: "1:1" });
    expect(video.delivery720pId).toBeTruthy();
    const entry = await db().galleryItem.findUniqueOrThrow({ where: { videoJobId: video.id }, include: { assets: { select: { assetId: true, output: true } } } });
    expect(entry).toMatchObject({ kind: "video", ownerId: context.user.id, teamId: null, model: "t2va", prompt: "a paper boat on a rainy street", coverAssetId: video.assetId });
    expect(entry.assets).toHaveLength(2);
    expect(entry.assets).toEqual(expect.arrayContaining([{ assetId: video.assetId, output: true }, { assetId: video.delivery720pId, output: true }]));

    await db().$transaction((tx) => indexVideo(tx, video, []));
    expect(await db().galleryItem.count({ where: { videoJobId: video.id } })).toBe(1);
    expect(await db().galleryItemAsset.count({ where: { itemId: entry.id } })).toBe(2);
  });

  // The emulator's agent cannot fetch inputs from a studio that is not serving, so a keyframe job
  // cannot reach ready here: the entry of a ready job with an input file is written directly, with
  // the inputs save-video passes (the job's stored form inputs).
  it("links a job's input files as inputs", async () => {
    const png = await sharp({ create: { width: 512, height: 512, channels: 3, background: "#2266aa" } }).png().toBuffer();
    const frame = await storeImage({ source: Readable.from([png]), ownerId: context.user.id, teamId: null, kind: "input", allowedMimes: ["image/png"], maxBytes: 30_000_000, decode: "before-row" });
    const ready = await readyVideo({ task: "t2va" });
    await db().galleryItem.deleteMany({ where: { videoJobId: ready.id } });
    const keyframed = await db().videoJob.update({
      where: { id: ready.id },
      data: { task: "fl2va", params: { ...(ready.params as object), task: "fl2va", inputs: [{ assetId: frame.id, type: "image", slot: "first" }] } },
    });
    await db().$transaction((tx) => indexVideo(tx, keyframed, storedParams(keyframed).inputs.map((input) => input.assetId)));
    const entry = await db().galleryItem.findUniqueOrThrow({ where: { videoJobId: ready.id }, include: { assets: { select: { assetId: true, output: true } } } });
    expect(entry.model).toBe("fl2va");
    expect(entry.assets).toEqual(expect.arrayContaining([{ assetId: ready.assetId, output: true }, { assetId: frame.id, output: false }]));
  });
});
