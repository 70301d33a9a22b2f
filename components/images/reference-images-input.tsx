"use client";

import { formatMegabytes, mimeList } from "@/lib/assets/media-labels";
import { useEffect, useLayoutEffect, useRef, useState, type DragEvent } from "react";
import type { AssetDto } from "@/lib/assets/asset-dto";
import type { UploadPurpose } from "@/lib/assets/upload-limits";
import { apiErrorOf } from "@/lib/client/api";
import type { ReferenceImage } from "./reference-image";
import { CloseIcon } from "@/components/ui/close-icon";
import { onDemand } from "@/components/ui/on-demand";

/** "Pick from your images": its code loads at the first click, then it stays mounted so closing it returns focus as a dialog should. */
const AssetPicker = onDemand(async () => (await import("./asset-picker")).AssetPicker);

// Browsers leave a file's type empty when the system does not know it (HEIC and HEIF on most
// desktops); the name's extension says what the server will find in its magic bytes.
const typesByExtension: Record<string, string> = { heic: "image/heic", heif: "image/heif", tif: "image/tiff", tiff: "image/tiff", bmp: "image/bmp" };

function typeOf(file: File): string {
  return file.type || typesByExtension[file.name.split(".").pop()?.toLowerCase() ?? ""] || "";
}

export type ReferenceImagesInputProps = {
  purpose: UploadPurpose;
  max: number;
  maxBytes: number;
  accept: readonly string[];
  value: ReferenceImage[];
  onChange: (images: ReferenceImage[]) => void;
  /** Listen for images pasted anywhere on the page (only one input per page should). */
  pasteTarget?: boolean;
  label?: string;
  /** Told when a file is refused, so a page that keeps this input folded away can open it to show why. */
  onProblem?: () => void;
};

// Reference images by drag and drop, file picker, clipboard paste, or from earlier images. Each file
// is checked in the browser (format, size, count) and again by the server from its magic bytes.
export function ReferenceImagesInput({ purpose, max, maxBytes, accept, value, onChange, pasteTarget = false, label = "Reference images", onProblem }: ReferenceImagesInputProps) {
  const [uploading, setUploading] = useState(0);
  const [error, setShownError] = useState<string>();
  const setError = (message: string | undefined) => {
    setShownError(message);
    if (message) onProblem?.();
  };
  // What the studio did to make a file usable (a HEIC photo converted to JPEG), per file.
  const [notices, setNotices] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const [picker, setPicker] = useState<"unopened" | "open" | "closed">("unopened");
  const fileInput = useRef<HTMLInputElement>(null);
  // Uploads finish after later renders: they read the list as it is then, not as it was.
  const current = useRef(value);
  useLayoutEffect(() => {
    current.current = value;
  }, [value]);

  async function addFiles(files: File[]) {
    setError(undefined);
    setNotices([]);
    const room = max - current.current.length - uploading;
    if (files.length > room) setError(`At most ${max} image${max === 1 ? "" : "s"} can be attached`);
    const problems: string[] = [];
    const accepted = files.slice(0, Math.max(0, room)).filter((file) => {
      if (!accept.includes(typeOf(file))) {
        problems.push(`${file.name}: must be a ${mimeList(accept)} image`);
        return false;
      }
      if (file.size > maxBytes) {
        problems.push(`${file.name}: must be at most ${formatMegabytes(maxBytes)}`);
        return false;
      }
      return true;
    });
    if (problems.length) setError(problems.join(" · "));
    setUploading((n) => n + accepted.length);
    for (const file of accepted) {
      try {
        const response = await fetch(`/api/uploads?purpose=${purpose}`, { method: "POST", body: file, headers: { "Content-Type": typeOf(file) } });
        if (!response.ok) throw await apiErrorOf(response);
        const { asset, conversion } = (await response.json()) as { asset: AssetDto; conversion: { message: string } | null };
        if (conversion) setNotices((shown) => [...shown, `${file.name}: ${conversion.message}`]);
        current.current = [...current.current, asset];
        onChange(current.current);
      } catch (uploadError) {
        setError(`${file.name}: ${uploadError instanceof Error ? uploadError.message : "upload failed"}`);
      } finally {
        setUploading((n) => n - 1);
      }
    }
  }

  useEffect(() => {
    if (!pasteTarget) return;
    function onPaste(event: ClipboardEvent) {
      const files = [...(event.clipboardData?.files ?? [])].filter((file) => file.type.startsWith("image/"));
      if (files.length === 0) return;
      event.preventDefault();
      void addFiles(files);
    }
    window.addEventListener("paste", onPaste);
    return () => window.removeEventListener("paste", onPaste);
  });

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void addFiles([...event.dataTransfer.files]);
  }

  const full = value.length + uploading >= max;
  return (
    <div>
      <div className="mb-1.5 flex items-center justify-between">
        <span className="text-sm font-medium text-zinc-700 dark:text-zinc-300">{label}</span>
        <span className="text-xs text-muted">
          {value.length}/{max}
        </span>
      </div>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid={`${purpose}-dropzone`}
        className={`rounded-xl border-2 border-dashed p-3 transition-colors ${dragging ? "border-accent-500 bg-accent-50 dark:bg-accent-500/10" : "border-zinc-300 dark:border-zinc-700"}`}
      >
        <div className="flex flex-wrap gap-2">
          {value.map((image) => (
            <div key={image.id} className="group relative size-20 overflow-hidden rounded-lg border border-zinc-200 dark:border-zinc-700">
              <img src={image.thumbnailUrl ?? image.url} alt="Reference" className="size-full object-cover" />
              <button
                type="button"
                onClick={() => onChange(value.filter((other) => other.id !== image.id))}
                aria-label="Remove reference image"
                className="absolute top-1 right-1 rounded-full bg-black/60 p-0.5 text-white opacity-0 group-hover:opacity-100 focus:opacity-100"
              >
                <CloseIcon className="size-3.5" />
              </button>
            </div>
          ))}
          {Array.from({ length: uploading }, (_, i) => (
            <div key={`uploading-${i}`} className="grid size-20 animate-pulse place-items-center rounded-lg bg-zinc-100 text-xs text-muted dark:bg-zinc-800">
              Uploading
            </div>
          ))}
          {full ? null : (
            <div className="flex min-h-20 flex-1 flex-col justify-center gap-1 px-2 text-sm text-muted">
              <span>
                Drop, paste or{" "}
                <button type="button" className="font-medium text-accent-600 dark:text-accent-400 hover:underline" onClick={() => fileInput.current?.click()}>
                  choose files
                </button>{" "}
                ·{" "}
                <button type="button" className="font-medium text-accent-600 dark:text-accent-400 hover:underline" onClick={() => setPicker("open")}>
                  pick from your images
                </button>
              </span>
              <span className="text-xs">
                {mimeList(accept)}, up to {formatMegabytes(maxBytes)} each
              </span>
            </div>
          )}
        </div>
      </div>
      <input
        ref={fileInput}
        type="file"
        accept={accept.join(",")}
        multiple
        hidden
        data-testid={`${purpose}-file-input`}
        onChange={(event) => {
          void addFiles([...(event.target.files ?? [])]);
          event.target.value = "";
        }}
      />
      {error ? (
        <p role="alert" className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
      {notices.length ? (
        <p role="status" className="mt-1.5 text-xs text-zinc-600 dark:text-zinc-400" data-testid={`${purpose}-upload-notice`}>
          {notices.join(" · ")}
        </p>
      ) : null}
      {picker === "unopened" ? null : (
        <AssetPicker
          open={picker === "open"}
          onClose={() => setPicker("closed")}
          accept={accept}
          onPick={(asset) => {
            if (current.current.length >= max) {
              setError(`At most ${max} image${max === 1 ? "" : "s"} can be attached`);
              return;
            }
            if (asset.bytes > maxBytes) {
              setError(`That image is larger than ${formatMegabytes(maxBytes)}`);
              return;
            }
            onChange([...current.current, asset]);
          }}
        />
      )}
    </div>
  );
}
