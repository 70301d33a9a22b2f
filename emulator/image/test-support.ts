import sharp from "sharp";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { startEmulator, type RunningEmulator } from "../core/server";
import type { EmulatorConfig } from "../core/config";

export const API_KEY = "emulator-key";
export const AUTH = { Authorization: `Bearer ${API_KEY}` };
export const V3_PATH = "/v1/wand/alpha-image/v3-generation";
export const V35_PATH = "/v1/wand/alpha-image/v35-generation";
export const BETA_PATH = "/v1/wand/beta-image/generation";

/** The emulator as the contract tests use it: fast latency, free ports. */
/**
 * Registers one fast emulator for the enclosing describe block, reset before each test. Read
 * `host.url` (the image base URL) and `host.emulator` inside tests and helpers, not at definition time.
 */
export function useImageEmulator(config: Partial<EmulatorConfig> = {}): { readonly url: string; readonly emulator: RunningEmulator } {
  let emulator: RunningEmulator | undefined;
  beforeAll(async () => {
    emulator = await startTestEmulator(config);
  });
  afterAll(() => emulator?.close());
  beforeEach(() => control(emulator!.urls.image, "POST", "/reset"));
  return {
    get url() {
      return emulator!.urls.image;
    },
    get emulator() {
      return emulator!;
    },
  };
}

export function startTestEmulator(config: Partial<EmulatorConfig> = {}): Promise<RunningEmulator> {
  return startEmulator({ config: { latency: "fast", ...config }, ports: { image: 0, agent: 0, inference: 0 } });
}

export interface JsonReply<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** POSTs JSON with the Bearer key (unless `headers` replaces it) and parses the JSON answer. */
export async function postJson<T = any>(
  baseUrl: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = AUTH,
): Promise<JsonReply<T>> {
  const response = await fetch(baseUrl + path, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

export async function control(baseUrl: string, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${baseUrl}/__emulator${path}`, {
    method,
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json();
}

/** Downloads an issued image URL with the key. */
export async function download(url: string): Promise<Buffer> {
  const response = await fetch(url, { headers: AUTH });
  if (!response.ok) throw new Error(`download of ${url} failed: ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/** A solid-colour PNG (or JPEG) for use as an input image. */
export function solidImage(width: number, height: number, rgb: [number, number, number], format: "png" | "jpeg" = "png") {
  const image = sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } });
  return (format === "png" ? image.png() : image.jpeg()).toBuffer();
}

export const dataUrl = (bytes: Buffer, format = "png") => `data:image/${format};base64,${bytes.toString("base64")}`;

/** Mean RGB of a region given in fractions of the image (0..1). */
export async function regionMean(
  image: Buffer,
  region: { left: number; top: number; width: number; height: number },
): Promise<[number, number, number]> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  // stats() reads its input, not the pipeline, so the region is cut out first.
  const cut = await sharp(image)
    .removeAlpha()
    .extract({
      left: Math.floor(region.left * width),
      top: Math.floor(region.top * height),
      width: Math.floor(region.width * width),
      height: Math.floor(region.height * height),
    })
    .png()
    .toBuffer();
  const stats = await sharp(cut).stats();
  return [stats.channels[0].mean, stats.channels[1].mean, stats.channels[2].mean];
}

/** Mean absolute per-channel difference of two equally sized images, after an optional scale-down. */
export async function meanDifference(a: Buffer, b: Buffer, size = 64, crop?: { top: number }): Promise<number> {
  const pixels = async (image: Buffer) => {
    const { width = 0, height = 0 } = await sharp(image).metadata();
    const top = Math.floor((crop?.top ?? 0) * height);
    return sharp(image)
      .removeAlpha()
      .extract({ left: 0, top, width, height: height - top })
      .resize(size, size, { fit: "fill" })
      .raw()
      .toBuffer();
  };
  const [pa, pb] = await Promise.all([pixels(a), pixels(b)]);
  let total = 0;
  for (let i = 0; i < pa.length; i += 1) total += Math.abs(pa[i] - pb[i]);
  return total / pa.length;
}

export const userText = (text: string, images: string[] = []) => ({
  role: "user",
  content: [{ type: "text", text }, ...images.map((url) => ({ type: "image_url", image_url: { url } }))],
});

/** A plain local http server handing out fixed images, standing in for a public image host. */
export async function startImageHost(files: Record<string, Buffer>): Promise<{ url: string; close(): Promise<void> }> {
  const { createServer } = await import("node:http");
  const server = createServer((request, response) => {
    const body = files[request.url ?? ""];
    if (!body) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "Content-Type": "image/png", "Content-Length": body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Sends a request whose body is held open, so it stays in flight until `finish` is called. */
export function heldRequest(url: string, headers: Record<string, string>, body: unknown) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
      // Leading whitespace is valid JSON and makes the client send the request at once.
      streamController.enqueue(new TextEncoder().encode(" "));
    },
  });
  const response = fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: stream,
    duplex: "half",
  } as RequestInit);
  return {
    response,
    finish: () => {
      controller.enqueue(new TextEncoder().encode(JSON.stringify(body)));
      controller.close();
    },
  };
}

/** Repeats `attempt` until it returns true, for up to `timeoutMs`. */
export async function eventually(attempt: () => Promise<boolean>, timeoutMs = 5000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await attempt()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}
