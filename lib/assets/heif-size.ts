import type { PixelSize } from "./pixel-size";

// The pixel size a HEIF decoder would produce, read from the file's `meta` box (ISO/IEC 23008-12)
// without decoding. The first `ispe` property of a file says nothing about the picture: an iPhone
// photo is a `grid` of 512×512 tiles, and the first `ispe` is a tile's. A grid's canvas is sized by
// its own data (rows, columns, output width and height), so a file can pair small tiles with a huge
// canvas. And a decoder may decode more than the primary item (its alpha or depth image). So the size
// that bounds a decode takes each side at the longest any image item declares, in its `ispe` or, for
// a `grid` or `iovl` (overlay) item, its canvas: for an ordinary photo, the primary item's size.

type Box = { type: string; start: number; end: number; body: number };

/** A view of the file's bytes that throws (rather than reading past the end) when a field is cut off. */
class Reader {
  private readonly view: DataView;
  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  uint(at: number, size: number): number {
    if (at < 0 || at + size > this.bytes.length) throw new RangeError("HEIF header cut off");
    if (size === 0) return 0;
    if (size === 1) return this.view.getUint8(at);
    if (size === 2) return this.view.getUint16(at);
    if (size === 4) return this.view.getUint32(at);
    if (size === 8) return Number(this.view.getBigUint64(at));
    throw new RangeError(`HEIF field of ${size} bytes`);
  }
  type(at: number): string {
    if (at + 4 > this.bytes.length) throw new RangeError("HEIF header cut off");
    return String.fromCharCode(...this.bytes.subarray(at, at + 4));
  }
  /** The boxes from `start` to `end` (ISO/IEC 14496-12 4.2); the last may run past what was read. */
  boxes(start: number, end: number): Box[] {
    const found: Box[] = [];
    for (let at = start; at + 8 <= end; ) {
      const size = this.uint(at, 4);
      const type = this.type(at + 4);
      const large = size === 1;
      const length = large ? this.uint(at + 8, 8) : size === 0 ? end - at : size;
      if (length < (large ? 16 : 8)) throw new RangeError(`HEIF box ${type} of ${length} bytes`);
      found.push({ type, start: at, end: at + length, body: at + (large ? 16 : 8) });
      at += length;
    }
    return found;
  }
}

type ItemLocation = { method: number; extents: Array<{ offset: number; length: number }> };

/**
 * Each side at the longest any image item of the HEIF file declares (the primary item's size, for an
 * ordinary photo), from its header bytes. Undefined when the header is incomplete in `head` or
 * declares no size for the primary item.
 */
export function heifDecodeSize(head: Uint8Array): PixelSize | undefined {
  try {
    return readDecodeSize(new Reader(head));
  } catch {
    return undefined;
  }
}

function readDecodeSize(file: Reader): PixelSize | undefined {
  const meta = file.boxes(0, file.bytes.length).find((box) => box.type === "meta");
  if (!meta || meta.end > file.bytes.length) return undefined;
  const children = file.boxes(meta.body + 4, meta.end);
  const child = (type: string) => children.find((box) => box.type === type);
  const pitm = child("pitm");
  const iinf = child("iinf");
  const iprp = child("iprp");
  if (!pitm || !iinf || !iprp) return undefined;
  const primary = file.uint(pitm.body + 4, file.uint(pitm.body, 1) === 0 ? 2 : 4);
  const types = itemTypes(file, iinf);
  const properties = itemSizes(file, iprp);
  const locations = child("iloc") ? itemLocations(file, child("iloc")!) : new Map<number, ItemLocation>();
  const idat = child("idat");

  const sizes = new Map(properties);
  for (const [id, type] of types) {
    if (type !== "grid" && type !== "iovl") continue;
    const data = itemData(file, locations.get(id), idat);
    const canvas = data && canvasSize(file, data, type);
    // A derived image whose canvas is not in the header cannot be bounded: refuse it as unreadable.
    if (!canvas) return undefined;
    sizes.set(id, bounding([sizes.get(id), canvas]));
  }
  const own = sizes.get(primary);
  if (!own) return undefined;
  return bounding([own, ...sizes.values()]);
}

/** Item id → item type, from `infe` boxes of version 2 and 3 (earlier versions carry no image items). */
function itemTypes(file: Reader, iinf: Box): Map<number, string> {
  const version = file.uint(iinf.body, 1);
  const types = new Map<number, string>();
  for (const infe of file.boxes(iinf.body + 4 + (version === 0 ? 2 : 4), iinf.end)) {
    if (infe.type !== "infe") continue;
    const infeVersion = file.uint(infe.body, 1);
    if (infeVersion < 2) continue;
    const idSize = infeVersion === 2 ? 2 : 4;
    types.set(file.uint(infe.body + 4, idSize), file.type(infe.body + 4 + idSize + 2));
  }
  return types;
}

/** Item id → its `ispe` size, following `ipma` associations into `ipco` (whose indices start at 1). */
function itemSizes(file: Reader, iprp: Box): Map<number, PixelSize> {
  const parts = file.boxes(iprp.body, iprp.end);
  const ipco = parts.find((box) => box.type === "ipco");
  const sizes = new Map<number, PixelSize>();
  if (!ipco) return sizes;
  const properties = file.boxes(ipco.body, ipco.end);
  for (const ipma of parts.filter((box) => box.type === "ipma")) {
    const version = file.uint(ipma.body, 1);
    const wideIndex = (file.uint(ipma.body, 4) & 1) === 1;
    let at = ipma.body + 8;
    for (let entries = file.uint(ipma.body + 4, 4); entries > 0; entries -= 1) {
      const id = file.uint(at, version < 1 ? 2 : 4);
      at += version < 1 ? 2 : 4;
      const count = file.uint(at, 1);
      at += 1;
      for (let n = 0; n < count; n += 1) {
        const index = wideIndex ? file.uint(at, 2) & 0x7fff : file.uint(at, 1) & 0x7f;
        at += wideIndex ? 2 : 1;
        const property = properties[index - 1];
        if (property?.type !== "ispe") continue;
        const size = { width: file.uint(property.body + 4, 4), height: file.uint(property.body + 8, 4) };
        sizes.set(id, bounding([sizes.get(id), size]));
      }
    }
  }
  return sizes;
}

/** Item id → where its data is (`iloc`, versions 0 to 2). */
function itemLocations(file: Reader, iloc: Box): Map<number, ItemLocation> {
  const version = file.uint(iloc.body, 1);
  const sizes = file.uint(iloc.body + 4, 2);
  const [offsetSize, lengthSize, baseOffsetSize] = [sizes >> 12, (sizes >> 8) & 0xf, (sizes >> 4) & 0xf];
  const indexSize = version === 1 || version === 2 ? sizes & 0xf : 0;
  const idSize = version < 2 ? 2 : 4;
  let at = iloc.body + 6;
  const count = file.uint(at, idSize);
  at += idSize;
  const locations = new Map<number, ItemLocation>();
  for (let item = 0; item < count; item += 1) {
    const id = file.uint(at, idSize);
    at += idSize;
    let method = 0;
    if (version === 1 || version === 2) {
      method = file.uint(at, 2) & 0xf;
      at += 2;
    }
    at += 2; // data_reference_index
    const base = file.uint(at, baseOffsetSize);
    at += baseOffsetSize;
    const extents: ItemLocation["extents"] = [];
    const extentCount = file.uint(at, 2);
    at += 2;
    for (let extent = 0; extent < extentCount; extent += 1) {
      at += indexSize;
      const offset = file.uint(at, offsetSize);
      const length = file.uint(at + offsetSize, lengthSize);
      at += offsetSize + lengthSize;
      extents.push({ offset: base + offset, length });
    }
    locations.set(id, { method, extents });
  }
  return locations;
}

/** An item's data when it is one extent in the file (method 0) or in `idat` (method 1), within what was read. */
function itemData(file: Reader, location: ItemLocation | undefined, idat: Box | undefined): number | undefined {
  if (!location || location.extents.length !== 1) return undefined;
  const [{ offset }] = location.extents;
  if (location.method === 0) return offset;
  if (location.method === 1 && idat) return idat.body + offset;
  return undefined;
}

/** ImageGrid and ImageOverlay (ISO/IEC 23008-12 6.6.2.3, 6.6.2.4): output_width and output_height. */
function canvasSize(file: Reader, at: number, type: string): PixelSize {
  const fieldSize = (file.uint(at + 1, 1) & 1) === 1 ? 4 : 2;
  // A grid: version, flags, rows - 1, columns - 1; an overlay: version, flags, four 16-bit fill values.
  const sizeAt = at + (type === "grid" ? 4 : 10);
  return { width: file.uint(sizeAt, fieldSize), height: file.uint(sizeAt + fieldSize, fieldSize) };
}

/** The smallest size that holds each of `sizes`. */
function bounding(sizes: Array<PixelSize | undefined>): PixelSize {
  const known = sizes.filter((size) => size !== undefined);
  return { width: Math.max(0, ...known.map((size) => size.width)), height: Math.max(0, ...known.map((size) => size.height)) };
}
