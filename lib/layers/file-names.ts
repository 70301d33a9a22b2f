// Downloads are named after what they hold, so a designer's downloads folder stays readable:
// "red-fox-in-snow-1a2b3c4d.psd" rather than "download (3).psd".

const MAX_SLUG_CHARS = 48;

/** Lowercase ASCII words joined by dashes; accents lose their marks, anything else separates words. */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, MAX_SLUG_CHARS)
    .replace(/^-+|-+$/g, "");
}

/** The stem of every file exported from one generation: its title's words and the id's first 8 characters. */
export function exportBaseName(title: string, generationId: string): string {
  const id = generationId.replace(/[^a-zA-Z0-9]/g, "").slice(0, 8);
  return [slugify(title) || "beta", id].filter(Boolean).join("-");
}

/** "03-layer-2.png": numbered so a file browser lists the entries in stack order. */
export function numberedFileName(index: number, total: number, name: string, extension: string): string {
  const digits = String(Math.max(total, 1)).length;
  return `${String(index).padStart(digits, "0")}-${slugify(name) || "image"}.${extension}`;
}
