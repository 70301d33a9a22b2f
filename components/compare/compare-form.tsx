"use client";

import { useState, type FormEvent } from "react";
import { ReferenceImagesInput } from "@/components/images/reference-images-input";
import { toFormImage, type ReferenceImage } from "@/components/images/reference-image";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { isApiError } from "@/lib/client/api";
import { lazyModule } from "@/components/forms/lazy-module";
import { COMPARISON_MEMBERS, COMPARISON_MODEL_LABELS, COMPARISON_MODELS, type ComparisonModel } from "@/lib/comparisons/comparison-models";
import type { ComparisonFormInput } from "@/lib/comparisons/comparison-schemas";
import { fieldProblems, type FieldProblem } from "@/lib/error-codes";
import { ALPHA_IMAGE_MIME_TYPES, ALPHA_V3_MAX_IMAGE_BYTES, ALPHA_V3_MAX_REFERENCE_IMAGES } from "@/lib/upstream/alpha/limits";
import { MemberFields } from "./member-fields";
import { defaultChoice, settingsOf, type MemberChoice } from "./member-settings";
import { useStartComparison } from "./use-comparison";

const comparisonSchemas = lazyModule(() => import("@/lib/comparisons/comparison-schemas"));

const SETTING_FIELD = /^members\.\d+\.settings\./;

/** The refusals of one member's setting: `members.1.settings.seed`, or a part of it (`…size.tier`). */
function memberErrors(problems: readonly FieldProblem[], index: number, setting: string): string[] | undefined {
  const field = `members.${index}.settings.${setting}`;
  const messages = problems.filter((problem) => problem.field === field || problem.field.startsWith(`${field}.`)).map((problem) => problem.message);
  return messages.length ? [...new Set(messages)] : undefined;
}

const initialChoices = Object.fromEntries(COMPARISON_MODELS.map((model) => [model, defaultChoice(model)])) as Record<ComparisonModel, MemberChoice>;

// One prompt (and reference images) for two to four models, each with its own settings; checked by
// the same schema the server uses before anything is sent. A member's refusal shows under its field.
export function CompareForm({ onStarted }: { onStarted: (comparisonId: string) => void }) {
  const [prompt, setPrompt] = useState("");
  const [images, setImages] = useState<ReferenceImage[]>([]);
  const [picked, setPicked] = useState<ComparisonModel[]>(["alpha-v3", "beta-lite"]);
  const [choices, setChoices] = useState(initialChoices);
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const start = useStartComparison();

  const toggle = (model: ComparisonModel, on: boolean) => setPicked((models) => (on ? COMPARISON_MODELS.filter((m) => m === model || models.includes(m)) : models.filter((m) => m !== model)));
  const choose = (model: ComparisonModel, change: Partial<MemberChoice>) => setChoices((all) => ({ ...all, [model]: { ...all[model], ...change } }));

  // What no member's field shows: the prompt, the images, the choice of models.
  const formProblems = [...new Set(problems.filter((problem) => !SETTING_FIELD.test(problem.field)).map((problem) => problem.message))];

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input: ComparisonFormInput = { prompt, images: images.map(toFormImage), members: picked.map((model) => ({ model, settings: settingsOf(model, choices[model]) })) };
    // Without the schemas (they failed to load), the server's check is the one shown.
    const checked = (await comparisonSchemas.load())?.comparisonFormSchema.safeParse(input);
    if (checked && !checked.success) return setProblems(fieldProblems(checked.error));
    setProblems([]);
    try {
      const { comparison } = await start.mutateAsync(input);
      onStarted(comparison.id);
    } catch (error) {
      setProblems(isApiError(error) && error.error.fields?.length ? error.error.fields : [{ field: "", message: error instanceof Error ? error.message : String(error) }]);
    }
  }

  return (
    <form onSubmit={submit} onFocus={comparisonSchemas.preload} className="space-y-4" aria-label="Comparison">
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
        {/* A model left out is its name alone, not a box as tall as its picked neighbour's settings. */}
        <div className="grid items-start gap-2 sm:grid-cols-2">
          {COMPARISON_MODELS.map((model) => {
            const on = picked.includes(model);
            const label = COMPARISON_MODEL_LABELS[model];
            return (
              <div key={model} className="space-y-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
                <label className="flex items-center gap-2 text-sm font-medium">
                  <input type="checkbox" checked={on} onChange={(event) => toggle(model, event.target.checked)} />
                  {label}
                </label>
                {on ? <MemberFields model={model} choice={choices[model]} errors={(setting) => memberErrors(problems, picked.indexOf(model), setting)} onChange={(change) => choose(model, change)} /> : null}
              </div>
            );
          })}
        </div>
      </fieldset>
      {formProblems.length ? (
        <ul role="alert" className="list-disc space-y-1 pl-5 text-sm text-red-600 dark:text-red-400">
          {formProblems.map((problem) => (
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
