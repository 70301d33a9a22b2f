import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";

type ByteRange = { start: number; end: number } | "unsatisfiable" | undefined;

/**
 * One `bytes=` range (RFC 9110). Malformed or multi-range headers are ignored (the whole file is
 * sent, as the RFC allows); a range starting past the end is unsatisfiable.
 */
export function parseRange(header: string | null, size: number): ByteRange {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return undefined;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return "unsatisfiable";
  if (end < start) return undefined;
  return { start, end };
}

/**
 * An MP4 file as `video/mp4` with Content-Disposition and Range support (spec 4.4 content:
 * 200, 206 with Content-Range, 416). Undefined when the file is gone.
 */
export async function mp4Response(request: Request, filePath: string, filename: string): Promise<Response | undefined> {
  let size: number;
  try {
    size = (await stat(filePath)).size;
  } catch {
    return undefined;
  }
  const headers = new Headers({
    "Content-Type": "video/mp4",
    "Accept-Ranges": "bytes",
    "Content-Disposition": `attachment; filename="${filename}"`,
  });
  const range = parseRange(request.headers.get("range"), size);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  headers.set("Content-Length", String(Math.max(0, end - start + 1)));
  if (range) headers.set("Content-Range", `bytes ${start}-${end}/${size}`);
  const body = request.method === "HEAD" || size === 0 ? null : (Readable.toWeb(createReadStream(filePath, { start, end })) as ReadableStream<Uint8Array>);
  return new Response(body, { status: range ? 206 : 200, headers });
}
