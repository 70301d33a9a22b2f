export interface Size {
  width: number;
  height: number;
}

export const formatSize = (size: Size) => `${size.width}x${size.height}`;

/** `${width}x${height}` with positive integers, else undefined. */
export function parseSize(text: string): Size | undefined {
  const match = /^([1-9]\d{0,5})x([1-9]\d{0,5})$/.exec(text);
  return match ? { width: Number(match[1]), height: Number(match[2]) } : undefined;
}

/** Spec 4.1: the 37 preset sizes of alpha v3. */
export const V3_PRESETS: readonly Size[] = [
  "2048x512", "1984x512", "1920x512", "1856x512", "1792x512", "1728x512", "1664x512", "1600x512", "1536x512",
  "1472x576", "1408x640", "1344x704", "1280x768", "1216x832", "1152x896", "1088x960", "1024x1024", "960x1088",
  "896x1152", "832x1216", "768x1280", "704x1344", "640x1408", "576x1472", "512x1536", "512x1600", "512x1664",
  "512x1728", "512x1792", "512x1856", "512x1920", "512x1984", "512x2048", "768x1024", "720x1280", "1024x768",
  "1280x720",
].map((text) => parseSize(text) as Size);

/** A ratio (width / height) and optionally an area that a prompt asks for. */
export interface StatedShape {
  ratio: number;
  area?: number;
}

// Our choice of what the named shapes mean.
const SHAPE_WORDS: readonly [RegExp, number][] = [
  [/\b(panorama|panoramic)\b/i, 4],
  [/\b(widescreen|cinematic)\b/i, 16 / 9],
  [/\blandscape\b/i, 4 / 3],
  [/\b(portrait|vertical)\b/i, 3 / 4],
  [/\bsquare\b/i, 1],
];

/** Reads "1280x720", "16:9" or a shape word ("portrait", "square", ...) from a prompt. */
export function statedShape(prompt: string): StatedShape | undefined {
  const pixels = /\b([1-9]\d{2,4})\s*[x×*]\s*([1-9]\d{2,4})\b/.exec(prompt);
  if (pixels) {
    const width = Number(pixels[1]);
    const height = Number(pixels[2]);
    return { ratio: width / height, area: width * height };
  }
  const ratio = /\b([1-9]\d?)\s*:\s*([1-9]\d?)\b/.exec(prompt);
  if (ratio) return { ratio: Number(ratio[1]) / Number(ratio[2]) };
  for (const [pattern, value] of SHAPE_WORDS) if (pattern.test(prompt)) return { ratio: value };
  return undefined;
}

/** Spec 4.1: the preset closest in aspect ratio, then in area, to what the prompt states. */
export function closestPreset(shape: StatedShape): Size {
  const ratioDistance = (size: Size) => Math.abs(Math.log(size.width / size.height) - Math.log(shape.ratio));
  const areaDistance = (size: Size) => (shape.area === undefined ? 0 : Math.abs(size.width * size.height - shape.area));
  return [...V3_PRESETS].sort((a, b) => ratioDistance(a) - ratioDistance(b) || areaDistance(a) - areaDistance(b))[0];
}

/** Spec 4.1: no size and nothing stated in the prompt: the model "predicts one" (our choice: square). */
export const V3_DEFAULT_SIZE: Size = { width: 1024, height: 1024 };

export interface AreaBounds {
  minSide: number;
  maxSide: number;
  maxArea: number;
}

const MULTIPLE = 16;

/**
 * Width and height, multiples of 16, close to the given ratio with at most the given area (and
 * inside the bounds): start from the ideal sides and shrink whichever side drifts the ratio less.
 */
export function sizeForArea(ratio: number, area: number, bounds: AreaBounds): Size {
  const clampSide = (side: number) =>
    Math.min(bounds.maxSide, Math.max(bounds.minSide, Math.round(side / MULTIPLE) * MULTIPLE));
  const cap = Math.min(area, bounds.maxArea);
  let width = clampSide(Math.sqrt(cap * ratio));
  let height = clampSide(width / ratio);
  while (width * height > cap) {
    const shrinkWidth = width / height > ratio ? width - MULTIPLE >= bounds.minSide : height - MULTIPLE < bounds.minSide;
    if (shrinkWidth) width -= MULTIPLE;
    else height -= MULTIPLE;
  }
  return { width, height };
}
