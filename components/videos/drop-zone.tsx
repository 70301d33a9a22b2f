"use client";

import { useRef, useState, type ReactNode } from "react";

type Props = {
  /** Test ids: `${testId}` on the zone, `${testId}-input` on its file input. */
  testId: string;
  accept: string;
  multiple: boolean;
  onFiles: (files: File[]) => void;
  /** What the zone says under "Drop … or choose". */
  hint: ReactNode;
  /** What to drop, in a few words ("an image", "images, videos or audio"). */
  what: string;
  compact?: boolean;
};

// A place to drop files or pick them with the system's dialog.
export function DropZone({ testId, accept, multiple, onFiles, hint, what, compact = false }: Props) {
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        onFiles([...event.dataTransfer.files]);
      }}
      data-testid={testId}
      className={`flex flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed px-3 text-center text-sm text-muted transition-colors ${
        compact ? "min-h-28 py-3" : "min-h-24 py-4"
      } ${dragging ? "border-accent-500 bg-accent-50 dark:bg-accent-500/10" : "border-zinc-300 dark:border-zinc-700"}`}
    >
      <span>
        Drop {what} or{" "}
        <button type="button" className="font-medium text-accent-600 dark:text-accent-400 hover:underline" onClick={() => input.current?.click()}>
          choose {multiple ? "files" : "a file"}
        </button>
      </span>
      <span className="text-xs">{hint}</span>
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple={multiple}
        hidden
        data-testid={`${testId}-input`}
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          event.target.value = "";
        }}
      />
    </div>
  );
}
