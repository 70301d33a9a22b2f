import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeImage } from "@/lib/assets/store-image";
import type { CurrentUser } from "@/lib/auth/current-user";
import { itemDetail } from "@/lib/gallery/item-detail";
import { getVideo } from "@/lib/videos/list-videos";
import { submitVideo } from "@/lib/videos/submit-video";
import { startVideoSteps, stopVideoSteps } from "@/test/video-step-worker";
import { videoFormSchema, type VideoFormInput } from "@/lib/videos/video-schemas";
import { useStudioTestContext } from "@/test/studio-upstream";
import { createEntry, createPerson } from "@/test/team-people";
import { keepFrame } from "./keep-frame";

// "Use frame": the image taken from a video's player is kept as a gallery entry made from the video,
// and the chain goes on when that image is itself animated.
process.env.VIDEO_POLL_INTERVAL_MS = "50";
const context = useStudioTestContext();
const db = () => context.testDb.db;

let outsider: CurrentUser;

beforeAll(async () => {
  await startVideoSteps({ singleProcess: true });
  outsider = await createPerson(db(), "Outsider", []);
});
afterAll(async () => {
  await stopVideoSteps();
});

async function readyVideo(input: Partial<VideoFormInput>) {
  const submitted = await submitVideo(context.user, videoFormSchema.parse({ prompt: "a paper boat on a rainy street", durationSeconds: 4, ...input }));
  await expect.poll(async () => (await getVideo(context.user, submitted.id)).phase, { timeout: 25_000, interval: 50 }).toBe("ready");
  return db().videoJob.findUniqueOrThrow({ where: { id: submitted.id }, include: { galleryItem: { select: { id: true } } } });
}

/** The PNG the browser uploads from the player's frame (an ordinary upload of `user`). */
async function uploadedFrame(user: CurrentUser) {
  const png = await sharp({ create: { width: 1280, height: 720, channels: 3, background: "#335577" } }).png().toBuffer();
  return storeImage({ source: Readable.from([png]), ownerId: user.id, teamId: null, kind: "input", allowedMimes: ["image/png"], maxBytes: 30_000_000, decode: "before-row" });
}

describe("a frame taken from a video", () => {
  it("is made from the video, the video is used in it, and animating the frame continues the chain", async () => {
    const video = await readyVideo({ task: "t2va" });
    const frame = await uploadedFrame(context.user);
    const { itemId } = await keepFrame(context.user, video.id, { assetId: frame.id });

    const frameEntry = await itemDetail(context.user, itemId);
    expect(frameEntry).toMatchObject({ kind: "image", model: "t2va", prompt: "a paper boat on a rainy street" });
    expect(frameEntry.outputs.map((asset) => asset.id)).toEqual([frame.id]);
    expect(frameEntry.lineage.madeFrom).toEqual([expect.objectContaining({ itemId: video.galleryItem!.id, kind: "video", role: "video_frame" })]);
    expect((await itemDetail(context.user, video.galleryItem!.id)).lineage.usedIn).toEqual([expect.objectContaining({ itemId, kind: "image", role: "video_frame" })]);
    expect((await getVideo(context.user, video.id)).usedIn).toEqual([expect.objectContaining({ itemId, role: "video_frame" })]);

    // The emulator's agent cannot fetch inputs from a studio that is not serving, so the animated
    // job never gets ready here: its entry is written directly, as its ready record would.
    const animated = await submitVideo(context.user, videoFormSchema.parse({ task: "fl2va", prompt: "the boat sails on", durationSeconds: 4, aspectRatio: "16:9", inputs: [{ assetId: frame.id, type: "image", slot: "first" }] }));
    expect((await getVideo(context.user, animated.id)).madeFrom).toEqual([expect.objectContaining({ itemId, role: "first_frame" })]);
    const animatedEntry = await createEntry(db(), context.user, { kind: "video", teamId: null, outputs: [], videoJobId: animated.id });
    expect((await itemDetail(context.user, itemId)).lineage).toEqual({
      madeFrom: [expect.objectContaining({ itemId: video.galleryItem!.id })],
      usedIn: [expect.objectContaining({ itemId: animatedEntry.id, kind: "video", role: "first_frame" })],
    });
  });

  it("is refused for an image that is not the user's upload, a second time, and on a video the user may not see", async () => {
    const video = await readyVideo({ task: "t2va" });
    const frame = await uploadedFrame(context.user);
    await expect(keepFrame(context.user, video.id, { assetId: (await uploadedFrame(outsider)).id })).rejects.toMatchObject({ code: "validation_failed", fields: [{ field: "assetId" }] });
    await expect(keepFrame(outsider, video.id, { assetId: frame.id })).rejects.toMatchObject({ code: "not_found" });
    // Two requests at once (a double click) keep the frame once.
    const outcomes = await Promise.allSettled([keepFrame(context.user, video.id, { assetId: frame.id }), keepFrame(context.user, video.id, { assetId: frame.id })]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    await expect(keepFrame(context.user, video.id, { assetId: frame.id })).rejects.toMatchObject({ code: "validation_failed", fields: [{ field: "assetId", message: "is already kept in the gallery" }] });
    expect(await db().lineageLink.count({ where: { frameAssetId: frame.id } })).toBe(1);
  });
});
