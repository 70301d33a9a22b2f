"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { lazyModule, moduleForSubmit } from "@/components/forms/lazy-module";
import { Button } from "@/components/ui/button";
import { Field, selectClassWith } from "@/components/ui/field";
import { MutationError } from "@/components/ui/mutation-error";
import { Textarea } from "@/components/ui/textarea";
import { api, isApiError } from "@/lib/client/api";
import { VIDEO_ASPECT_RATIOS, VIDEO_DEFAULT_ASPECT_RATIO, VIDEO_SECONDS } from "@/lib/upstream/video/limits";
import type { InferenceJobAnswer } from "@/lib/videos/admin-video-dto";
import type { InferenceRunInput } from "@/lib/videos/admin-video-schemas";
import { inferenceJobQuery } from "./video-admin-queries";

const adminVideoSchemas = lazyModule(() => import("@/lib/videos/admin-video-schemas"));

type FieldErrors = Partial<Record<keyof InferenceRunInput, string>>;

// The form of a diagnostic run, checked with the schema the server uses.
export function VideoInferenceRunForm({ onStarted }: { onStarted: (id: string) => void }) {
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<FieldErrors>({});
  const run = useMutation({
    mutationFn: (values: InferenceRunInput) => api<InferenceJobAnswer>("/api/admin/video/inference", { method: "POST", json: values }),
    onSuccess: ({ job }) => {
      queryClient.setQueryData(inferenceJobQuery(job.id).queryKey, job);
      onStarted(job.id);
    },
    onError: (error) => {
      if (isApiError(error) && error.error.fields) setErrors(fieldErrors(error.error.fields.map((problem) => ({ path: [problem.field], message: problem.message }))));
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    const schemas = moduleForSubmit(adminVideoSchemas, event);
    if (schemas === undefined) return;
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const seed = String(form.get("seed") ?? "").trim();
    const values = {
      prompt: String(form.get("prompt") ?? ""),
      seconds: Number(form.get("seconds")),
      aspectRatio: String(form.get("aspectRatio")) as InferenceRunInput["aspectRatio"],
      ...(seed && { seed: Number(seed) }),
    };
    if (schemas === "unchecked") {
      setErrors({});
      run.mutate(values);
      return;
    }
    const parsed = schemas.inferenceRunSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    run.mutate(parsed.data);
  }

  const fieldsRefused = isApiError(run.error) && Boolean(run.error.error.fields?.length);
  return (
    <form onSubmit={submit} onFocus={adminVideoSchemas.preload} noValidate className="space-y-3" aria-label="Test job">
      <div className="space-y-1.5">
        <label htmlFor="inference-prompt" className="block text-sm font-medium text-zinc-700 dark:text-zinc-300">
          Prompt
        </label>
        <Textarea
          id="inference-prompt"
          name="prompt"
          rows={2}
          defaultValue="A paper boat drifting down a rainy street"
          aria-invalid={errors.prompt ? true : undefined}
          aria-describedby={errors.prompt ? "inference-prompt-message" : undefined}
        />
        {errors.prompt ? (
          <p id="inference-prompt-message" role="alert" className="text-sm text-red-600 dark:text-red-400">
            {errors.prompt}
          </p>
        ) : null}
      </div>
      <div className="grid grid-cols-3 gap-3">
        <Field
          id="inference-seconds"
          name="seconds"
          label="Seconds"
          type="number"
          min={VIDEO_SECONDS.min}
          max={VIDEO_SECONDS.max}
          step={1}
          defaultValue={VIDEO_SECONDS.default}
          error={errors.seconds}
        />
        <div className="space-y-1.5">
          <label htmlFor="inference-aspect-ratio" className="block text-sm font-medium text-zinc-700 dark:text-zinc-300">
            Aspect ratio
          </label>
          <select id="inference-aspect-ratio" name="aspectRatio" defaultValue={VIDEO_DEFAULT_ASPECT_RATIO} className={selectClassWith()}>
            {VIDEO_ASPECT_RATIOS.map((ratio) => (
              <option key={ratio} value={ratio}>
                {ratio}
              </option>
            ))}
          </select>
          {errors.aspectRatio ? (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {errors.aspectRatio}
            </p>
          ) : null}
        </div>
        <Field id="inference-seed" name="seed" label="Seed" type="number" min={0} step={1} placeholder="random" error={errors.seed} />
      </div>
      <Button type="submit" disabled={run.isPending}>
        {run.isPending ? "Starting…" : "Run on the inference server"}
      </Button>
      {fieldsRefused ? null : <MutationError mutation={run} title="The test job did not start" />}
    </form>
  );
}

/** The first message per field, keyed by the field's name. */
function fieldErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "prompt") as keyof InferenceRunInput;
    errors[field] ??= issue.message;
  }
  return errors;
}
