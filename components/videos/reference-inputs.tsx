"use client";

import { useLayoutEffect, useRef } from "react";
import { CloseIcon } from "@/components/ui/close-icon";
import { FieldMessages } from "@/components/ui/field-messages";
import { formatMegabytes } from "@/lib/assets/media-labels";
import { REFERENCE_LIMITS, REFERENCE_TOTAL_SECONDS, VIDEO_INPUT_LIMITS, type VideoInputType } from "@/lib/upstream/video/limits";
import { DropZone } from "./drop-zone";
import { referenceTags } from "./prompt-tags";
import { referenceRoomProblem } from "./reference-room";
import { PendingUploadRow, UploadMessages } from "./upload-messages";
import { useInputUploads } from "./use-input-uploads";
import type { AttachedInput } from "./video-form-state";

const ACCEPT = (["image", "video", "audio"] as const)
  .flatMap((type) => [...VIDEO_INPUT_LIMITS[type].mimes, ...VIDEO_INPUT_LIMITS[type].extensions.map((extension) => `.${extension}`)])
  .join(",");

const TYPE_LABELS: Record<VideoInputType, string> = { image: "Image", video: "Video", audio: "Audio" };

type Props = {
  references: AttachedInput[];
  errors?: string[];
  /** Receives the list as it is after the change (uploads finish after later renders). */
  onChange: (next: (current: AttachedInput[]) => AttachedInput[]) => void;
  /** Puts a tag (`<Picture 1>`) into the prompt at its cursor. */
  onInsertTag: (tag: string) => void;
};

function seconds(value: number): string {
  return `${value.toFixed(1)} s`;
}

// ref2va's conditions (spec 4.4.1): up to 9 images, 3 videos and 3 audio files, 12 in all, never
// audio alone, with video and audio together at most 15 s. Attaching assigns no role: each file's
// tag goes into the prompt with one click, where the prompt says what it is for.
export function ReferenceInputs({ references, errors, onChange, onInsertTag }: Props) {
  // Uploads finish after later renders: the checks read the list as it is then.
  const current = useRef(references);
  useLayoutEffect(() => {
    current.current = references;
  }, [references]);
  const uploads = useInputUploads({
    allowed: ["image", "video", "audio"],
    roomProblem: (type, name, taken) => referenceRoomProblem(taken, type, name),
    references: () => current.current,
    onUploaded: (input) => onChange((list) => [...list, input]),
  });
  const tags = referenceTags(references);
  const count = (type: VideoInputType) => references.filter((input) => input.type === type).length;
  const timed = references.reduce((total, input) => total + (input.type === "image" ? 0 : (input.durationSeconds ?? 0)), 0);
  const full = references.length + uploads.pending.length >= REFERENCE_LIMITS.total;

  return (
    <div id="video-inputs" tabIndex={-1} role="group" aria-labelledby="video-inputs-label" className="space-y-2 outline-none">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span id="video-inputs-label" className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
          References
        </span>
        <span className="text-xs text-muted tabular-nums" data-testid="video-reference-counts">
          {count("image")}/{REFERENCE_LIMITS.images} images · {count("video")}/{REFERENCE_LIMITS.videos} videos · {count("audio")}/{REFERENCE_LIMITS.audio} audio
        </span>
      </div>

      {references.length || uploads.pending.length ? (
        <ul className="space-y-1.5" aria-label="Reference files">
          {references.map((input, index) => (
            <ReferenceRow
              key={input.asset.id}
              input={input}
              tag={tags[index]}
              onInsertTag={() => onInsertTag(tags[index])}
              onRemove={() => onChange((list) => list.filter((other) => other.asset.id !== input.asset.id))}
            />
          ))}
          {uploads.pending.map((upload) => (
            <li key={upload.key}>
              <PendingUploadRow upload={upload} />
            </li>
          ))}
        </ul>
      ) : null}

      {full ? null : (
        <DropZone
          testId="video-references-drop"
          accept={ACCEPT}
          multiple
          onFiles={uploads.add}
          what="images, videos or audio"
          hint="Images JPEG/PNG/WebP/HEIC · videos MP4/MOV 2–15 s, 23–60 fps · audio WAV/MP3 2–15 s"
        />
      )}
      <UploadMessages problems={uploads.problems} notices={uploads.notices} testId="video-references" />
      <FieldMessages
        id="video-inputs-message"
        messages={errors}
        hint={
          <>
            Click a tag to put it in the prompt and say what the file is for (“the character of &lt;Picture 1&gt; dances like &lt;Video 1&gt;”). Tags follow the list
            order; removing a file renumbers the ones after it. Video and audio together: {seconds(timed)} of {REFERENCE_TOTAL_SECONDS} s.
          </>
        }
      />
    </div>
  );
}

function ReferenceRow({ input, tag, onInsertTag, onRemove }: { input: AttachedInput; tag: string; onInsertTag: () => void; onRemove: () => void }) {
  const { asset } = input;
  const details = [
    TYPE_LABELS[input.type],
    asset.width && asset.height ? `${asset.width}×${asset.height}` : null,
    input.durationSeconds !== null && input.type !== "image" ? seconds(input.durationSeconds) : null,
    formatMegabytes(asset.bytes),
  ].filter(Boolean);
  return (
    <li className="flex items-center gap-3 rounded-lg border border-zinc-200 p-1.5 pr-2 dark:border-zinc-800" data-testid="video-reference" data-type={input.type}>
      <span className="grid size-11 shrink-0 place-items-center overflow-hidden rounded-md bg-zinc-100 text-muted dark:bg-zinc-800">
        {input.type !== "audio" && asset.thumbnailUrl ? (
          <img src={asset.thumbnailUrl} alt="" className="size-full object-cover" />
        ) : (
          <svg viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinecap="round" aria-hidden>
            <path d={input.type === "audio" ? "M8 15.5a2 2 0 1 1-4 0 2 2 0 0 1 4 0Zm0 0V5l8-2v10.5m0 0a2 2 0 1 1-4 0 2 2 0 0 1 4 0Z" : "M3 5.5h10v9H3v-9Zm10 3 4-2.5v8l-4-2.5"} />
          </svg>
        )}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm text-zinc-800 dark:text-zinc-200" title={input.name}>
          {input.name}
        </span>
        <span className="block truncate text-xs text-muted tabular-nums">{details.join(" · ")}</span>
      </span>
      <button
        type="button"
        onClick={onInsertTag}
        title={`Insert ${tag} into the prompt at the cursor`}
        className="shrink-0 rounded-md border border-accent-500/30 bg-accent-50 px-2 py-1 font-mono text-xs font-medium text-accent-700 hover:bg-accent-100 dark:bg-accent-500/10 dark:text-accent-400 dark:hover:bg-accent-500/20"
        data-testid="video-reference-tag"
      >
        {tag}
      </button>
      <button type="button" onClick={onRemove} aria-label={`Remove ${input.name}`} className="shrink-0 rounded-md p-1 text-muted hover:bg-zinc-100 hover:text-zinc-700 dark:hover:bg-zinc-800 dark:hover:text-zinc-200">
        <CloseIcon className="size-4" />
      </button>
    </li>
  );
}
