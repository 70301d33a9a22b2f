// `npm run bench:assets`: asset delivery against a plain Node static server serving the same bytes
// (issue 23). A production studio gets an uploaded image (its thumbnail is the gallery's tile) and a
// ~23 MB video; then, 6 requests at once, three cases: thumbnails (requests/s and p50), 1 MiB ranged
// reads of the video at random offsets, and full reads of it. Each case runs against the static
// server, the session path (GET /api/assets/[id], a session read and an access query per request)
// and the signed delivery path (GET /api/delivery/[id], lib/assets/delivery-url), taking turns, and
// prints each path's ratio to the static server. Figures are printed, never asserted.
// BENCH_PORT sets the studio's port (the static server takes the next one); BENCH_SECONDS the
// length of each measurement (default 5).
import { spawnSync } from "node:child_process";
import { createReadStream } from "node:fs";
import { chmod, mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { benchDatabase, runBench, signUpFirstAccount, startEmulator, startStudio, stopAll, studioUrl } from "./bench/studio-harness";

const port = Number(process.env.BENCH_PORT ?? 3410);
const studio = studioUrl(port);
const distDir = process.env.NEXT_DIST_DIR ?? ".next-bench";
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = 6;
const MIB = 1024 * 1024;

type Asset = { id: string; mime: string; delivery: { url: string; thumbnailUrl: string | null; downloadUrl: string } };

/** A ~23 MB H.264 clip (8 s of noise at 21 Mbit/s): noise, so the encoder cannot make it small. */
function makeVideo(file: string): void {
  const ffmpeg = (createRequire(import.meta.url)("@ffmpeg-installer/ffmpeg") as { path: string }).path;
  const args = ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=24", "-t", "8", "-vf", "noise=alls=60:allf=t"];
  const made = spawnSync(ffmpeg, [...args, "-c:v", "libx264", "-preset", "ultrafast", "-b:v", "21M", "-maxrate", "21M", "-bufsize", "42M", "-pix_fmt", "yuv420p", file]);
  if (made.status !== 0) throw new Error(`ffmpeg failed: ${made.stderr.toString()}`);
}

/** A 1024×1024 PNG, made by the studio's own image library. */
async function makeImage(): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  return sharp({ create: { width: 1024, height: 1024, channels: 3, background: { r: 40, g: 120, b: 200 } } }).png().toBuffer();
}

async function upload(cookie: string, purpose: string, body: Buffer, mime: string): Promise<Asset> {
  const answer = await fetch(`${studio}/api/uploads?purpose=${purpose}&name=bench`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: studio, "Content-Type": mime },
    body: new Uint8Array(body),
  });
  if (answer.status !== 201) throw new Error(`upload answered ${answer.status}: ${await answer.text()}`);
  return ((await answer.json()) as { asset: Asset }).asset;
}

/** The asset's DTO again, once its thumbnail exists (the session path makes it on demand), so the delivery URL names the thumbnail. */
async function withThumbnail(cookie: string, asset: Asset): Promise<Asset> {
  const thumb = await fetch(`${studio}/api/assets/${asset.id}?variant=thumb`, { headers: { Cookie: cookie } });
  if (!thumb.ok) throw new Error(`thumbnail answered ${thumb.status}`);
  await thumb.arrayBuffer();
  const meta = await fetch(`${studio}/api/assets/${asset.id}/meta`, { headers: { Cookie: cookie } });
  return ((await meta.json()) as { asset: Asset }).asset;
}

/** Where a delivery URL's bytes live in the studio's data directory (lib/storage/fs-blob-store). */
function blobPath(dataDir: string, deliveryUrl: string): string {
  const key = new URL(deliveryUrl, studio).searchParams.get("k")!;
  return path.join(dataDir, "blobs", key.slice(0, 2), key.slice(2, 4), key);
}

/** The plain static server: each path names a file; single byte ranges; nothing else. */
async function startStaticServer(files: Record<string, { file: string; mime: string }>): Promise<Server> {
  const server = createServer((request, response) => {
    const entry = files[request.url ?? ""];
    if (!entry) return void response.writeHead(404).end();
    void stat(entry.file).then((info) => {
      const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? "");
      const headers = { "Content-Type": entry.mime, "Accept-Ranges": "bytes" };
      if (!range) {
        response.writeHead(200, { ...headers, "Content-Length": info.size });
        return void createReadStream(entry.file).pipe(response);
      }
      const start = Number(range[1]);
      const end = Math.min(Number(range[2]), info.size - 1);
      response.writeHead(206, { ...headers, "Content-Length": end - start + 1, "Content-Range": `bytes ${start}-${end}/${info.size}` });
      createReadStream(entry.file, { start, end }).pipe(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(port + 1, "127.0.0.1", resolve));
  return server;
}

type Request = { url: string; headers?: Record<string, string> };
type Result = { perSecond: number; p50: number; mibPerSecond: number };

/** CONCURRENCY loops sending requests for `seconds`: requests/s, p50 latency (ms) and MiB/s read. */
async function measure(next: () => Request, expectStatus: number): Promise<Result> {
  const times: number[] = [];
  let bytes = 0;
  const until = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < until) {
      const { url, headers } = next();
      const began = performance.now();
      const answer = await fetch(url, { headers });
      const body = await answer.arrayBuffer();
      if (answer.status !== expectStatus) throw new Error(`${url} answered ${answer.status}`);
      times.push(performance.now() - began);
      bytes += body.byteLength;
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, loop));
  const elapsed = (performance.now() - began) / 1000;
  times.sort((a, b) => a - b);
  return { perSecond: times.length / elapsed, p50: times[Math.floor(times.length / 2)], mibPerSecond: bytes / MIB / elapsed };
}

function randomRange(size: number): Record<string, string> {
  const start = Math.floor(Math.random() * (size - MIB));
  return { Range: `bytes=${start}-${start + MIB - 1}` };
}

async function main() {
  const workDir = await mkdtemp(path.join(os.tmpdir(), "bench-assets-"));
  // The embedded PostgreSQL runs as another user, who must pass through to the data directory.
  await chmod(workDir, 0o755);
  const dataDir = path.join(workDir, "data");
  const videoFile = path.join(workDir, "bench.mp4");
  const database = await benchDatabase();
  let staticServer: Server | undefined;
  try {
    makeVideo(videoFile);
    const emulator = await startEmulator({ basePort: port, latency: "fast" });
    await startStudio({ port, distDir, emulator, dataDir, databaseUrl: database.url });
    const cookie = await signUpFirstAccount(studio, distDir);
    const image = await withThumbnail(cookie, await upload(cookie, "beta", await makeImage(), "image/png"));
    const video = await upload(cookie, "video", await readFile(videoFile), "video/mp4");
    const videoSize = (await stat(videoFile)).size;
    const files = {
      "/thumb.webp": { file: blobPath(dataDir, image.delivery.thumbnailUrl!), mime: "image/webp" },
      "/video.mp4": { file: blobPath(dataDir, video.delivery.url), mime: "video/mp4" },
    };
    staticServer = await startStaticServer(files);
    const plain = `http://127.0.0.1:${(staticServer.address() as AddressInfo).port}`;
    const session = { Cookie: cookie };
    const paths = {
      static: { thumb: `${plain}/thumb.webp`, video: `${plain}/video.mp4`, headers: {} },
      session: { thumb: `${studio}/api/assets/${image.id}?variant=thumb`, video: `${studio}/api/assets/${video.id}`, headers: session },
      signed: { thumb: `${studio}${image.delivery.thumbnailUrl}`, video: `${studio}${video.delivery.url}`, headers: {} },
    };
    const cases = {
      thumbnails: (way: (typeof paths)["static"]) => measure(() => ({ url: way.thumb, headers: way.headers }), 200),
      "1 MiB ranges": (way: (typeof paths)["static"]) => measure(() => ({ url: way.video, headers: { ...way.headers, ...randomRange(videoSize) } }), 206),
      "full reads": (way: (typeof paths)["static"]) => measure(() => ({ url: way.video, headers: way.headers }), 200),
    };
    console.log(`asset delivery, ${CONCURRENCY} at once, ${seconds} s per measurement; video ${(videoSize / MIB).toFixed(1)} MiB`);
    for (const [name, run] of Object.entries(cases)) {
      // Warm each path up first (the first requests compile nothing in production, but open files and sockets).
      for (const way of Object.values(paths)) await run(way);
      const results = { static: await run(paths.static), session: await run(paths.session), signed: await run(paths.signed) };
      const line = (label: string, result: Result) =>
        `  ${label.padEnd(8)} ${result.perSecond.toFixed(0).padStart(6)} req/s  p50 ${result.p50.toFixed(1).padStart(6)} ms  ${result.mibPerSecond.toFixed(0).padStart(5)} MiB/s`;
      console.log(`${name}:`);
      console.log(line("static", results.static));
      console.log(`${line("session", results.session)}  ${(results.session.perSecond / results.static.perSecond).toFixed(2)}× static`);
      console.log(`${line("signed", results.signed)}  ${(results.signed.perSecond / results.static.perSecond).toFixed(2)}× static`);
    }
  } finally {
    staticServer?.close();
    await stopAll();
    await database.drop();
    await rm(workDir, { recursive: true, force: true });
  }
}

runBench(main);
