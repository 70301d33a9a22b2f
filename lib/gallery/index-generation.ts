import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { GalleryModel } from "./gallery-models";
import { linkItemAssets } from "./index-links";

type Tx = Prisma.TransactionClient;

/** What the generator knows of its request: the gallery's model, the reference images, whether it asked for a group. */
export type GenerationEntryFacts = { model: GalleryModel; references: readonly string[]; grouped: boolean };

/** A stored image of the generation (a beta decomposition's say whether they are its base or a layer). */
export type EntryImage = { id: string; role: string | null };

/** What an entry is written from: the generation as its end recorded it (`ENTRY_SOURCE`), and its stored images in order. */
export type GenerationEntrySource = {
  id: string;
  ownerId: string;
  prompt: string;
  revisedPrompt: string | null;
  variationSetId: string | null;
  images: readonly EntryImage[];
};

/** The generation's columns an entry needs: select them where its end is recorded (the update returns them). */
export const ENTRY_SOURCE = { id: true, ownerId: true, prompt: true, revisedPrompt: true, variationSetId: true } as const;

/**
 * Writes the gallery entries of a generation that has just succeeded, in the transaction that records
 * it, so the gallery never shows half-stored results: a decomposition (a base image with
 * its layers) is one `layer_set`, a group one `group_set`, anything else one `image` entry per image.
 * Each entry is linked to its images and to the generation's reference images. Writing it again (a
 * retried record) adds nothing. It reads nothing: the caller knows the generation and its images, and
 * this runs at the end of every generation.
 */
export async function indexGeneration(tx: Tx, generation: GenerationEntrySource, facts: GenerationEntryFacts): Promise<void> {
  const { images } = generation;
  if (images.length === 0) return;
  const entry = {
    ownerId: generation.ownerId,
    generationId: generation.id,
    variationSetId: generation.variationSetId,
    model: facts.model,
    prompt: generation.prompt,
    searchText: [generation.prompt, generation.revisedPrompt].filter(Boolean).join("\n"),
  };
  const base = images.find((image) => image.role === "base");
  if (base || facts.grouped) {
    const kind = base ? "layer_set" : "group_set";
    const cover = base ?? images[0];
    const item =
      (await tx.galleryItem.findFirst({ where: { generationId: generation.id, kind }, select: { id: true } })) ??
      (await tx.galleryItem.create({ data: { ...entry, kind, coverAssetId: cover.id, imageCount: images.length }, select: { id: true } }));
    await linkItemAssets(tx, item.id, images.map((image) => image.id), facts.references);
    return;
  }
  // One statement for every image's entry; an image that has one already (a retried record) keeps it.
  const created = await tx.galleryItem.createManyAndReturn({
    data: images.map((image) => ({ ...entry, kind: "image" as const, assetId: image.id, coverAssetId: image.id, imageCount: 1 })),
    skipDuplicates: true,
    select: { id: true, assetId: true },
  });
  const missing = images.filter((image) => !created.some((item) => item.assetId === image.id)).map((image) => image.id);
  const existing = missing.length === 0 ? [] : await tx.galleryItem.findMany({ where: { assetId: { in: missing } }, select: { id: true, assetId: true } });
  const entryOf = new Map([...created, ...existing].map((item) => [item.assetId, item.id]));
  for (const image of images) {
    const itemId = entryOf.get(image.id);
    if (itemId) await linkItemAssets(tx, itemId, [image.id], facts.references);
  }
}
