import { seededRandom } from "./seeded-random";
import { truncateCodePoints } from "./text";

const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";

/** Text safe inside SVG markup (XML-escaped, control characters removed). */
export function escapeXml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

const hsl = (hue: number, saturation: number, lightness: number) =>
  `hsl(${Math.round(hue) % 360},${Math.round(saturation)}%,${Math.round(lightness)}%)`;

/** Splits text into at most `maxLines` lines of about `perLine` code points. */
function wrap(text: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (Array.from(candidate).length <= perLine) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = truncateCodePoints(word, perLine);
    if (lines.length === maxLines) break;
  }
  if (current && lines.length < maxLines) lines.push(current);
  if (lines.length === maxLines && Array.from(text).length > lines.join(" ").length) {
    lines[maxLines - 1] = truncateCodePoints(`${lines[maxLines - 1]} …`, perLine);
  }
  return lines;
}

export interface SceneOptions {
  width: number;
  height: number;
  /** Seed of the colour field. */
  sceneSeed: number;
  /** Seed of the shapes; defaults to sceneSeed. Related images share the field, not the shapes. */
  shapesSeed?: number;
  transparentBackground: boolean;
}

/** Colour field and shapes derived from the seed: different prompts or seeds look different. */
export function sceneSvg(opts: SceneOptions): string {
  const { width, height } = opts;
  const fieldRandom = seededRandom(opts.sceneSeed);
  const baseHue = fieldRandom() * 360;
  const angle = fieldRandom() * 360;
  const stops = [0, 1, 2].map((i) => hsl(baseHue + i * (40 + fieldRandom() * 80), 55 + fieldRandom() * 35, 35 + fieldRandom() * 30));
  const minSide = Math.min(width, height);
  const shapes: string[] = [];
  const random = opts.shapesSeed === undefined ? fieldRandom : seededRandom(opts.shapesSeed);
  const count = 5 + Math.floor(random() * 6);
  for (let i = 0; i < count; i += 1) {
    const fill = hsl(baseHue + 150 + random() * 120, 60 + random() * 35, 30 + random() * 45);
    const opacity = (0.55 + random() * 0.4).toFixed(2);
    const x = random() * width;
    const y = random() * height;
    const size = minSide * (0.08 + random() * 0.25);
    const kind = Math.floor(random() * 3);
    if (kind === 0) shapes.push(`<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${size.toFixed(1)}" fill="${fill}" fill-opacity="${opacity}"/>`);
    else if (kind === 1)
      shapes.push(
        `<rect x="${(x - size).toFixed(1)}" y="${(y - size / 2).toFixed(1)}" width="${(size * 2).toFixed(1)}" height="${size.toFixed(1)}" rx="${(size / 6).toFixed(1)}" fill="${fill}" fill-opacity="${opacity}" transform="rotate(${(random() * 90).toFixed(1)} ${x.toFixed(1)} ${y.toFixed(1)})"/>`,
      );
    else
      shapes.push(
        `<polygon points="${x.toFixed(1)},${(y - size).toFixed(1)} ${(x + size).toFixed(1)},${(y + size).toFixed(1)} ${(x - size).toFixed(1)},${(y + size).toFixed(1)}" fill="${fill}" fill-opacity="${opacity}"/>`,
      );
  }
  const background = opts.transparentBackground
    ? ""
    : `<defs><linearGradient id="g" gradientTransform="rotate(${angle.toFixed(1)} 0.5 0.5)"><stop offset="0" stop-color="${stops[0]}"/><stop offset="0.5" stop-color="${stops[1]}"/><stop offset="1" stop-color="${stops[2]}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${background}${shapes.join("")}</svg>`;
}

export interface CaptionOptions {
  width: number;
  height: number;
  /** Drawn in a band at the top. */
  caption: string;
  /** Drawn bottom right (spec 4.1 footnote / spec 4.3 watermark). */
  cornerMark?: string;
}

/** Transparent overlay with the caption band and the bottom-right mark. */
export function captionSvg(opts: CaptionOptions): string {
  const { width, height } = opts;
  const minSide = Math.min(width, height);
  const fontSize = Math.max(10, Math.round(minSide / 26));
  const perLine = Math.max(8, Math.floor(width / (fontSize * 0.6)) - 2);
  const lines = wrap(opts.caption, perLine, 3);
  const bandHeight = Math.round(fontSize * (lines.length * 1.3 + 0.8));
  const text = lines
    .map((line, i) => `<text x="${fontSize * 0.6}" y="${Math.round(fontSize * (1.35 + i * 1.3))}">${escapeXml(line)}</text>`)
    .join("");
  const parts = [
    `<rect width="${width}" height="${bandHeight}" fill="black" fill-opacity="0.45"/>`,
    `<g font-family="${FONT}" font-size="${fontSize}" fill="white">${text}</g>`,
  ];
  if (opts.cornerMark) parts.push(cornerMarkSvg(width, height, opts.cornerMark));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${parts.join("")}</svg>`;
}

// A backed label so the mark is visible (and testable) even where no font is installed.
function cornerMarkSvg(width: number, height: number, mark: string): string {
  const fontSize = Math.max(10, Math.round(Math.min(width, height) / 32));
  const boxWidth = Math.round(fontSize * (0.7 * Array.from(mark).length + 1.2));
  const boxHeight = Math.round(fontSize * 1.6);
  const x = width - boxWidth - Math.round(fontSize / 2);
  const y = height - boxHeight - Math.round(fontSize / 2);
  return (
    `<rect x="${x}" y="${y}" width="${boxWidth}" height="${boxHeight}" rx="${Math.round(fontSize / 3)}" fill="white" fill-opacity="0.8"/>` +
    `<text x="${x + boxWidth - Math.round(fontSize * 0.6)}" y="${y + Math.round(fontSize * 1.15)}" text-anchor="end" font-family="${FONT}" font-size="${fontSize}" fill="black">${escapeXml(mark)}</text>`
  );
}

/** Only the bottom-right mark, for stamping a footnote onto an existing image. */
export function cornerMarkOnlySvg(width: number, height: number, mark: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${cornerMarkSvg(width, height, mark)}</svg>`;
}
