import { toAssetDto, type AssetDto } from "@/lib/assets/asset-dto";

export type GenerationDto = {
  id: string;
  kind: string;
  model: string;
  prompt: string;
  params: unknown;
  status: "pending" | "succeeded" | "failed";
  requestId: string | null;
  tokens: number | null;
  revisedPrompt: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  durationMs: number | null;
  createdAt: string;
  completedAt: string | null;
  images: AssetDto[];
};

type GenerationRow = {
  id: string;
  kind: string;
  model: string;
  prompt: string;
  params: unknown;
  status: "pending" | "succeeded" | "failed";
  requestId: string | null;
  tokens: number | null;
  revisedPrompt: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  durationMs: number | null;
  createdAt: Date;
  completedAt: Date | null;
  assets: Parameters<typeof toAssetDto>[0][];
};

export function toGenerationDto(row: GenerationRow): GenerationDto {
  return {
    id: row.id,
    kind: row.kind,
    model: row.model,
    prompt: row.prompt,
    params: row.params,
    status: row.status,
    requestId: row.requestId,
    tokens: row.tokens,
    revisedPrompt: row.revisedPrompt,
    errorCode: row.errorCode,
    errorMessage: row.errorMessage,
    durationMs: row.durationMs,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    images: row.assets.map(toAssetDto),
  };
}
