// How the studio names file types and sizes in every message, form hint and error: one definition,
// browser-safe, so the browser's check and the server's refusal say the same words.

const mimeLabels = new Map([
  ["image/png", "PNG"],
  ["image/jpeg", "JPEG"],
  ["image/webp", "WebP"],
  ["image/bmp", "BMP"],
  ["image/tiff", "TIFF"],
  ["image/gif", "GIF"],
  ["image/heic", "HEIC"],
  ["image/heif", "HEIF"],
]);

/** "PNG" for image/png; an unknown type is named as it is. */
export function mimeLabel(mime: string): string {
  return mimeLabels.get(mime) ?? mime;
}

/** "PNG or JPEG"; "PNG, JPEG, WebP or GIF". */
export function mimeList(mimes: readonly string[]): string {
  const labels = mimes.map(mimeLabel);
  return labels.length > 1 ? `${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}` : labels.join("");
}

/** Decimal megabytes (the spec's "10 MB" is 10,000,000 bytes), to one decimal where needed: "10 MB", "2.5 MB". */
export function formatMegabytes(bytes: number): string {
  return `${Math.round(bytes / 100_000) / 10} MB`;
}

/** Millions of pixels: "1.05 MP" (sizes to compare closely), "2.4 MP" (tiers) with fractionDigits 1. */
export function formatMegapixels(pixels: number, fractionDigits = 2): string {
  return `${(pixels / 1_000_000).toFixed(fractionDigits)} MP`;
}
