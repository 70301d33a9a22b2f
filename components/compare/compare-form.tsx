"use client";

import { useState, type FormEvent } from "react";
import { ReferenceImagesInput } from "@/components/images/reference-images-input";
import { toFormImage, type ReferenceImage } from "@/components/images/reference-image";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { isApiError } from "@/lib/client/api";
import { COMPARISON_MEMBERS, COMPARISON_MODEL_LABELS, COMPARISON_MODELS, comparisonFormSchema, type ComparisonFormInput, type ComparisonModel } from "@/lib/comparisons/comparison-schemas";
import { fieldProblems } from "@/lib/errors";
import { ALPHA_IMAGE_MIME_TYPES, ALPHA_V3_MAX_IMAGE_BYTES, ALPHA_V3_MAX_REFERENCE_IMAGES } from "@/lib/upstream/alpha/limits";
import { defaultChoice, settingsOf, SIZE_OPTIONS, type MemberChoice } from "./member-settings";
import { useStartComparison } from "./use-comparison";

const initialChoices = Object.fromEntries(COMPARISON_MODELS.map((model) => [model, defaultChoice(model)])) as Record<ComparisonModel, MemberChoice>;

// One prompt (and reference images) for two to four models, each with its own size; checked by the
// same schema the server uses before anything is sent.
export function CompareForm({ onStarted }: { onStarted: (comparisonId: string) => void }) {
  const [prompt, setPrompt] = useState("");
  const [images, setImages] = useState<ReferenceImage[]>([]);
  const [picked, setPicked] = useState<ComparisonModel[]>(["alpha-v3", "beta-lite"]);
  const [choices, setChoices] = useState(initialChoices);
  const [problems, setProblems] = useState<string[]>([]);
  const start = useStartComparison();

  const toggle = (model: ComparisonModel, on: boolean) => setPicked((models) => (on ? COMPARISON_MODELS.filter((m) => m === model || models.includes(m)) : models.filter((m) => m !== model)));
  const choose = (model: ComparisonModel, change: Partial<MemberChoice>) => setChoices((all) => ({ ...all, [model]: { ...all[model], ...change } }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input: ComparisonFormInput = { prompt, images: images.map(toFormImage), members: picked.map((model) => ({ model, settings: settingsOf(model, choices[model]) })) };
    const checked = comparisonFormSchema.safeParse(input);
    if (!checked.success) return setProblems(fieldProblems(checked.error).map((problem) => problem.message));
    setProblems([]);
    try {
      const { comparison } = await start.mutateAsync(input);
      onStarted(comparison.id);
    } catch (error) {
      setProblems(isApiError(error) && error.error.fields?.length ? error.error.fields.map((problem) => problem.message) : [error instanceof Error ? error.message : String(error)]);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Comparison">
      <div className="space-y-1.5">
        <label htmlFor="compare-prompt" className="block text-sm font-medium">
          Prompt
        </label>
        <Textarea id="compare-prompt" rows={3} value={prompt} onChange={(event) => setPrompt(event.target.value)} placeholder="A paper lantern on a windowsill at dusk" />
      </div>
      <ReferenceImagesInput purpose="alpha-v3" max={ALPHA_V3_MAX_REFERENCE_IMAGES} maxBytes={ALPHA_V3_MAX_IMAGE_BYTES} accept={ALPHA_IMAGE_MIME_TYPES} value={images} onChange={setImages} />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">
          Models ({COMPARISON_MEMBERS.min} to {COMPARISON_MEMBERS.max})
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {COMPARISON_MODELS.map((model) => {
            const on = picked.includes(model);
            const label = COMPARISON_MODEL_LABELS[model];
            return (
              <div key={model} className="space-y-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
                <label className="flex items-center gap-2 text-sm font-medium">
                  <input type="checkbox" checked={on} onChange={(event) => toggle(model, event.target.checked)} />
                  {label}
                </label>
                {on ? (
                  <div className="flex flex-wrap items-center gap-3 text-sm">
                    <label className="flex items-center gap-2">
                      Size
                      <select aria-label={`${label} size`} className={`${inputClass} w-auto`} value={choices[model].size} onChange={(event) => choose(model, { size: event.target.value })}>
                        {SIZE_OPTIONS[model].map((size) => (
                          <option key={size} value={size}>
                            {size}
                          </option>
                        ))}
                      </select>
                    </label>
                    {model === "alpha-v3" ? (
                      <label className="flex items-center gap-2">
                        <input type="checkbox" checked={choices[model].revise} onChange={(event) => choose(model, { revise: event.target.checked })} />
                        Rewrite the prompt
                      </label>
                    ) : null}
                  </div>
                ) : null}
              </div>
            );
          })}
        </div>
      </fieldset>
      {problems.length ? (
        <ul role="alert" className="list-disc space-y-1 pl-5 text-sm text-red-600 dark:text-red-400">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      <Button type="submit" disabled={start.isPending}>
        {start.isPending ? "Starting…" : `Compare ${picked.length} models`}
      </Button>
    </form>
  );
}
