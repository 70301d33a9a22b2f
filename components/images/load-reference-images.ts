import type { ReferenceImage } from "@/components/images/reference-image";
import type { AssetDto } from "@/lib/assets/asset-dto";
import { api } from "@/lib/client/api";

// "Reuse settings" gets reference images back as asset ids only (the generation's stored params);
// the form needs each one's type, size and links to show and validate it (spec 4.1).
async function loadReferenceImage(assetId: string): Promise<ReferenceImage | undefined> {
  try {
    const { asset } = await api<{ asset: AssetDto }>(`/api/assets/${encodeURIComponent(assetId)}/meta`);
    return asset;
  } catch {
    return undefined;
  }
}

/** Resolves the ids it can; `missing` counts references that were deleted or are no longer visible. */
export async function loadReferenceImages(assetIds: string[]): Promise<{ images: ReferenceImage[]; missing: number }> {
  const loaded = await Promise.all(assetIds.map(loadReferenceImage));
  const images = loaded.filter((image): image is ReferenceImage => image !== undefined);
  return { images, missing: assetIds.length - images.length };
}

/** The notice after "Reuse settings" refilled a form, naming references that could not come back. */
export function settingsLoadedNotice(missing: number): { tone: "info" | "warning"; text: string } {
  return missing > 0
    ? { tone: "warning", text: `Settings loaded, but ${missing} reference image${missing === 1 ? " is" : "s are"} no longer available.` }
    : { tone: "info", text: "Settings loaded from the result. Change anything, then generate." };
}
