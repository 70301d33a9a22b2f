import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressedStatic, precompressStatic, staticFolder } from "./precompressed-static";

const SCRIPT = `export const greeting = ${JSON.stringify("hello, designer ".repeat(400))};\n`;
const STYLES = `.card { color: #333; }\n`.repeat(200);

let distDir: string;
let server: Server;
let port: number;

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer; answeredBy: "static" | "fallback" };

function get(pathname: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request({ host: "127.0.0.1", port, path: pathname, method, headers, agent: false }, async (response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of response) chunks.push(chunk as Buffer);
      const answeredBy = response.headers["x-answered-by"] === "fallback" ? "fallback" : "static";
      resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks), answeredBy });
    })
      .on("error", reject)
      .end();
  });
}

beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), "precompressed-"));
  const folder = staticFolder(distDir);
  await mkdir(path.join(folder, "chunks"), { recursive: true });
  await mkdir(path.join(folder, "media"), { recursive: true });
  await writeFile(path.join(folder, "chunks", "app.js"), SCRIPT);
  await writeFile(path.join(folder, "chunks", "app.css"), STYLES);
  await writeFile(path.join(folder, "media", "logo.woff2"), Buffer.from([0x77, 0x4f, 0x46, 0x32]));
  const summary = await precompressStatic(distDir);
  expect(summary).toMatchObject({ files: 2, bytes: SCRIPT.length + STYLES.length });
  expect(summary.compressedBytes).toBeLessThan(summary.bytes / 10);
  // A script added after the copies were made (a build run without them) has no copy.
  await writeFile(path.join(folder, "chunks", "late.js"), SCRIPT);

  const serve = precompressedStatic(distDir);
  server = createServer((req, res) =>
    serve(req, res, () => {
      res.setHeader("x-answered-by", "fallback");
      res.end(req.url);
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await rm(distDir, { recursive: true, force: true });
});

describe("precompressStatic", () => {
  it("writes a complete brotli copy beside each script and stylesheet, and none of other files or half-written ones", async () => {
    const folder = staticFolder(distDir);
    expect(brotliDecompressSync(await readFile(path.join(folder, "chunks", "app.js.br"))).toString()).toBe(SCRIPT);
    expect(brotliDecompressSync(await readFile(path.join(folder, "chunks", "app.css.br"))).toString()).toBe(STYLES);
    expect((await readdir(path.join(folder, "media"))).sort()).toEqual(["logo.woff2"]);
    expect((await readdir(folder, { recursive: true })).filter((name) => name.endsWith(".partial"))).toEqual([]);
  });
});

describe("precompressedStatic", () => {
  it("sends a browser that takes brotli the copy, with the type, caching and security headers of the file", async () => {
    const answer = await get("/_next/static/chunks/app.js", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(answer).toMatchObject({ status: 200, answeredBy: "static" });
    expect(answer.headers).toMatchObject({
      "content-encoding": "br",
      "content-type": "text/javascript",
      "cache-control": "public,max-age=31536000,immutable",
      vary: "Accept-Encoding",
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
    });
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);

    const styles = await get("/_next/static/chunks/app.css?v=1", { "accept-encoding": "br" });
    expect(styles.headers).toMatchObject({ "content-encoding": "br", "content-type": "text/css" });
    expect(brotliDecompressSync(styles.body).toString()).toBe(STYLES);
  });

  it("answers HEAD with the headers alone, and a revalidation with its ETag with 304", async () => {
    const head = await get("/_next/static/chunks/app.js", { "accept-encoding": "br" }, "HEAD");
    expect(head).toMatchObject({ status: 200, answeredBy: "static" });
    expect(head.body.length).toBe(0);
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
    const revalidated = await get("/_next/static/chunks/app.js", { "accept-encoding": "br", "if-none-match": String(head.headers.etag) });
    expect(revalidated.status).toBe(304);
  });

  it.each([
    ["a browser that takes no brotli", "/_next/static/chunks/app.js", { "accept-encoding": "gzip, deflate" }],
    ["a browser that refuses brotli by quality", "/_next/static/chunks/app.js", { "accept-encoding": "gzip, br;q=0" }],
    ["no Accept-Encoding", "/_next/static/chunks/app.js", {}],
    ["a file without a copy", "/_next/static/chunks/late.js", { "accept-encoding": "br" }],
    ["a file that gets no copy", "/_next/static/media/logo.woff2", { "accept-encoding": "br" }],
    ["a missing file", "/_next/static/chunks/missing.js", { "accept-encoding": "br" }],
    ["a path outside the static folder", "/_next/static/../../etc/passwd.js", { "accept-encoding": "br" }],
    ["an encoded path", "/_next/static/chunks/%61pp.js", { "accept-encoding": "br" }],
    ["a page", "/alpha", { "accept-encoding": "br" }],
  ])("hands %s to the fallback with its URL unchanged", async (_case, pathname, headers) => {
    const answer = await get(pathname, headers);
    expect(answer).toMatchObject({ status: 200, answeredBy: "fallback" });
    expect(answer.body.toString()).toBe(pathname);
  });

  it("hands any method but GET and HEAD to the fallback", async () => {
    const answer = await get("/_next/static/chunks/app.js", { "accept-encoding": "br" }, "POST");
    expect(answer.answeredBy).toBe("fallback");
  });
});
