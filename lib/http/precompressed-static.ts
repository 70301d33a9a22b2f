import { readdirSync } from "node:fs";
import { readdir, readFile, rename, writeFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants } from "node:zlib";
import sirv from "sirv";
import { baseSecurityHeaders } from "@/lib/security/headers";

// Next's static scripts and stylesheets, compressed once with brotli at its best quality when the
// studio is built, and sent from those copies to browsers that take brotli (every current one). Next
// itself compresses each answer on the fly with gzip, whose output is about 13 % larger for the
// same file and costs CPU on every request. A browser that takes no brotli, and any request these
// copies do not cover, gets Next's own answer.

/** Where Next serves its build's static folder from. */
const STATIC_PATH = "/_next/static/";
/** The files that get a brotli copy: text that Next compresses on the fly (images and fonts are compressed already). */
const COMPRESSIBLE = /\.(?:js|css)$/;
/** The copy of `file` that a browser taking brotli is sent. */
const BROTLI_SUFFIX = ".br";
/** A year, as Next sends for its content-hashed static files. */
const STATIC_MAX_AGE_S = 31_536_000;

const compress = promisify(brotliCompress);

/** The build's static folder: what Next serves under /_next/static/. */
export function staticFolder(distDir: string): string {
  return path.join(distDir, "static");
}

/**
 * Writes the brotli copy of every static script and stylesheet of the build in `distDir`; each is
 * written under a temporary name and then renamed, so the server never finds a half-written copy.
 * Returns how many files, and their bytes before and after.
 */
export async function precompressStatic(distDir: string): Promise<{ files: number; bytes: number; compressedBytes: number }> {
  const entries = await readdir(staticFolder(distDir), { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name)).map((entry) => path.join(entry.parentPath, entry.name));
  const sizes = await Promise.all(
    files.map(async (file) => {
      const source = await readFile(file);
      const compressed = await compress(source, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
      });
      const partial = `${file}${BROTLI_SUFFIX}.partial`;
      await writeFile(partial, compressed);
      await rename(partial, `${file}${BROTLI_SUFFIX}`);
      return { bytes: source.length, compressedBytes: compressed.length };
    }),
  );
  return {
    files: sizes.length,
    bytes: sizes.reduce((sum, size) => sum + size.bytes, 0),
    compressedBytes: sizes.reduce((sum, size) => sum + size.compressedBytes, 0),
  };
}

type Handler = (request: IncomingMessage, response: ServerResponse, fallback: () => void) => void;

/**
 * The web server's answer to a static file request, from the brotli copies in the build in `distDir`
 * (read once, when called: a build's static files never change). Calls `fallback` for every request
 * it does not answer: not a GET or HEAD of a compressible static file, a browser without brotli, or
 * a file without a copy.
 */
export function precompressedStatic(distDir: string): Handler {
  const folder = staticFolder(distDir);
  const copied = copiedFiles(folder);
  const serve = sirv(folder, {
    brotli: true,
    extensions: [],
    etag: true,
    maxAge: STATIC_MAX_AGE_S,
    immutable: true,
    setHeaders: (response) => {
      for (const header of baseSecurityHeaders) response.setHeader(header.key, header.value);
    },
  });
  return (request, response, fallback) => {
    const url = request.url ?? "";
    const pathname = url.split("?", 1)[0];
    const wanted =
      (request.method === "GET" || request.method === "HEAD") &&
      pathname.startsWith(STATIC_PATH) &&
      // Only a file with a copy: sirv would send any other as it is, uncompressed.
      copied.has(pathname.slice(STATIC_PATH.length)) &&
      takesBrotli(request.headers["accept-encoding"]);
    if (!wanted) return fallback();
    // sirv serves its folder from the root; Next's handler gets the request back as it came.
    request.url = url.slice(STATIC_PATH.length - 1);
    serve(request, response, () => {
      request.url = url;
      fallback();
    });
  };
}

/** The files under `folder` (as paths relative to it, with forward slashes) that have a brotli copy. */
function copiedFiles(folder: string): Set<string> {
  const names = readdirSync(folder, { recursive: true, encoding: "utf8" }).map((name) => name.split(path.sep).join("/"));
  const present = new Set(names);
  return new Set(names.filter((name) => COMPRESSIBLE.test(name) && present.has(`${name}${BROTLI_SUFFIX}`)));
}

/** Whether an Accept-Encoding header takes brotli: it names `br` without a zero quality. */
function takesBrotli(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(",").some((part) => {
    const [coding, ...parameters] = part.trim().split(";");
    if (coding.trim().toLowerCase() !== "br") return false;
    const quality = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith("q="));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}
