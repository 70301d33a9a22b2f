"use client";

import { CloseIcon } from "@/components/ui/close-icon";
import { FieldMessages } from "@/components/ui/field-messages";
import { SUPPORTED_BASE_SIZES, VIDEO_INPUT_LIMITS, type VideoAspectRatio } from "@/lib/upstream/video/limits";
import { keyframeFit, keyframeFitMessage } from "./keyframe-fit";
import { DropZone } from "./drop-zone";
import { PendingUploadRow, UploadMessages } from "./upload-messages";
import { useInputUploads } from "./use-input-uploads";
import type { AttachedInput, KeyframeSlot } from "./video-form-state";

const SLOT_LABELS: Record<KeyframeSlot, string> = { first: "First frame", last: "Last frame" };
const IMAGE_ACCEPT = [...VIDEO_INPUT_LIMITS.image.mimes, ...VIDEO_INPUT_LIMITS.image.extensions.map((extension) => `.${extension}`)].join(",");

type Props = {
  keyframes: Record<KeyframeSlot, AttachedInput | null>;
  aspectRatio: VideoAspectRatio;
  errors?: string[];
  onChange: (slot: KeyframeSlot, input: AttachedInput | null) => void;
};

// fl2va's conditions (spec 4.4.1): a first-frame image, a last-frame image, or both. Each is prepared
// at the supported size for the chosen ratio (spec 8), which the slot says before anything is sent.
export function KeyframeSlots({ keyframes, aspectRatio, errors, onChange }: Props) {
  const base = SUPPORTED_BASE_SIZES[aspectRatio];
  return (
    <div id="video-inputs" tabIndex={-1} role="group" aria-labelledby="video-inputs-label" className="space-y-2 outline-none">
      <div className="flex items-baseline justify-between gap-3">
        <span id="video-inputs-label" className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
          Keyframes
        </span>
        <span className="text-xs text-muted">One or both</span>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {(["first", "last"] as const).map((slot) => (
          <KeyframeSlotField key={slot} slot={slot} input={keyframes[slot]} aspectRatio={aspectRatio} onChange={(input) => onChange(slot, input)} />
        ))}
      </div>
      <FieldMessages
        id="video-inputs-message"
        messages={errors}
        hint={`Images are prepared at ${base.width}×${base.height}, the supported size for ${aspectRatio}; an image of another shape is cropped to it.`}
      />
    </div>
  );
}

function KeyframeSlotField({ slot, input, aspectRatio, onChange }: { slot: KeyframeSlot; input: AttachedInput | null; aspectRatio: VideoAspectRatio; onChange: (input: AttachedInput | null) => void }) {
  const uploads = useInputUploads({ allowed: ["image"], onUploaded: onChange });
  const testId = `video-keyframe-${slot}`;
  const { width, height } = input?.asset ?? {};
  const fit = width && height ? keyframeFit({ width, height }, aspectRatio) : null;
  return (
    <div className="min-w-0 space-y-1.5" data-testid={testId}>
      <p className="text-xs font-medium text-zinc-600 dark:text-zinc-400">{SLOT_LABELS[slot]}</p>
      {input ? (
        <div className="space-y-1.5">
          <div className="group relative grid h-28 place-items-center overflow-hidden rounded-xl border border-zinc-200 bg-zinc-100 dark:border-zinc-800 dark:bg-zinc-950">
            <img src={input.asset.thumbnailUrl ?? input.asset.url} alt={SLOT_LABELS[slot]} className="max-h-full max-w-full object-contain" data-testid={`${testId}-image`} />
            <button
              type="button"
              onClick={() => onChange(null)}
              aria-label={`Remove the ${SLOT_LABELS[slot].toLowerCase()}`}
              className="absolute top-1.5 right-1.5 rounded-full bg-black/60 p-1 text-white opacity-80 hover:opacity-100 focus:opacity-100"
            >
              <CloseIcon className="size-3.5" />
            </button>
          </div>
          <p className="truncate text-xs text-zinc-600 dark:text-zinc-400" title={input.name}>
            {input.name}
            {width && height ? <span className="text-muted tabular-nums"> · {width}×{height}</span> : null}
          </p>
          {width && height ? (
            <p className={`text-xs ${fit?.change === "crop" ? "text-amber-700 dark:text-amber-400" : "text-muted"}`} data-testid={`${testId}-fit`}>
              {keyframeFitMessage({ width, height }, aspectRatio)}
            </p>
          ) : null}
        </div>
      ) : uploads.pending.length ? (
        uploads.pending.map((upload) => <PendingUploadRow key={upload.key} upload={upload} />)
      ) : (
        <DropZone testId={`${testId}-drop`} accept={IMAGE_ACCEPT} multiple={false} onFiles={(files) => uploads.add(files.slice(0, 1))} what="an image" hint="JPEG, PNG, WebP or HEIC, 256–5760 px" compact />
      )}
      <UploadMessages problems={uploads.problems} notices={uploads.notices} testId={testId} />
    </div>
  );
}
