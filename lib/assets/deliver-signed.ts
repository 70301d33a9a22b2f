import "server-only";
import { AppError } from "@/lib/errors";
import { blobStore } from "@/lib/storage";
import type { BlobStore } from "@/lib/storage/blob-store";
import { type DeliveryQuery, type DeliveryTarget, verifyDelivery } from "./delivery-url";
import { contentDisposition, serveBlob } from "./serve-asset";

/**
 * The bytes a delivery URL names, once its signature holds (nothing is read before). From an object
 * store they come straight from it (presignedRedirect); from the local disk the studio streams them.
 */
export async function deliverSigned(assetId: string, query: DeliveryQuery, request: Request, now = Date.now()): Promise<Response> {
  const target = verifyDelivery(assetId, query, now);
  if (!target) throw new AppError("forbidden", "This link is not valid or has expired: reload the page for a new one", [{ field: "s", message: "s must be a current signature for this file" }]);
  const download = target.variant === "download";
  const store = blobStore();
  if (!store.presignedGetUrl) return serveBlob(target, request, { download });
  return new Response(null, { status: 302, headers: await presignedRedirect(store, target, query, now) });
}

/**
 * The headers of a verified delivery's redirect to an object store: a presigned GET that expires
 * with the delivery URL, so revocation reaches it as soon, and that the browser may keep as long.
 */
export async function presignedRedirect(store: BlobStore, target: DeliveryTarget, query: DeliveryQuery, now = Date.now()): Promise<Record<string, string>> {
  if (!store.presignedGetUrl) throw new Error("this blob store has no presigned URLs");
  const secondsLeft = Math.max(1, Number(query.e) - Math.floor(now / 1000));
  const location = await store.presignedGetUrl(target.storageKey, {
    contentType: target.mime,
    contentDisposition: contentDisposition(target.fileName, target.variant === "download"),
    expiresInSeconds: secondsLeft,
  });
  return { Location: location, "Cache-Control": `private, max-age=${secondsLeft}` };
}
