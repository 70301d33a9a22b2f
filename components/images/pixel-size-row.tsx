"use client";

import { inputClassWith } from "@/components/ui/field";
import { AspectPreview } from "./aspect-preview";

type SideProps = { id: string; label: string; value: string; onChange: (value: string) => void; invalid: boolean; describedBy: string };

// One side of a width × height size, in whole pixels: anything but digits typed is dropped.
function PixelInput({ id, label, value, onChange, invalid, describedBy }: SideProps) {
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className="mb-1 block text-xs text-muted">
        {label}
      </label>
      <span className="relative block">
        <input
          id={id}
          inputMode="numeric"
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value.replace(/[^\d]/g, ""))}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={inputClassWith("pr-8 font-mono tabular-nums")}
        />
        <span className="pointer-events-none absolute inset-y-0 right-3 grid place-items-center text-xs text-muted" aria-hidden>
          px
        </span>
      </span>
    </div>
  );
}

type Props = {
  /** Ids are `${idPrefix}-width` and `${idPrefix}-height`. */
  idPrefix: string;
  width: string;
  height: string;
  onChange: (size: { width: string; height: string }) => void;
  /** The size as numbers when both sides read as one, for the shape preview. */
  parsed: { width: number; height: number } | null;
  invalid: boolean;
  /** The id of the message that states the size rule. */
  describedBy: string;
};

// Width × height with a swap button and a preview of the shape.
export function PixelSizeRow({ idPrefix, width, height, onChange, parsed, invalid, describedBy }: Props) {
  return (
    <div className="flex items-end gap-2">
      <PixelInput id={`${idPrefix}-width`} label="Width" value={width} onChange={(next) => onChange({ width: next, height })} invalid={invalid} describedBy={describedBy} />
      <button
        type="button"
        onClick={() => onChange({ width: height, height: width })}
        aria-label="Swap width and height"
        title="Swap width and height"
        className="mb-1 grid size-8 shrink-0 place-items-center rounded-lg text-muted hover:bg-zinc-100 hover:text-zinc-800 dark:hover:bg-zinc-800 dark:hover:text-zinc-200"
      >
        <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth={1.6} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
          <path d="M4 7h12m0 0-3-3m3 3-3 3M16 13H4m0 0 3-3m-3 3 3 3" />
        </svg>
      </button>
      <PixelInput id={`${idPrefix}-height`} label="Height" value={height} onChange={(next) => onChange({ width, height: next })} invalid={invalid} describedBy={describedBy} />
      <span className="mb-1 grid size-9 shrink-0 place-items-center rounded-lg bg-zinc-50 dark:bg-zinc-800/60">
        {parsed ? <AspectPreview width={parsed.width} height={parsed.height} frame={26} active={!invalid} /> : null}
      </span>
    </div>
  );
}
