// How the studio names an image size asked for, wherever it shows one. Browser-safe and pure.

/** "auto" (the model chooses) → "Model's choice", "1024x1024" → "1024×1024", a tier ("2K") as it is. */
export function sizeLabel(size: string): string {
  return size === "auto" ? "Model's choice" : size.replace(/^(\d+)x(\d+)$/, "$1×$2");
}
