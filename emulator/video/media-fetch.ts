import { MediaError } from "./media-error";

const FETCH_TIMEOUT_MS = 30_000;

function decodeDataUrl(uri: string, maxBytes: number): Buffer {
  const comma = uri.indexOf(",");
  const header = uri.slice(5, comma);
  const payload = uri.slice(comma + 1);
  const bytes = /;base64$/i.test(header) ? Buffer.from(payload, "base64") : Buffer.from(decodeURIComponent(payload), "utf8");
  if (bytes.byteLength > maxBytes) throw new MediaError("media_too_large", `file is ${bytes.byteLength} bytes, above the ${maxBytes} byte limit`);
  return bytes;
}

async function download(uri: string, maxBytes: number): Promise<Buffer> {
  let response: Response;
  try {
    response = await fetch(uri, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: "follow" });
  } catch (error) {
    throw new MediaError("media_fetch_failed", `download failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok || !response.body) throw new MediaError("media_fetch_failed", `download answered HTTP ${response.status}`);
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      total += chunk.byteLength;
      // Stop reading as soon as the limit is passed rather than buffering a huge file.
      if (total > maxBytes) throw new MediaError("media_too_large", `file is larger than the ${maxBytes} byte limit`);
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof MediaError) throw error;
    throw new MediaError("media_fetch_failed", `download broke off: ${error instanceof Error ? error.message : String(error)}`);
  }
  return Buffer.concat(chunks);
}

/** The bytes behind a condition `uri` (http(s) or data: URL, spec 4.4.1 "our choice"), at most `maxBytes`. */
export async function fetchMedia(uri: string, maxBytes: number): Promise<Buffer> {
  if (/^data:/i.test(uri)) return decodeDataUrl(uri, maxBytes);
  return download(uri, maxBytes);
}
