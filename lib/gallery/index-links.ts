import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * Links an entry to what it shows (output) and what it was made from (input): teammates who may read
 * the entry may open these assets (lib/sharing/access). A link that exists stays as it is,
 * so a retried record adds nothing; an input deleted since the request is skipped.
 */
export async function linkItemAssets(tx: Prisma.TransactionClient, itemId: string, outputs: readonly string[], inputs: readonly string[]): Promise<void> {
  const inputOnly = [...new Set(inputs)].filter((id) => !outputs.includes(id));
  const existingInputs = inputOnly.length === 0 ? [] : await tx.asset.findMany({ where: { id: { in: inputOnly } }, select: { id: true } });
  const data = [...outputs.map((assetId) => ({ itemId, assetId, output: true })), ...existingInputs.map(({ id }) => ({ itemId, assetId: id, output: false }))];
  if (data.length > 0) await tx.galleryItemAsset.createMany({ data, skipDuplicates: true });
}
