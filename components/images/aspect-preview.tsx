// A small box drawn with an image size's proportions, centred in a square of `frame` pixels.
export function AspectPreview({ width, height, frame = 22, active = false }: { width: number; height: number; frame?: number; active?: boolean }) {
  const longest = Math.max(width, height, 1);
  return (
    <span className="grid shrink-0 place-items-center" style={{ width: frame, height: frame }} aria-hidden>
      <span
        className={`rounded-[3px] border-[1.5px] transition-colors ${
          active ? "border-accent-600 bg-accent-500/20 dark:border-accent-400" : "border-zinc-400 bg-zinc-400/10 dark:border-zinc-500"
        }`}
        style={{ width: Math.max(3, (frame * width) / longest), height: Math.max(3, (frame * height) / longest) }}
      />
    </span>
  );
}

// Ratios designers know by name; every other preset is shown as a decimal so the labels compare at a glance.
const NAMED_RATIOS: [number, number][] = [
  [1, 1],
  [5, 4],
  [4, 3],
  [3, 2],
  [16, 9],
  [2, 1],
  [3, 1],
  [4, 1],
];

/** "16:9" / "9:16" for a well-known ratio, else "1.91:1" (or "1:1.91" for portrait). */
export function aspectLabel(width: number, height: number): string {
  const [long, short] = width >= height ? [width, height] : [height, width];
  const named = NAMED_RATIOS.find(([a, b]) => long * b === short * a);
  if (named) return width >= height ? `${named[0]}:${named[1]}` : `${named[1]}:${named[0]}`;
  const ratio = (long / short).toFixed(2);
  return width >= height ? `${ratio}:1` : `1:${ratio}`;
}
