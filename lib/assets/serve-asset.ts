import "server-only";
import { Readable } from "node:stream";
import { parseRange } from "@/lib/http/range";
import { AppError } from "@/lib/errors";
import { blobStore } from "@/lib/storage";
import type { ByteRange } from "@/lib/storage/blob-store";

type Servable = { storageKey: string; mime: string; fileName: string };

/** How a served file is offered: shown inline, or saved under its name. */
export function contentDisposition(fileName: string, download: boolean): string {
  return `${download ? "attachment" : "inline"}; filename="${fileName}"`;
}

/** A request header by its lower-case name, from a Web Request or from Node's IncomingMessage. */
type HeaderOf = (name: string) => string | null | undefined;

/** What a request for a stored file of `size` bytes is answered: the status, its headers and the bytes to send. */
export type BlobAnswer =
  | { status: 304; headers: Record<string, string>; range?: undefined }
  | { status: 200; headers: Record<string, string>; range?: undefined }
  | { status: 206; headers: Record<string, string>; range: ByteRange }
  | { status: 416; headers: Record<string, string>; range?: undefined };

// Content-Type, a strong ETag (the sha256), 304 on a matching If-None-Match and single byte ranges
// (If-Range honoured). Decided from the request's headers alone, so that the Next route
// (serveBlob) and the web entry's delivery path (deliver-from-node) answer alike.
export function blobAnswer(blob: Servable, size: number, header: HeaderOf, options: { download?: boolean } = {}): BlobAnswer {
  // Keys are content hashes, so the key is a strong validator.
  const etag = `"${blob.storageKey}"`;
  const headers: Record<string, string> = {
    "Content-Type": blob.mime,
    ETag: etag,
    "Accept-Ranges": "bytes",
    "Cache-Control": "private, max-age=31536000, immutable",
    "Content-Disposition": contentDisposition(blob.fileName, options.download === true),
  };
  if (header("if-none-match") === etag) return { status: 304, headers };
  const ifRange = header("if-range");
  const range = parseRange(ifRange && ifRange !== etag ? null : (header("range") ?? null), size);
  if (range.kind === "unsatisfiable") return { status: 416, headers: { "Content-Range": `bytes */${size}` } };
  if (range.kind === "partial") {
    const { start, end } = range.range;
    return { status: 206, headers: { ...headers, "Content-Range": `bytes ${start}-${end}/${size}`, "Content-Length": String(end - start + 1) }, range: range.range };
  }
  return { status: 200, headers: { ...headers, "Content-Length": String(size) } };
}

// Streams a stored blob as blobAnswer decides, never holding the file in memory.
export async function serveBlob(blob: Servable, request: Request, options: { download?: boolean } = {}): Promise<Response> {
  const info = await blobStore().stat(blob.storageKey);
  if (!info) throw new AppError("not_found", "The stored file is missing");
  const answer = blobAnswer(blob, info.bytes, (name) => request.headers.get(name), options);
  if (answer.status === 416) throw new AppError("range_not_satisfiable", "The requested byte range is outside the file", [], answer.headers);
  if (answer.status === 304) return new Response(null, { status: 304, headers: answer.headers });
  const stream = await blobStore().get(blob.storageKey, answer.range);
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { status: answer.status, headers: answer.headers });
}
