import type { FileStore } from "./files";

export type InputProblem = "download" | "too_large" | "malformed";

export class InputImageError extends Error {
  constructor(
    readonly problem: InputProblem,
    message: string,
  ) {
    super(message);
  }
}

export interface LoadedImage {
  bytes: Buffer;
  /** The `<format>` of a data URL exactly as written (beta requires it in lowercase). */
  declaredFormat?: string;
}

export interface LoadOptions {
  files: FileStore;
  maxBytes: number;
  /** Alpha v3 accepts bare Base64 as well as data URLs (spec 4.1 "URL or Base64"). */
  allowRawBase64: boolean;
}

const DATA_URL = /^data:image\/([A-Za-z0-9.+-]+);base64,(.*)$/s;
const RAW_BASE64 = /^[A-Za-z0-9+/\s]+={0,2}\s*$/;
const FETCH_TIMEOUT_MS = 15_000;

function decodeBase64(payload: string, maxBytes: number): Buffer {
  // Check the encoded length first so an oversized image is refused before it is decoded.
  if (Math.floor((payload.length * 3) / 4) > maxBytes + 3) {
    throw new InputImageError("too_large", `image exceeds ${maxBytes} bytes`);
  }
  const bytes = Buffer.from(payload, "base64");
  if (bytes.length === 0) throw new InputImageError("malformed", "empty Base64 image");
  if (bytes.length > maxBytes) throw new InputImageError("too_large", `image exceeds ${maxBytes} bytes`);
  return bytes;
}

async function download(url: string, maxBytes: number): Promise<Buffer> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (error) {
    throw new InputImageError("download", `could not download ${url}: ${(error as Error).message}`);
  }
  if (!response.ok || !response.body) {
    throw new InputImageError("download", `could not download ${url}: HTTP ${response.status}`);
  }
  if (Number(response.headers.get("content-length") ?? "0") > maxBytes) {
    await response.body.cancel();
    throw new InputImageError("too_large", `image at ${url} exceeds ${maxBytes} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > maxBytes) throw new InputImageError("too_large", `image at ${url} exceeds ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Resolves an image reference: a data URL, bare Base64 (alpha v3), a URL this emulator issued
 * (read directly, no key needed) or any other http(s) URL (downloaded).
 */
export async function loadImage(ref: string, opts: LoadOptions): Promise<LoadedImage> {
  const dataUrl = DATA_URL.exec(ref);
  if (dataUrl) return { bytes: decodeBase64(dataUrl[2], opts.maxBytes), declaredFormat: dataUrl[1] };

  const ownId = opts.files.idOfOwnUrl(ref);
  if (ownId) {
    const found = await opts.files.read(ownId);
    if (found === "expired") throw new InputImageError("download", `${ref} has expired`);
    if (!found) throw new InputImageError("download", `${ref} was never issued`);
    if (found.data.length > opts.maxBytes) throw new InputImageError("too_large", `image exceeds ${opts.maxBytes} bytes`);
    return { bytes: found.data };
  }

  if (/^https?:\/\//i.test(ref)) return { bytes: await download(ref, opts.maxBytes) };

  if (opts.allowRawBase64 && RAW_BASE64.test(ref)) return { bytes: decodeBase64(ref.replace(/\s/g, ""), opts.maxBytes) };

  throw new InputImageError("malformed", "an image must be an http(s) URL or a data:image/...;base64, URL");
}
