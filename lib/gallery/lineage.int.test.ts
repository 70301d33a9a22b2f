import { Readable } from "node:stream";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { storeImage } from "@/lib/assets/store-image";
import type { CurrentUser } from "@/lib/auth/current-user";
import { createConversation } from "@/lib/chat/conversations";
import { startTurn } from "@/lib/chat/send-turn";
import { sendTurnSchema } from "@/lib/chat/schemas";
import { itemDetail } from "@/lib/gallery/item-detail";
import { betaFormSchema } from "@/lib/images/beta-schemas";
import { startBeta } from "@/lib/images/generate-beta";
import { alphaV3FormSchema } from "@/lib/images/alpha-schemas";
import { startAlphaV3 } from "@/lib/images/generate-alpha-v3";
import { getVideo } from "@/lib/videos/list-videos";
import { submitVideo } from "@/lib/videos/submit-video";
import { videoFormSchema } from "@/lib/videos/video-schemas";
import { waitForJob } from "@/test/jobs";
import { useStudioTestContext } from "@/test/studio-upstream";
import { createEntry, createPerson } from "@/test/team-people";

// Lineage: the work started from a gallery image records, in its start transaction, the image it
// used; the entries then link to each other both ways, naming only what the viewer may see.
const context = useStudioTestContext();
const db = () => context.testDb.db;

let owner: CurrentUser;
let teammate: CurrentUser;
let outsider: CurrentUser;

beforeAll(async () => {
  const team = await db().team.create({ data: { name: "Lineage team" }, select: { id: true, name: true } });
  owner = await createPerson(db(), "Owner", [team]);
  teammate = await createPerson(db(), "Teammate", [team]);
  outsider = await createPerson(db(), "Outsider", []);
});

/** A 1024×1024 generated image of `user` with its gallery entry (private while `teamId` is null). */
async function galleryImage(user: CurrentUser, teamId: string | null) {
  const png = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: "#aa6622" } }).png().toBuffer();
  const asset = await storeImage({ source: Readable.from([png]), ownerId: user.id, teamId: null, kind: "image", allowedMimes: ["image/png"], maxBytes: 30_000_000, decode: "before-row" });
  const entry = await createEntry(db(), user, { teamId, outputs: [asset.id] });
  return { asset, entry };
}

const animate = (user: CurrentUser, assetId: string) =>
  submitVideo(user, videoFormSchema.parse({ task: "fl2va", prompt: "the lantern sways in the wind", durationSeconds: 4, aspectRatio: "16:9", inputs: [{ assetId, type: "image", slot: "first" }] }));

describe("lineage", () => {
  it("records a video's first frame taken from a gallery image, cropped, and links the entries both ways", async () => {
    const { asset, entry } = await galleryImage(owner, null);
    const video = await animate(owner, asset.id);

    expect(await db().lineageLink.findMany({ where: { videoJobId: video.id }, select: { sourceAssetId: true, role: true } })).toEqual([{ sourceAssetId: asset.id, role: "first_frame" }]);
    expect(video.preparation.join(" ")).toMatch(/cropped to the 16:9 frame/);
    expect((await getVideo(owner, video.id)).madeFrom).toEqual([expect.objectContaining({ itemId: entry.id, kind: "image", role: "first_frame" })]);

    // Once the video is in the gallery, its entry says where it came from and the image's says where it went.
    const videoEntry = await createEntry(db(), owner, { kind: "video", teamId: null, outputs: [], videoJobId: video.id });
    expect((await itemDetail(owner, videoEntry.id)).lineage.madeFrom.map((source) => source.itemId)).toEqual([entry.id]);
    expect((await itemDetail(owner, entry.id)).lineage.usedIn).toEqual([expect.objectContaining({ itemId: videoEntry.id, kind: "video", role: "first_frame" })]);
  });

  it("names a source only to those who may see it, and refuses to animate an image the user may not open", async () => {
    const team = owner.teamIds[0];
    const { asset, entry } = await galleryImage(owner, null);
    await expect(animate(outsider, asset.id)).rejects.toMatchObject({ code: "validation_failed", fields: [{ field: "inputs.0.assetId" }] });

    // The teammate may animate a shared image; the owner's private source stays unnamed on the teammate's shared video.
    const shared = await galleryImage(owner, team);
    const video = await animate(teammate, shared.asset.id);
    expect((await getVideo(teammate, video.id)).madeFrom?.map((source) => source.itemId)).toEqual([shared.entry.id]);
    const privateSourced = await animate(owner, asset.id);
    const videoEntry = await createEntry(db(), owner, { kind: "video", teamId: team, outputs: [], videoJobId: privateSourced.id });
    expect((await itemDetail(teammate, videoEntry.id)).lineage.madeFrom).toEqual([]);
    expect((await itemDetail(owner, videoEntry.id)).lineage.madeFrom.map((source) => source.itemId)).toEqual([entry.id]);
  });

  it("records a chat turn's attached image and the image a beta layer decomposition splits", async () => {
    const { asset } = await galleryImage(owner, null);
    const image = { assetId: asset.id, mime: "image/png", bytes: Number(asset.bytes) };

    const conversation = await createConversation(owner);
    const { parentTurnId, ...values } = sendTurnSchema.parse({ parentTurnId: null, text: "make it night", size: "1K", images: [image] });
    const { turn, job: turnJob } = await startTurn(owner, conversation.id, parentTurnId, values);
    expect(await db().lineageLink.findMany({ where: { turnId: turn.id }, select: { sourceAssetId: true, role: true } })).toEqual([{ sourceAssetId: asset.id, role: "reference" }]);

    const { generation, job: betaJob } = await startBeta(
      owner,
      betaFormSchema.parse({ model: "beta-image-v5.0-pro", prompt: "split into layers", layerDecomposition: true, images: [image], size: { method: "tier", tier: "1K" } }),
    );
    expect(await db().lineageLink.findMany({ where: { generationId: generation.id }, select: { sourceAssetId: true, role: true } })).toEqual([{ sourceAssetId: asset.id, role: "layer_source" }]);
    await Promise.all([waitForJob(db(), turnJob.id), waitForJob(db(), betaJob.id)]);
  });

  it("records the reference images of every image of an alpha v3 set", async () => {
    const { asset } = await galleryImage(owner, null);
    const { generations, jobs } = await startAlphaV3(
      owner,
      alphaV3FormSchema.parse({ prompt: "the same palette, twice", size: "1024x1024", revise: false, variations: 2, images: [{ assetId: asset.id, mime: "image/png", bytes: Number(asset.bytes) }] }),
    );
    expect(generations).toHaveLength(2);
    for (const generation of generations) {
      expect(await db().lineageLink.findMany({ where: { generationId: generation.id }, select: { sourceAssetId: true, role: true } })).toEqual([{ sourceAssetId: asset.id, role: "reference" }]);
    }
    await Promise.all(jobs.map((job) => waitForJob(db(), job.id)));
  });
});
