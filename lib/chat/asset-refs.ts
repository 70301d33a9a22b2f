import "server-only";
import type { AlphaMessage } from "@/lib/upstream/alpha/wire-messages";
import { upstreamImageUrl } from "@/lib/images/reference-images";
import { assetIdOfRef } from "./asset-ref-format";

export function assetIdsInMessages(messages: readonly AlphaMessage[]): string[] {
  const ids = messages.flatMap((m) => (m.content ?? []).flatMap((c) => (c.type === "image_url" ? [assetIdOfRef(c.image_url.url)] : [])));
  return [...new Set(ids.filter((id): id is string => id !== undefined))];
}

export async function resolveAssetRefs(
  messages: readonly AlphaMessage[],
  loadAsset: (id: string) => Promise<{ id: string; storageKey: string; mime: string }>,
): Promise<AlphaMessage[]> {
  const urls = new Map<string, string>();
  for (const id of assetIdsInMessages(messages)) urls.set(id, await upstreamImageUrl(await loadAsset(id)));
  return messages.map((message) => ({
    ...message,
    ...(message.content && {
      content: message.content.map((content) => {
        if (content.type !== "image_url") return content;
        const id = assetIdOfRef(content.image_url.url);
        return id ? { ...content, image_url: { url: urls.get(id)! } } : content;
      }),
    }),
  }));
}
