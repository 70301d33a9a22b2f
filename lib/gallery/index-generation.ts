import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { GalleryModel } from "./gallery-models";
import { linkItemAssets } from "./index-links";

type Tx = Prisma.TransactionClient;

/** What the generator knows of its request: the gallery's model, the reference images, whether it asked for a group. */
export type GenerationEntryFacts = { model: GalleryModel; references: readonly string[]; grouped: boolean };

/**
 * Writes the gallery entries of a generation that has just succeeded, in the transaction that records
 * it (issue 12), so the gallery never shows half-stored results: a decomposition (a base image with
 * its layers) is one `layer_set`, a group one `group_set`, anything else one `image` entry per image.
 * Each entry is linked to its images and to the generation's reference images. Writing it again (a
 * retried record) adds nothing.
 */
export async function indexGeneration(tx: Tx, generationId: string, facts: GenerationEntryFacts): Promise<void> {
  const generation = await tx.generation.findUniqueOrThrow({
    where: { id: generationId },
    include: { assets: { orderBy: { position: "asc" }, select: { id: true, role: true } } },
  });
  const images = generation.assets;
  if (images.length === 0) return;
  const entry = {
    ownerId: generation.ownerId,
    generationId,
    model: facts.model,
    prompt: generation.prompt,
    searchText: [generation.prompt, generation.revisedPrompt].filter(Boolean).join("\n"),
  };
  const base = images.find((image) => image.role === "base");
  if (base || facts.grouped) {
    const kind = base ? "layer_set" : "group_set";
    const cover = base ?? images[0];
    const item =
      (await tx.galleryItem.findFirst({ where: { generationId, kind }, select: { id: true } })) ??
      (await tx.galleryItem.create({ data: { ...entry, kind, coverAssetId: cover.id, imageCount: images.length }, select: { id: true } }));
    await linkItemAssets(tx, item.id, images.map((image) => image.id), facts.references);
    return;
  }
  for (const image of images) {
    const item = await tx.galleryItem.upsert({
      where: { assetId: image.id },
      create: { ...entry, kind: "image", assetId: image.id, coverAssetId: image.id, imageCount: 1 },
      update: {},
      select: { id: true },
    });
    await linkItemAssets(tx, item.id, [image.id], facts.references);
  }
}
