import "server-only";
import { AppError } from "@/lib/errors";
import { blobStore } from "@/lib/storage";
import { type DeliveryQuery, verifyDelivery } from "./delivery-url";
import { contentDisposition, serveBlob } from "./serve-asset";

/**
 * The bytes a delivery URL names, once its signature holds (nothing is read before). From an object
 * store they come straight from it: a redirect to a presigned GET that expires with the delivery URL,
 * so revocation reaches it as soon; from the local disk the studio streams them.
 */
export async function deliverSigned(assetId: string, query: DeliveryQuery, request: Request, now = Date.now()): Promise<Response> {
  const target = verifyDelivery(assetId, query, now);
  if (!target) throw new AppError("forbidden", "This link is not valid or has expired: reload the page for a new one", [{ field: "s", message: "s must be a current signature for this file" }]);
  const download = target.variant === "download";
  const store = blobStore();
  if (!store.presignedGetUrl) return serveBlob(target, request, { download });
  const secondsLeft = Math.max(1, Number(query.e) - Math.floor(now / 1000));
  const location = await store.presignedGetUrl(target.storageKey, {
    contentType: target.mime,
    contentDisposition: contentDisposition(target.fileName, download),
    expiresInSeconds: secondsLeft,
  });
  return new Response(null, { status: 302, headers: { Location: location, "Cache-Control": `private, max-age=${secondsLeft}` } });
}
