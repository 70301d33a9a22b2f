// `npm run bench:assets`: asset delivery against a plain Node static server serving the same bytes.
// A production studio gets an uploaded image (its thumbnail is the gallery's tile) and a
// ~23 MB video; then, 6 requests at once, three cases: thumbnails (requests/s and p50), 1 MiB ranged
// reads of the video at random offsets, and full reads of it. Each case runs against the static
// server, the session path (GET /api/assets/[id], a session read and an access query per request)
// and the signed delivery path (GET /api/delivery/[id], lib/assets/delivery-url), taking turns, and
// prints each path's ratio to the static server. Figures are printed, never asserted.
// BENCH_STORAGE=s3 keeps the studio's blobs in an s3rver of the bench's own (test/s3-server-fork,
// as the storage tests do) instead of the local disk: the session path then streams them from the
// store through the studio, and a signed URL answers a redirect to a presigned URL of the store, so
// the signed path is measured twice: the redirect answer alone, and the whole fetch that follows it
// to s3rver for the bytes.
// BENCH_PORT sets the studio's port (the static server takes the next one, the emulator +900, +910
// and +920); BENCH_SECONDS the length of each measurement (default 5).
import { spawnSync } from "node:child_process";
import { createReadStream } from "node:fs";
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { forkS3Server, S3RVER_CREDENTIALS } from "../test/s3-server-fork";
import { benchDatabase, runBench, signUpFirstAccount, startEmulator, startStudio, stopAll, studioUrl } from "./bench/studio-harness";
import { benchBuildDir } from "./build-dir";

const port = Number(process.env.BENCH_PORT ?? 3410);
const studio = studioUrl(port);
const distDir = benchBuildDir();
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const storage = process.env.BENCH_STORAGE === "s3" ? "s3" : "disk";
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

/** The bytes a URL of the studio answers, kept in `file` for the static server. */
async function saveAnswer(url: string, cookie: string, file: string): Promise<void> {
  const answer = await fetch(url, { headers: { Cookie: cookie } });
  if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
  await writeFile(file, new Uint8Array(await answer.arrayBuffer()));
}

/** STORAGE_URL and credentials of an s3rver serving `directory`, and the s3rver process. */
async function startObjectStore(directory: string): Promise<{ env: Record<string, string>; stop(): void }> {
  const bucket = "studio-bench";
  const { child, endpoint } = forkS3Server(directory, bucket);
  const url = `s3://${bucket}/studio/?endpoint=${encodeURIComponent(await endpoint)}&region=us-east-1&forcePathStyle=1`;
  return { env: { ...S3RVER_CREDENTIALS, STORAGE_URL: url }, stop: () => child.kill() };
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

type Request = { url: string; headers?: Record<string, string>; redirect?: RequestRedirect };
type Result = { perSecond: number; p50: number; mibPerSecond: number };

/** CONCURRENCY loops sending requests for `seconds`: requests/s, p50 latency (ms) and MiB/s read. */
async function measure(next: () => Request, expectStatus: number): Promise<Result> {
  const times: number[] = [];
  let bytes = 0;
  const until = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < until) {
      const { url, headers, redirect } = next();
      const began = performance.now();
      const answer = await fetch(url, { headers, redirect });
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

/** One way to the same bytes: where the thumbnail and the video are, with what, and what it answers. */
type Way = { thumb: string; video: string; headers: Record<string, string>; redirect?: RequestRedirect; status?: number };

async function main() {
  const workDir = await mkdtemp(path.join(os.tmpdir(), "bench-assets-"));
  // The embedded PostgreSQL runs as another user, who must pass through to the data directory.
  await chmod(workDir, 0o755);
  const dataDir = path.join(workDir, "data");
  const videoFile = path.join(workDir, "bench.mp4");
  const thumbFile = path.join(workDir, "thumb.webp");
  const database = await benchDatabase();
  let staticServer: Server | undefined;
  let objectStore: { env: Record<string, string>; stop(): void } | undefined;
  try {
    makeVideo(videoFile);
    if (storage === "s3") {
      await mkdir(path.join(workDir, "s3"));
      objectStore = await startObjectStore(path.join(workDir, "s3"));
    }
    const emulator = await startEmulator({ basePort: port, latency: "fast" });
    await startStudio({ port, distDir, emulator, dataDir, databaseUrl: database.url, env: objectStore?.env });
    const cookie = await signUpFirstAccount(studio, distDir);
    const image = await withThumbnail(cookie, await upload(cookie, "beta", await makeImage(), "image/png"));
    const video = await upload(cookie, "video", await readFile(videoFile), "video/mp4");
    const videoSize = (await stat(videoFile)).size;
    // The static server serves the same bytes from the local disk, whatever store the studio uses.
    await saveAnswer(`${studio}${image.delivery.thumbnailUrl}`, cookie, thumbFile);
    staticServer = await startStaticServer({ "/thumb.webp": { file: thumbFile, mime: "image/webp" }, "/video.mp4": { file: videoFile, mime: "video/mp4" } });
    const plain = `http://127.0.0.1:${(staticServer.address() as AddressInfo).port}`;
    const signed = { thumb: `${studio}${image.delivery.thumbnailUrl}`, video: `${studio}${video.delivery.url}`, headers: {} };
    const ways: Record<string, Way> = {
      static: { thumb: `${plain}/thumb.webp`, video: `${plain}/video.mp4`, headers: {} },
      session: { thumb: `${studio}/api/assets/${image.id}?variant=thumb`, video: `${studio}/api/assets/${video.id}`, headers: { Cookie: cookie } },
      // On S3 a signed URL answers a redirect to the store: the answer alone, then the whole fetch.
      ...(storage === "s3" ? { redirect: { ...signed, redirect: "manual", status: 302 }, "signed+s3": signed } : { signed }),
    };
    const cases = {
      thumbnails: (way: Way) => measure(() => ({ url: way.thumb, headers: way.headers, redirect: way.redirect }), way.status ?? 200),
      "1 MiB ranges": (way: Way) => measure(() => ({ url: way.video, headers: { ...way.headers, ...randomRange(videoSize) }, redirect: way.redirect }), way.status ?? 206),
      "full reads": (way: Way) => measure(() => ({ url: way.video, headers: way.headers, redirect: way.redirect }), way.status ?? 200),
    };
    console.log(`asset delivery from ${storage === "s3" ? "S3 (s3rver)" : "the local disk"}, ${CONCURRENCY} at once, ${seconds} s per measurement; video ${(videoSize / MIB).toFixed(1)} MiB`);
    for (const [name, run] of Object.entries(cases)) {
      // Warm each way up first (the first requests compile nothing in production, but open files and sockets).
      for (const way of Object.values(ways)) await run(way);
      const results: Record<string, Result> = {};
      for (const [label, way] of Object.entries(ways)) results[label] = await run(way);
      const line = (label: string, result: Result) =>
        `  ${label.padEnd(9)} ${result.perSecond.toFixed(0).padStart(6)} req/s  p50 ${result.p50.toFixed(1).padStart(6)} ms  ${result.mibPerSecond.toFixed(0).padStart(5)} MiB/s`;
      console.log(`${name}:`);
      for (const [label, result] of Object.entries(results)) {
        console.log(label === "static" ? line(label, result) : `${line(label, result)}  ${(result.perSecond / results.static.perSecond).toFixed(2)}× static`);
      }
    }
  } finally {
    staticServer?.close();
    await stopAll();
    objectStore?.stop();
    await database.drop();
    await rm(workDir, { recursive: true, force: true });
  }
}

runBench(main);
