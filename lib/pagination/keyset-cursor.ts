import "server-only";
import { AppError } from "@/lib/errors";

/** Where a page of a list ordered newest first ends: its last row's place (createdAt desc, id desc). */
export type KeysetCursor = { createdAt: Date; id: string };

// Opaque to the browser (base64url), so the order's keys can change without breaking the API.
export function encodeKeysetCursor(cursor: KeysetCursor): string {
  return Buffer.from(`${cursor.createdAt.getTime()}.${cursor.id}`).toString("base64url");
}

export function decodeKeysetCursor(text: string): KeysetCursor {
  const match = /^(\d{1,13})\.([0-9a-f-]{36})$/.exec(Buffer.from(text, "base64url").toString());
  if (!match) throw new AppError("validation_failed", "cursor must be a cursor from a previous page", [{ field: "cursor", message: "cursor must be a cursor from a previous page" }]);
  return { createdAt: new Date(Number(match[1])), id: match[2] };
}
