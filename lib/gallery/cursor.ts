import "server-only";
import { AppError } from "@/lib/errors";

/** Where a gallery page ends: its last entry's place in the order (createdAt desc, id desc). */
export type GalleryCursor = { createdAt: Date; id: string };

// Opaque to the browser (base64url), so the order's keys can change without breaking the API.
export function encodeGalleryCursor(cursor: GalleryCursor): string {
  return Buffer.from(`${cursor.createdAt.getTime()}.${cursor.id}`).toString("base64url");
}

export function decodeGalleryCursor(text: string): GalleryCursor {
  const match = /^(\d{1,13})\.([0-9a-f-]{36})$/.exec(Buffer.from(text, "base64url").toString());
  if (!match) throw new AppError("validation_failed", "cursor must be a cursor from a previous page", [{ field: "cursor", message: "cursor must be a cursor from a previous page" }]);
  return { createdAt: new Date(Number(match[1])), id: match[2] };
}
