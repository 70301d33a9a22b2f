import { readdir } from "node:fs/promises";
import path from "node:path";
import zlib from "node:zlib";

// Hostile and unusual image files for the asset tests, built by hand: a real 20000×20000 PNG made
// by sharp takes ~10 s to encode, these take milliseconds.

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

function pngHeader(width: number, height: number, channels: 1 | 4): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = channels === 1 ? 0 : 6; // greyscale or RGBA
  return Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), pngChunk("IHDR", ihdr)]);
}

/**
 * A complete, valid PNG of `side`×`side` black (transparent, for RGBA) pixels: a decompression bomb
 * (20000² greyscale is 389 KB on disk, 400 MB decoded). The zlib stream repeats one independently
 * flushed block of zeros, so it is built without compressing the whole image.
 */
export function pngBomb(side: number, channels: 1 | 4): Buffer {
  const total = side * (side * channels + 1); // each row: a filter byte, then the samples
  const segment = 1 << 24;
  const zeros = zlib.deflateRawSync(Buffer.alloc(segment), { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const parts = [Buffer.from([0x78, 0xda])];
  let left = total;
  for (; left >= segment; left -= segment) parts.push(zeros);
  parts.push(zlib.deflateRawSync(Buffer.alloc(left), { level: 9 }));
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((total % 65521) << 16) | 1) >>> 0); // Adler-32 of `total` zero bytes
  parts.push(adler);
  return Buffer.concat([pngHeader(side, side, channels), pngChunk("IDAT", Buffer.concat(parts)), pngChunk("IEND", Buffer.alloc(0))]);
}

/** A valid PNG signature and header (640×480) followed by bytes that are no image data at all. */
export function pngHeaderThenGarbage(): Buffer {
  const garbage = Buffer.alloc(20_000);
  for (let i = 0; i < garbage.length; i += 1) garbage[i] = (i * 7919 + 13) % 251;
  return Buffer.concat([pngHeader(640, 480, 4), garbage]);
}

/** A BMP header declaring `width`×`height` (24-bit) with `pixelBytes` of pixel data after it. */
export function bmp(width: number, height: number, pixelBytes = Math.ceil((width * 3) / 4) * 4 * height): Buffer {
  const file = Buffer.alloc(54 + pixelBytes);
  file.write("BM", 0, "latin1");
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(54, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(24, 28);
  return file;
}

/** Every file under a blob store root (blobs and any temp file left behind), relative to it. */
export async function blobFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}
