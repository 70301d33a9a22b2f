import { createHash } from "node:crypto";
import sharp from "sharp";

/** What one clip shows; the same request at another size renders the same frames, scaled. */
export interface SceneRequest {
  width: number;
  height: number;
  fps: number;
  seconds: number;
  prompt: string;
  seed: number;
  /** fl2va keyframes (spec 4.4.1): the clip fades from the first to the last image. */
  firstFramePath?: string;
  lastFramePath?: string;
  /** ref2va reference images, shown as thumbnails. */
  referenceImagePaths: string[];
}

/** An I420 picture: full-size Y plane followed by quarter-size U and V planes. */
interface Planes {
  width: number;
  height: number;
  data: Uint8Array;
}

interface Yuv {
  y: number;
  u: number;
  v: number;
}

export interface Scene {
  request: SceneRequest;
  frameCount: number;
  colors: { top: Yuv; bottom: Yuv; circle: Yuv; bar: Yuv; accent: Yuv };
  /** Phase of the sliding bar, from the seed. */
  phase: number;
  text: { mask: Uint8Array; width: number; height: number };
  first?: Planes;
  last?: Planes;
  thumbnails: { planes: Planes; x: number; y: number }[];
}

// BT.601 limited range, what players assume for untagged H.264.
function rgbToYuv(r: number, g: number, b: number): Yuv {
  return {
    y: Math.round(16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255),
    u: Math.round(128 + (-37.797 * r - 74.203 * g + 112 * b) / 255),
    v: Math.round(128 + (112 * r - 93.786 * g - 18.214 * b) / 255),
  };
}

function hslToYuv(hue: number, saturation: number, lightness: number): Yuv {
  const h = (((hue % 360) + 360) % 360) / 60;
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const x = chroma * (1 - Math.abs((h % 2) - 1));
  const [r, g, b] = h < 1 ? [chroma, x, 0] : h < 2 ? [x, chroma, 0] : h < 3 ? [0, chroma, x] : h < 4 ? [0, x, chroma] : h < 5 ? [x, 0, chroma] : [chroma, 0, x];
  const m = lightness - chroma / 2;
  return rgbToYuv((r + m) * 255, (g + m) * 255, (b + m) * 255);
}

function planesFromRgb(rgb: Buffer, width: number, height: number): Planes {
  const data = new Uint8Array(width * height * 1.5);
  const uOffset = width * height;
  const vOffset = uOffset + (width / 2) * (height / 2);
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const i = (row * width + col) * 3;
      const yuv = rgbToYuv(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!);
      data[row * width + col] = yuv.y;
      if ((row & 1) === 0 && (col & 1) === 0) {
        const c = (row / 2) * (width / 2) + col / 2;
        data[uOffset + c] = yuv.u;
        data[vOffset + c] = yuv.v;
      }
    }
  }
  return { width, height, data };
}

async function imagePlanes(path: string, width: number, height: number): Promise<Planes> {
  const rgb = await sharp(path).rotate().resize(width, height, { fit: "cover" }).removeAlpha().raw().toBuffer();
  return planesFromRgb(rgb, width, height);
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

async function textMask(prompt: string, frameHeight: number): Promise<Scene["text"]> {
  const line = prompt.replace(/\s+/g, " ").trim().slice(0, 80);
  const fontSize = Math.max(8, Math.round(frameHeight / 10));
  const height = Math.ceil(fontSize * 1.4);
  const width = Math.max(1, Math.ceil(line.length * fontSize * 0.62) + fontSize);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><text x="${fontSize / 2}" y="${fontSize * 1.05}" font-family="DejaVu Sans, sans-serif" font-size="${fontSize}" fill="#fff">${escapeXml(line)}</text></svg>`;
  const mask = await sharp(Buffer.from(svg)).ensureAlpha().extractChannel(3).raw().toBuffer();
  return { mask: new Uint8Array(mask), width, height };
}

/** Loads images and text once per clip; `renderFrame` then draws any frame without I/O. */
export async function prepareScene(request: SceneRequest): Promise<Scene> {
  const { width, height } = request;
  // Colours come from prompt + seed so the same job always renders the same clip.
  const digest = createHash("sha256").update(`${request.prompt}\u0000${request.seed}`).digest();
  const hue = (digest[0]! / 255) * 360;
  const thumbHeight = Math.max(16, Math.round(height / 5 / 2) * 2);
  const thumbWidth = Math.round((thumbHeight * 4) / 3 / 2) * 2;
  const margin = Math.max(2, Math.round(height / 40 / 2) * 2);
  const thumbnails = await Promise.all(
    request.referenceImagePaths.slice(0, 3).map(async (path, index) => ({
      planes: await imagePlanes(path, thumbWidth, thumbHeight),
      x: margin + index * (thumbWidth + margin),
      y: margin,
    })),
  );
  return {
    request,
    frameCount: Math.max(1, Math.round(request.seconds * request.fps)),
    colors: {
      top: hslToYuv(hue, 0.55, 0.35),
      bottom: hslToYuv(hue + 40, 0.6, 0.15),
      circle: hslToYuv(hue + 150 + digest[1]! / 4, 0.75, 0.6),
      bar: hslToYuv(hue + 220 + digest[2]! / 4, 0.7, 0.55),
      accent: hslToYuv(hue + 90, 0.9, 0.5),
    },
    phase: (digest[3]! / 255) * Math.PI * 2,
    text: await textMask(request.prompt, height),
    first: request.firstFramePath ? await imagePlanes(request.firstFramePath, width, height) : undefined,
    last: request.lastFramePath ? await imagePlanes(request.lastFramePath, width, height) : undefined,
    thumbnails,
  };
}

function fillRect(out: Uint8Array, width: number, height: number, x0: number, y0: number, x1: number, y1: number, color: Yuv): void {
  const left = Math.max(0, Math.floor(x0));
  const right = Math.min(width, Math.ceil(x1));
  const top = Math.max(0, Math.floor(y0));
  const bottom = Math.min(height, Math.ceil(y1));
  if (left >= right || top >= bottom) return;
  for (let row = top; row < bottom; row++) out.fill(color.y, row * width + left, row * width + right);
  const cw = width / 2;
  const uOffset = width * height;
  const vOffset = uOffset + cw * (height / 2);
  for (let row = top >> 1; row < (bottom + 1) >> 1; row++) {
    out.fill(color.u, uOffset + row * cw + (left >> 1), uOffset + row * cw + ((right + 1) >> 1));
    out.fill(color.v, vOffset + row * cw + (left >> 1), vOffset + row * cw + ((right + 1) >> 1));
  }
}

function fillCircle(out: Uint8Array, width: number, height: number, cx: number, cy: number, radius: number, color: Yuv): void {
  const cw = width / 2;
  const uOffset = width * height;
  const vOffset = uOffset + cw * (height / 2);
  const top = Math.max(0, Math.floor(cy - radius));
  const bottom = Math.min(height, Math.ceil(cy + radius));
  for (let row = top; row < bottom; row++) {
    const dy = row + 0.5 - cy;
    const half = Math.sqrt(Math.max(0, radius * radius - dy * dy));
    const left = Math.max(0, Math.round(cx - half));
    const right = Math.min(width, Math.round(cx + half));
    if (left >= right) continue;
    out.fill(color.y, row * width + left, row * width + right);
    if ((row & 1) === 0) {
      const c = (row >> 1) * cw;
      out.fill(color.u, uOffset + c + (left >> 1), uOffset + c + ((right + 1) >> 1));
      out.fill(color.v, vOffset + c + (left >> 1), vOffset + c + ((right + 1) >> 1));
    }
  }
}

function drawBackground(scene: Scene, progress: number, out: Uint8Array): void {
  const { width, height } = scene.request;
  const cw = width / 2;
  const ch = height / 2;
  const uOffset = width * height;
  const vOffset = uOffset + cw * ch;
  const from = scene.first ?? scene.last;
  const to = scene.last ?? scene.first;
  if (from && to) {
    // fl2va: crossfade from the first keyframe to the last one.
    const weight = Math.round(progress * 256);
    const a = from.data;
    const b = to.data;
    for (let i = 0; i < out.length; i++) out[i] = (a[i]! * (256 - weight) + b[i]! * weight) >> 8;
    return;
  }
  // A vertical gradient whose colours drift over the clip.
  const { top, bottom } = scene.colors;
  const drift = Math.sin(progress * Math.PI * 2) * 0.5 + 0.5;
  for (let row = 0; row < height; row++) {
    const t = Math.min(1, row / height + drift * 0.25);
    out.fill(Math.round(top.y + (bottom.y - top.y) * t), row * width, (row + 1) * width);
  }
  for (let row = 0; row < ch; row++) {
    const t = Math.min(1, row / ch + drift * 0.25);
    out.fill(Math.round(top.u + (bottom.u - top.u) * t), uOffset + row * cw, uOffset + (row + 1) * cw);
    out.fill(Math.round(top.v + (bottom.v - top.v) * t), vOffset + row * cw, vOffset + (row + 1) * cw);
  }
}

function drawPlanes(out: Uint8Array, width: number, height: number, planes: Planes, x: number, y: number): void {
  const cw = width / 2;
  const uOffset = width * height;
  const vOffset = uOffset + cw * (height / 2);
  const pcw = planes.width / 2;
  const pu = planes.width * planes.height;
  const pv = pu + pcw * (planes.height / 2);
  for (let row = 0; row < planes.height && y + row < height; row++) {
    const count = Math.min(planes.width, width - x);
    out.set(planes.data.subarray(row * planes.width, row * planes.width + count), (y + row) * width + x);
    if ((row & 1) === 0) {
      const c = (row >> 1) * pcw;
      const target = ((y + row) >> 1) * cw + (x >> 1);
      out.set(planes.data.subarray(pu + c, pu + c + (count >> 1)), uOffset + target);
      out.set(planes.data.subarray(pv + c, pv + c + (count >> 1)), vOffset + target);
    }
  }
}

function drawText(scene: Scene, progress: number, out: Uint8Array): void {
  const { width, height } = scene.request;
  const { mask, width: textWidth, height: textHeight } = scene.text;
  // A marquee: the prompt crosses the frame once over the clip.
  const x0 = Math.round(width - (width + textWidth) * progress);
  const y0 = Math.round(height * 0.72);
  const shadow = Math.max(1, Math.round(textHeight / 16));
  for (const [dx, dy, luma] of [[shadow, shadow, 16], [0, 0, 235]] as const) {
    for (let row = 0; row < textHeight; row++) {
      const y = y0 + row + dy;
      if (y < 0 || y >= height) continue;
      for (let col = Math.max(0, -(x0 + dx)); col < textWidth; col++) {
        const x = x0 + col + dx;
        if (x >= width) break;
        const alpha = mask[row * textWidth + col]!;
        if (alpha === 0) continue;
        const i = y * width + x;
        out[i] = (out[i]! * (255 - alpha) + luma * alpha) / 255;
      }
    }
  }
}

/** Draws frame `index` of the scene into `out` (I420, width x height x 1.5 bytes). */
export function renderFrame(scene: Scene, index: number, out: Uint8Array): void {
  const { width, height } = scene.request;
  const progress = scene.frameCount > 1 ? index / (scene.frameCount - 1) : 0;
  drawBackground(scene, progress, out);
  for (const thumbnail of scene.thumbnails) drawPlanes(out, width, height, thumbnail.planes, thumbnail.x, thumbnail.y);

  // A circle bouncing across the frame and a bar sliding up and down: visible motion in every clip.
  const radius = height / 7;
  const cx = radius + (width - 2 * radius) * (0.5 - 0.5 * Math.cos(progress * Math.PI * 3));
  const cy = height * 0.4 + Math.sin(progress * Math.PI * 4) * height * 0.15;
  fillCircle(out, width, height, cx, cy, radius, scene.colors.circle);
  const barWidth = width / 12;
  const barHeight = height / 4;
  const barY = (height - barHeight) * (0.5 + 0.45 * Math.sin(progress * Math.PI * 2 + scene.phase));
  fillRect(out, width, height, width * 0.85, barY, width * 0.85 + barWidth, barY + barHeight, scene.colors.bar);

  drawText(scene, progress, out);
  // A progress bar along the bottom edge.
  const barThickness = Math.max(2, Math.round(height / 60));
  fillRect(out, width, height, 0, height - barThickness, width * ((index + 1) / scene.frameCount), height, scene.colors.accent);
}
