import "server-only";
import type { AlphaMessage } from "@/lib/upstream/alpha/wire-messages";
import { upstreamImageUrl } from "@/lib/images/reference-images";
import { imageUrlsInMessages, mapImageUrls } from "./assemble-messages";
import { assetIdOfRef } from "./asset-ref-format";

export function assetIdsInMessages(messages: readonly AlphaMessage[]): string[] {
  const ids = imageUrlsInMessages(messages).map(assetIdOfRef);
  return [...new Set(ids.filter((id): id is string => id !== undefined))];
}

export async function resolveAssetRefs(
  messages: readonly AlphaMessage[],
  loadAsset: (id: string) => Promise<{ id: string; storageKey: string; mime: string }>,
): Promise<AlphaMessage[]> {
  const urls = new Map<string, string>();
  for (const id of assetIdsInMessages(messages)) urls.set(id, await upstreamImageUrl(await loadAsset(id)));
  return mapImageUrls(messages, (url) => {
    const id = assetIdOfRef(url);
    return id ? urls.get(id)! : url;
  });
}
