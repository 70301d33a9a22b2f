"use client";

/** The seed a result was made with, and a way to generate with it again. */
export function SeedValue({ seed, onUseSeed }: { seed: number | null; onUseSeed: (seed: number) => void }) {
  if (seed === null) return <>Random</>;
  return (
    <>
      <span className="truncate font-mono" data-testid="seed-value">
        {seed}
      </span>
      <button
        type="button"
        onClick={() => onUseSeed(seed)}
        aria-label={`Use seed ${seed}`}
        className="shrink-0 rounded px-1 text-xs font-medium text-accent-700 hover:bg-accent-50 dark:text-accent-400 dark:hover:bg-accent-500/10"
      >
        Use
      </button>
    </>
  );
}
