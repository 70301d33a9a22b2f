import { toAssetDto } from "@/lib/assets/asset-dto";
import type { Asset, Turn } from "@/lib/generated/prisma/client";
import type { AlphaMessage } from "@/lib/upstream/alpha/wire-messages";
import { countImages, imageUrlsInMessages, replayedMessages } from "./assemble-messages";
import { assetIdOfRef } from "./asset-ref-format";
import { readStoredTurnParams } from "./stored-turn-params";

export type TurnDto = ReturnType<typeof toTurnDto>;

type TurnRow = Turn & { assets: Asset[] };

export function toTurnDto(row: TurnRow, inputAssets: Map<string, Asset>) {
  const requestMessages = (row.requestMessages ?? []) as unknown as AlphaMessage[];
  const assembledHistory = row.assembledHistory as unknown as AlphaMessage[] | null;
  const lastUser = requestMessages.findLast((m) => m.role === "user");
  const inputImages = imageUrlsInMessages(lastUser ? [lastUser] : [])
    .map((url) => inputAssets.get(assetIdOfRef(url) ?? ""))
    .filter((asset): asset is Asset => asset !== undefined);
  const final = row.assets.find((asset) => asset.position === 0);
  return {
    id: row.id,
    parentTurnId: row.parentTurnId,
    userText: row.userText,
    params: row.params as unknown,
    /** The settings the turn was sent with, read with their schema; null when they no longer read. */
    storedParams: readStoredTurnParams(row.params),
    status: row.status,
    errorCode: row.errorCode,
    errorMessage: row.errorMessage,
    requestId: row.requestId,
    upstreamModel: row.upstreamModel,
    tokens: row.tokens,
    durationMs: row.durationMs,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    inputImages: inputImages.map(toAssetDto),
    image: row.status === "succeeded" && final ? toAssetDto(final) : null,
    /** Images the next request carries when it continues from this turn (spec 4.2 rule 1 counts them). */
    imagesCarried: countImages(replayedMessages({ status: row.status, requestMessages, assembledHistory })),
  };
}
