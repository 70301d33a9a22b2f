"use client";

import { BudgetsLeft } from "@/components/budgets/budgets-left";
import { PromptInput } from "@/components/images/prompt-input";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FieldGroup } from "@/components/ui/field-group";
import { FieldMessages } from "@/components/ui/field-messages";
import { Segmented } from "@/components/ui/segmented";
import { Spinner } from "@/components/ui/spinner";
import { FailureRequestId } from "@/components/errors/failure-request-id";
import { VIDEO_TASKS } from "@/lib/upstream/video/limits";
import { VIDEO_PROMPT_MAX_CHARS, VIDEO_TASK_LABELS } from "@/lib/videos/video-rules";
import { KeyframeSlots } from "./keyframe-slots";
import { PartitionStatus } from "./partition-status";
import { insertAtCursor } from "./prompt-tags";
import { ReferenceInputs } from "./reference-inputs";
import type { VideoFormModel } from "./use-video-form";
import { VideoAdvancedFields } from "./video-advanced-fields";
import { videoFailureTitle } from "./video-error-copy";
import { VideoOutputFields } from "./video-output-fields";
import { UpstreamNotices } from "@/components/upstreams/upstream-notices";

const TASK_OPTIONS = VIDEO_TASKS.map((task) => ({ value: task, label: VIDEO_TASK_LABELS[task] }));

const TASK_HINTS = {
  t2va: "From the prompt alone.",
  fl2va: "From a first-frame image, a last-frame image, or both.",
  ref2va: "From up to 9 images, 3 videos and 3 audio files, tagged in the prompt.",
} as const;

const PROMPT_PLACEHOLDERS = {
  t2va: "A paper boat drifting down a rain-soaked street at dusk, neon reflections, gentle synth hum",
  fl2va: "The flower opens slowly as the morning light grows warmer",
  ref2va: "The character of <Picture 1> dances like <Video 1>, with the ambience of <Audio 1>",
} as const;

// The video request (spec 4.4) as a form: the task first, since it decides which inputs exist. On
// wide screens it stays in view beside the dashboard, its settings scrolling inside it and Submit
// at its foot, with the reason when Submit is off.
export function VideoForm({ model }: { model: VideoFormModel }) {
  const { form, errors, change, setForm, submit, notice, setNotice, partition, partitionReason, blockedReason, advanced } = model;

  function insertTag(tag: string) {
    const textarea = document.getElementById("video-prompt") as HTMLTextAreaElement | null;
    const start = textarea?.selectionStart ?? form.prompt.length;
    const end = textarea?.selectionEnd ?? form.prompt.length;
    const next = insertAtCursor(form.prompt, start, end, tag);
    change({ prompt: next.text }, "prompt");
    requestAnimationFrame(() => {
      textarea?.focus();
      textarea?.setSelectionRange(next.cursor, next.cursor);
    });
  }

  return (
    <form
      id="video-form"
      aria-label="Video settings"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit.send();
      }}
      className="flex flex-col overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-sm lg:sticky lg:top-6 lg:max-h-[calc(100dvh-7.5rem)] dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="min-h-0 flex-1 space-y-5 p-4 sm:p-5 lg:overflow-y-auto">
        {notice ? <Alert tone={notice.tone} title={notice.text} onDismiss={() => setNotice(undefined)} /> : null}
        <UpstreamNotices services={["video_agent"]} testId="video-upstream-notice" />

        <FieldGroup id="video-task" label="Task">
          <Segmented label="Task" value={form.task} options={TASK_OPTIONS} onChange={(task) => change({ task }, "task")} testIdPrefix="video-task" />
          <FieldMessages id="video-task-message" messages={errors.task} hint={TASK_HINTS[form.task]} />
        </FieldGroup>

        <PartitionStatus task={form.task} partition={partition} problem={partitionReason} />

        <PromptInput
          id="video-prompt"
          value={form.prompt}
          max={VIDEO_PROMPT_MAX_CHARS}
          errors={errors.prompt}
          hint={form.task === "ref2va" ? "Say what each reference is for with its tag." : "Describe the scene, the motion and the sound."}
          placeholder={PROMPT_PLACEHOLDERS[form.task]}
          onChange={(prompt) => change({ prompt }, "prompt")}
          onSubmitShortcut={submit.send}
        />

        {form.task === "fl2va" ? (
          <KeyframeSlots
            keyframes={form.keyframes}
            aspectRatio={form.aspectRatio}
            errors={errors.inputs}
            onChange={(slot, input) => setForm((current) => ({ ...current, keyframes: { ...current.keyframes, [slot]: input } }), "inputs")}
          />
        ) : null}
        {form.task === "ref2va" ? (
          <ReferenceInputs
            references={form.references}
            errors={errors.inputs}
            onChange={(next) => setForm((current) => ({ ...current, references: next(current.references) }), "inputs")}
            onInsertTag={insertTag}
          />
        ) : null}

        <VideoOutputFields form={form} errors={errors} onChange={change} />
        <VideoAdvancedFields form={form} errors={errors} onChange={change} open={advanced.open} onOpen={advanced.setOpen} />
      </div>

      <div className="space-y-3 border-t border-zinc-200 bg-zinc-50/80 p-4 sm:px-5 dark:border-zinc-800 dark:bg-zinc-950/30">
        {submit.failure ? (
          <Alert title={videoFailureTitle(submit.failure.code, "The video was not submitted")} onDismiss={submit.dismiss}>
            <p data-testid="video-submit-error" data-code={submit.failure.code}>
              {submit.failure.message}
            </p>
            {submit.failure.requestId ? <FailureRequestId requestId={submit.failure.requestId} /> : null}
          </Alert>
        ) : null}
        <BudgetsLeft />
        <div className="flex items-center gap-3">
          <Button
            type="submit"
            className="h-11 flex-1 text-[15px]"
            disabled={submit.pending || blockedReason !== undefined}
            aria-describedby={blockedReason !== undefined ? "video-submit-blocked" : undefined}
            data-testid="video-submit"
          >
            {submit.pending ? (
              <Spinner className="size-4.5" />
            ) : (
              <svg viewBox="0 0 20 20" className="size-4.5" fill="currentColor" aria-hidden>
                <path d="M3 5.5A1.5 1.5 0 0 1 4.5 4h8A1.5 1.5 0 0 1 14 5.5v9a1.5 1.5 0 0 1-1.5 1.5h-8A1.5 1.5 0 0 1 3 14.5v-9Zm12 2.2 2.3-1.5a.5.5 0 0 1 .7.4v6.8a.5.5 0 0 1-.7.4L15 12.3V7.7Z" />
              </svg>
            )}
            {submit.pending ? "Submitting…" : "Generate video"}
          </Button>
          <span className="hidden text-xs text-muted sm:inline">
            <kbd className="rounded border border-zinc-300 bg-white px-1 font-sans dark:border-zinc-700 dark:bg-zinc-900">Ctrl</kbd>{" "}
            <kbd className="rounded border border-zinc-300 bg-white px-1 font-sans dark:border-zinc-700 dark:bg-zinc-900">Enter</kbd>
          </span>
        </div>
        {blockedReason !== undefined ? (
          <p id="video-submit-blocked" className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="video-submit-blocked">
            {blockedReason}
          </p>
        ) : (
          <p className="text-xs text-muted">Video jobs take minutes. They run on the server: you can close this page.</p>
        )}
      </div>
    </form>
  );
}
