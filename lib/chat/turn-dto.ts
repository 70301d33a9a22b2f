import { toAssetDto, type AssetDto } from "@/lib/assets/asset-dto";
import type { AlphaMessage } from "@/lib/upstream/alpha/wire-messages";
import { assetIdOfRef } from "./asset-ref-format";

export type TurnDto = {
  id: string;
  parentTurnId: string | null;
  userText: string;
  params: unknown;
  status: "pending" | "succeeded" | "failed";
  errorCode: string | null;
  errorMessage: string | null;
  requestId: string | null;
  upstreamModel: string | null;
  tokens: number | null;
  durationMs: number | null;
  createdAt: string;
  completedAt: string | null;
  inputImages: AssetDto[];
  image: AssetDto | null;
  /** Images the next request carries when it continues from this turn (spec 4.2 rule 1 counts them). */
  imagesCarried: number;
};

type AssetRow = Parameters<typeof toAssetDto>[0] & { position: number };

type TurnRow = {
  id: string;
  parentTurnId: string | null;
  userText: string;
  params: unknown;
  status: "pending" | "succeeded" | "failed";
  errorCode: string | null;
  errorMessage: string | null;
  requestId: string | null;
  upstreamModel: string | null;
  tokens: number | null;
  durationMs: number | null;
  createdAt: Date;
  completedAt: Date | null;
  requestMessages: unknown;
  assembledHistory: unknown;
  assets: AssetRow[];
};

function images(messages: AlphaMessage[]): string[] {
  return messages.flatMap((m) => (m.content ?? []).flatMap((c) => (c.type === "image_url" ? [c.image_url.url] : [])));
}

export function toTurnDto(row: TurnRow, inputAssets: Map<string, AssetRow>): TurnDto {
  const requestMessages = (row.requestMessages ?? []) as AlphaMessage[];
  const history = (row.assembledHistory ?? []) as AlphaMessage[];
  const lastUser = requestMessages.findLast((m) => m.role === "user");
  const inputImages = images(lastUser ? [lastUser] : [])
    .map((url) => inputAssets.get(assetIdOfRef(url) ?? ""))
    .filter((asset): asset is AssetRow => asset !== undefined);
  const final = row.assets.find((asset) => asset.position === 0);
  return {
    id: row.id,
    parentTurnId: row.parentTurnId,
    userText: row.userText,
    params: row.params,
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
    imagesCarried: row.status === "succeeded" ? images([...requestMessages, ...history]).length : 0,
  };
}
