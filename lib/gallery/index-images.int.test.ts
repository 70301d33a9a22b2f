import { Readable } from "node:stream";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { storeImage } from "@/lib/assets/store-image";
import { createConversation } from "@/lib/chat/conversations";
import { sendTurnSchema, UNTITLED_CONVERSATION } from "@/lib/chat/schemas";
import { startTurn } from "@/lib/chat/send-turn";
import { alphaV3FormSchema } from "@/lib/images/alpha-schemas";
import { betaFormSchema, type BetaFormInput } from "@/lib/images/beta-schemas";
import { startAlphaV3 } from "@/lib/images/generate-alpha-v3";
import { startBeta } from "@/lib/images/generate-beta";
import { waitForJob } from "@/test/jobs";
import { useStudioTestContext } from "@/test/studio-upstream";
import { indexGeneration } from "./index-generation";
import { indexConversationTurn } from "./index-conversation";

// Gallery entries are written with the work they show, by the real generate and send
// functions against the emulator: one per alpha image, a layer set, a group set, a conversation
// that grows with its turns; each linked to its images (outputs) and what it was made from (inputs).
const context = useStudioTestContext();
const db = () => context.testDb.db;

async function uploadedPng() {
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#2266aa" } }).png().toBuffer();
  const asset = await storeImage({ source: Readable.from([png]), ownerId: context.user.id, teamId: null, kind: "input", allowedMimes: ["image/png"], maxBytes: 30_000_000, decode: "before-row" });
  return { assetId: asset.id, mime: "image/png" as const, bytes: png.length };
}

const entriesOf = (where: { generationId?: string; conversationId?: string }) =>
  db().galleryItem.findMany({ where, include: { assets: { select: { assetId: true, output: true } } }, orderBy: { createdAt: "asc" } });

async function beta(input: BetaFormInput) {
  const { job, generation } = await startBeta(context.user, betaFormSchema.parse(input));
  expect((await waitForJob(db(), job.id)).state).toBe("succeeded");
  return generation.id;
}

describe("gallery entries of generations", () => {
  it("writes one image entry per alpha v3 image, with the prompt and revised prompt searchable and the reference linked", async () => {
    const reference = await uploadedPng();
    const { job, generation } = await startAlphaV3(context.user, alphaV3FormSchema.parse({ prompt: "a lighthouse at dawn", size: "1024x1024", images: [reference] }));
    expect((await waitForJob(db(), job.id)).state).toBe("succeeded");
    const stored = await db().generation.findUniqueOrThrow({ where: { id: generation.id }, include: { assets: true } });
    const entries = await entriesOf({ generationId: generation.id });
    expect(entries).toHaveLength(stored.assets.length);
    for (const entry of entries) {
      expect(entry).toMatchObject({ kind: "image", ownerId: context.user.id, teamId: null, model: "alpha-v3", prompt: "a lighthouse at dawn", imageCount: 1 });
      expect(entry.coverAssetId).toBe(entry.assetId);
      expect(entry.searchText).toBe([stored.prompt, stored.revisedPrompt].filter(Boolean).join("\n"));
      expect(entry.assets).toEqual(expect.arrayContaining([{ assetId: entry.assetId, output: true }, { assetId: reference.assetId, output: false }]));
      expect(entry.assets).toHaveLength(2);
    }

    // A retried record writes nothing more.
    await db().$transaction((tx) => indexGeneration(tx, { ...stored, images: stored.assets }, { model: "alpha-v3", references: [reference.assetId], grouped: false }));
    expect(await db().galleryItem.count({ where: { generationId: generation.id } })).toBe(entries.length);
    expect(await db().galleryItemAsset.count({ where: { itemId: { in: entries.map((e) => e.id) } } })).toBe(entries.length * 2);
  });

  it("writes the entries of a variation set with the set's id, so the gallery shows them as one tile", async () => {
    const { jobs, variationSetId } = await startAlphaV3(context.user, alphaV3FormSchema.parse({ prompt: "two kites", size: "1024x1024", variations: 2 }));
    for (const job of jobs) expect((await waitForJob(db(), job.id)).state).toBe("succeeded");
    const entries = await db().galleryItem.findMany({ where: { generationId: { in: jobs.map((job) => job.generationId!) } } });
    expect(variationSetId).not.toBeNull();
    expect(entries.map((entry) => entry.variationSetId)).toEqual([variationSetId, variationSetId]);
  });

  it("writes a beta layer decomposition as one layer set: the base image its cover, every image counted", async () => {
    const source = await uploadedPng();
    const id = await beta({ model: "beta-image-v5.0-pro", prompt: "split into 5 layers", layerDecomposition: true, images: [source], size: { method: "tier", tier: "1K" } });
    const [entry, ...others] = await entriesOf({ generationId: id });
    expect(others).toEqual([]);
    const base = await db().asset.findFirstOrThrow({ where: { generationId: id, role: "base" } });
    expect(entry).toMatchObject({ kind: "layer_set", model: "beta-pro", coverAssetId: base.id, imageCount: 6, assetId: null });
    expect(entry.assets.filter((link) => link.output)).toHaveLength(6);
    expect(entry.assets.filter((link) => !link.output)).toEqual([{ assetId: source.assetId, output: false }]);

    const recorded = await db().generation.findUniqueOrThrow({ where: { id }, include: { assets: { orderBy: { position: "asc" } } } });
    await db().$transaction((tx) => indexGeneration(tx, { ...recorded, images: recorded.assets }, { model: "beta-pro", references: [source.assetId], grouped: false }));
    expect(await db().galleryItem.count({ where: { generationId: id } })).toBe(1);
  });

  it("writes a beta group as one group set with its first image as cover, and a single beta image as an image entry", async () => {
    const group = await beta({ model: "beta-image-v5.0-lite", prompt: "4 images of a fox in the four seasons", group: { maxImages: 4 }, size: { method: "tier", tier: "2K" } });
    const [entry, ...others] = await entriesOf({ generationId: group });
    expect(others).toEqual([]);
    const first = await db().asset.findFirstOrThrow({ where: { generationId: group, position: 0 } });
    expect(entry).toMatchObject({ kind: "group_set", model: "beta-lite", coverAssetId: first.id, imageCount: 4 });
    expect(entry.assets.filter((link) => link.output)).toHaveLength(4);

    const single = await beta({ model: "beta-image-v5.0-pro", prompt: "a lighthouse", size: { method: "tier", tier: "1K" } });
    expect(await entriesOf({ generationId: single })).toMatchObject([{ kind: "image", model: "beta-pro", imageCount: 1 }]);
  });
});

describe("the gallery entry of a conversation", () => {
  async function send(conversationId: string, parentTurnId: string | null, text: string, images: Array<{ assetId: string; mime: "image/png"; bytes: number }> = []) {
    const { parentTurnId: parent, ...values } = sendTurnSchema.parse({ parentTurnId, text, size: "1K", images });
    const { job, turn } = await startTurn(context.user, conversationId, parent, values);
    expect((await waitForJob(db(), job.id)).state).toBe("succeeded");
    return { id: turn.id, image: await db().asset.findFirstOrThrow({ where: { turnId: turn.id, position: 0 } }) };
  }

  it("is made with the first image and grows with every turn, staying shared once shared", async () => {
    const conversation = await createConversation(context.user);
    const first = await send(conversation.id, null, "a red bicycle in a field");
    const [made] = await entriesOf({ conversationId: conversation.id });
    expect(made).toMatchObject({ kind: "conversation", model: "alpha-v3.5", prompt: "a red bicycle in a field", coverAssetId: first.image.id, imageCount: 1 });
    // The turn's intermediate image, if the emulator sent one, is an input (replays use it).
    const intermediates = await db().asset.findMany({ where: { turnId: first.id, position: { not: 0 } }, select: { id: true } });
    expect(made.assets).toEqual(expect.arrayContaining([{ assetId: first.image.id, output: true }, ...intermediates.map(({ id }) => ({ assetId: id, output: false }))]));
    expect(made.assets).toHaveLength(1 + intermediates.length);

    // Shared with the team (as gallery-actions does), then a second turn with an attachment.
    const teamId = context.user.teamIds[0];
    await db().galleryItem.update({ where: { id: made.id }, data: { teamId, sharedAt: new Date() } });
    const attachment = await uploadedPng();
    const second = await send(conversation.id, first.id, "make it blue", [attachment]);
    const [grown, ...others] = await entriesOf({ conversationId: conversation.id });
    expect(others).toEqual([]);
    expect(grown).toMatchObject({ id: made.id, teamId, coverAssetId: second.image.id, imageCount: 2 });
    expect(grown.searchText).toContain("a red bicycle in a field");
    expect(grown.searchText).toContain("make it blue");
    const outputs = grown.assets.filter((link) => link.output).map((link) => link.assetId);
    expect(outputs.sort()).toEqual([first.image.id, second.image.id].sort());
    expect(grown.assets).toContainEqual({ assetId: attachment.assetId, output: false });

    // Recording the same turn again counts nothing twice.
    await db().$transaction((tx) => indexConversationTurn(tx, second.id, { placeholderTitle: UNTITLED_CONVERSATION, inputAssetIds: [attachment.assetId] }));
    expect(await db().galleryItem.findUniqueOrThrow({ where: { id: made.id } })).toMatchObject({ imageCount: 2, coverAssetId: second.image.id });
  });
});
