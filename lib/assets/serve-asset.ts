import "server-only";
import { Readable } from "node:stream";
import { parseRange } from "@/lib/http/range";
import { AppError } from "@/lib/errors";
import { blobStore } from "@/lib/storage";

type Servable = { storageKey: string; mime: string; fileName: string };

/** How a served file is offered: shown inline, or saved under its name. */
export function contentDisposition(fileName: string, download: boolean): string {
  return `${download ? "attachment" : "inline"}; filename="${fileName}"`;
}

// Streams a stored blob with Content-Type, a strong ETag (the sha256) and single byte ranges, never
// holding the file in memory.
export async function serveBlob(blob: Servable, request: Request, options: { download?: boolean } = {}): Promise<Response> {
  const info = await blobStore().stat(blob.storageKey);
  if (!info) throw new AppError("not_found", "The stored file is missing");
  const size = info.bytes;
  // Keys are content hashes, so the key is a strong validator.
  const etag = `"${blob.storageKey}"`;
  const headers = new Headers({
    "Content-Type": blob.mime,
    ETag: etag,
    "Accept-Ranges": "bytes",
    "Cache-Control": "private, max-age=31536000, immutable",
    "Content-Disposition": contentDisposition(blob.fileName, options.download === true),
  });
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });

  const ifRange = request.headers.get("if-range");
  const rangeHeader = ifRange && ifRange !== etag ? null : request.headers.get("range");
  const range = parseRange(rangeHeader, size);
  if (range.kind === "unsatisfiable") {
    throw new AppError("range_not_satisfiable", "The requested byte range is outside the file", [], { "Content-Range": `bytes */${size}` });
  }
  const stream = await blobStore().get(blob.storageKey, range.kind === "partial" ? range.range : undefined);
  const body = Readable.toWeb(stream) as ReadableStream<Uint8Array>;
  if (range.kind === "partial") {
    const { start, end } = range.range;
    headers.set("Content-Range", `bytes ${start}-${end}/${size}`);
    headers.set("Content-Length", String(end - start + 1));
    return new Response(body, { status: 206, headers });
  }
  headers.set("Content-Length", String(size));
  return new Response(body, { status: 200, headers });
}
