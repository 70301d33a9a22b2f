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

type IsoBox = { type: string; start: number; end: number; body: number };

function isoBoxes(file: Buffer, start: number, end: number): IsoBox[] {
  const boxes: IsoBox[] = [];
  for (let at = start; at + 8 <= end; ) {
    const size = file.readUInt32BE(at);
    const length = size === 1 ? Number(file.readBigUInt64BE(at + 8)) : size === 0 ? end - at : size;
    boxes.push({ type: file.toString("latin1", at + 4, at + 8), start: at, end: at + length, body: at + (size === 1 ? 16 : 8) });
    at += length;
  }
  return boxes;
}

/** A box of `type` around `parts`, with a 32-bit size. */
function isoBox(type: string, ...parts: Buffer[]): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + parts.reduce((sum, part) => sum + part.length, 0));
  header.write(type, 4, "latin1");
  return Buffer.concat([header, ...parts]);
}

/** `entry` (an item's record in iinf, iloc or ipma) with its 16-bit item id at `idAt` replaced. */
function withItemId(entry: Buffer, idAt: number, id: number): Buffer {
  const copy = Buffer.from(entry);
  copy.writeUInt16BE(id, idAt);
  return copy;
}

/**
 * The iPhone HEIC fixture turned into a decompression bomb: its primary `grid` item made
 * `tilesPerSide`² 512×512 tiles on a canvas of `tilesPerSide`×512 pixels a side (its own `ispe` says
 * the same). The new tiles are new items that share the data and properties of the 48 real ones
 * (libheif refuses a tile referenced twice). Every tile and the file's first `ispe` stay 512×512, so a
 * reader of the first `ispe` sees a small image; libheif decodes all of it. Written for this fixture's
 * layout: 16-bit item ids (iinf v0 with infe v2, iloc v1 with 32-bit offsets and no base offset, ipma
 * v0 with 8-bit indices, iref v0) and the grid's data in `idat` with 16-bit sizes.
 */
export function heicGridBomb(fixture: Buffer, tilesPerSide: number): Buffer {
  const file = Buffer.from(fixture);
  const meta = isoBoxes(file, 0, file.length).find((box) => box.type === "meta")!;
  const children = isoBoxes(file, meta.body + 4, meta.end);
  const child = (type: string) => children.find((box) => box.type === type)!;
  const grid = file.readUInt16BE(child("pitm").body + 4);
  const side = tilesPerSide * 512;

  // The canvas: rows - 1, columns - 1, output width and height (ISO/IEC 23008-12 6.6.2.3.2).
  const idat = child("idat");
  file.writeUInt8(tilesPerSide - 1, idat.body + 2);
  file.writeUInt8(tilesPerSide - 1, idat.body + 3);
  file.writeUInt16BE(side, idat.body + 4);
  file.writeUInt16BE(side, idat.body + 6);
  // The grid's own `ispe`: the one whose size is the grid's canvas (4032×3024 in the fixture).
  const iprp = child("iprp");
  const ipco = isoBoxes(file, iprp.body, iprp.end).find((box) => box.type === "ipco")!;
  for (const ispe of isoBoxes(file, ipco.body, ipco.end).filter((box) => box.type === "ispe")) {
    if (file.readUInt32BE(ispe.body + 4) === 4032) {
      file.writeUInt32BE(side, ispe.body + 4);
      file.writeUInt32BE(side, ispe.body + 8);
    }
  }

  // Each item's record in iinf, iloc and ipma, by item id.
  const iinf = child("iinf");
  const infes = new Map(isoBoxes(file, iinf.body + 6, iinf.end).map((box) => [file.readUInt16BE(box.body + 4), file.subarray(box.start, box.end)]));
  const iloc = child("iloc");
  const locations = new Map<number, Buffer>();
  for (let at = iloc.body + 8, count = file.readUInt16BE(iloc.body + 6); count > 0; count -= 1) {
    const extents = file.readUInt16BE(at + 6);
    locations.set(file.readUInt16BE(at), file.subarray(at, at + 8 + 8 * extents));
    at += 8 + 8 * extents;
  }
  const ipma = isoBoxes(file, iprp.body, iprp.end).find((box) => box.type === "ipma")!;
  const associations = new Map<number, Buffer>();
  for (let at = ipma.body + 8, count = file.readUInt32BE(ipma.body + 4); count > 0; count -= 1) {
    const length = 3 + file.readUInt8(at + 2);
    associations.set(file.readUInt16BE(at), file.subarray(at, at + length));
    at += length;
  }

  const iref = child("iref");
  const dimg = isoBoxes(file, iref.body + 4, iref.end).find((box) => box.type === "dimg" && file.readUInt16BE(box.body) === grid)!;
  const realTiles = Array.from({ length: file.readUInt16BE(dimg.body + 2) }, (_, n) => file.readUInt16BE(dimg.body + 4 + 2 * n));
  const firstNewId = Math.max(...infes.keys()) + 1;
  const tiles = Array.from({ length: tilesPerSide ** 2 }, (_, n) => (n < realTiles.length ? realTiles[n] : firstNewId + n - realTiles.length));
  const template = (id: number) => realTiles[(id - firstNewId) % realTiles.length];
  const newTiles = tiles.filter((id) => id >= firstNewId);

  const u16 = (value: number) => Buffer.from([value >> 8, value & 0xff]);
  const u32 = (value: number) => Buffer.from([value >>> 24, (value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff]);
  const fullBoxHeader = (box: IsoBox) => file.subarray(box.body, box.body + 4);

  const newIinf = isoBox("iinf", fullBoxHeader(iinf), u16(infes.size + newTiles.length), ...infes.values(), ...newTiles.map((id) => withItemId(infes.get(template(id))!, 12, id)));
  const refs = isoBoxes(file, iref.body + 4, iref.end).map((box) => (box.start === dimg.start ? isoBox("dimg", u16(grid), u16(tiles.length), ...tiles.map(u16)) : file.subarray(box.start, box.end)));
  const newIref = isoBox("iref", fullBoxHeader(iref), ...refs);
  const newIpma = isoBox("ipma", fullBoxHeader(ipma), u32(associations.size + newTiles.length), ...associations.values(), ...newTiles.map((id) => withItemId(associations.get(template(id))!, 0, id)));
  const newIprp = isoBox("iprp", ...isoBoxes(file, iprp.body, iprp.end).map((box) => (box.type === "ipma" ? newIpma : file.subarray(box.start, box.end))));
  const ilocEntries = [...locations.values(), ...newTiles.map((id) => withItemId(locations.get(template(id))!, 0, id))];
  const rebuilt = (newIloc: Buffer) =>
    isoBox(
      "meta",
      fullBoxHeader(meta),
      ...children.map((box) => ({ iinf: newIinf, iref: newIref, iprp: newIprp, iloc: newIloc })[box.type] ?? file.subarray(box.start, box.end)),
    );
  const ilocOf = (growth: number) =>
    isoBox(
      "iloc",
      file.subarray(iloc.body, iloc.body + 6),
      u16(ilocEntries.length),
      ...ilocEntries.map((entry) => {
        // The media data follows `meta`, and iloc gives its offsets from the file's start (construction
        // method 0; the grid's data, method 1, is in `idat`): they move.
        const moved = Buffer.from(entry);
        if ((moved.readUInt16BE(2) & 0xf) === 0)
          for (let extent = 0; extent < moved.readUInt16BE(6); extent += 1) moved.writeUInt32BE(moved.readUInt32BE(8 + 8 * extent) + growth, 8 + 8 * extent);
        return moved;
      }),
    );
  const growth = rebuilt(ilocOf(0)).length - (meta.end - meta.start);
  return Buffer.concat([file.subarray(0, meta.start), rebuilt(ilocOf(growth)), file.subarray(meta.end)]);
}
