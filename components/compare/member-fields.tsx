"use client";

import { FootnoteInput } from "@/components/alpha/footnote-input";
import { BACKGROUND_HINT, BACKGROUNDS, OPTIMISATIONS, WEB_SEARCH_DESCRIPTION } from "@/components/beta/beta-model-options";
import { FORMATS, WATERMARK_DESCRIPTION } from "@/components/beta/beta-output-options";
import { FieldGroup } from "@/components/ui/field-group";
import { FieldMessages } from "@/components/ui/field-messages";
import { inputClassWith, selectClassWith } from "@/components/ui/field";
import { Segmented } from "@/components/ui/segmented";
import { SwitchField } from "@/components/ui/switch-field";
import { BETA_MODEL_OF, COMPARISON_MODEL_LABELS, type ComparisonModel } from "@/lib/comparisons/comparison-models";
import { supportsFeature } from "@/lib/images/beta-capabilities";
import { ALPHA_V35_SEED_MAX, ALPHA_V3_SEED_RANGE } from "@/lib/upstream/alpha/limits";
import { SIZE_OPTIONS, type MemberChoice } from "./member-settings";
import { sizeLabel } from "@/lib/images/size-label";

type Props = {
  model: ComparisonModel;
  choice: MemberChoice;
  /** The refusals of this member's settings, by setting name (`seed`, `size` …). */
  errors: (setting: keyof MemberChoice) => string[] | undefined;
  onChange: (change: Partial<MemberChoice>) => void;
};

const SEED_RANGE: Record<"alpha-v3" | "alpha-v3.5", string> = {
  "alpha-v3": `${ALPHA_V3_SEED_RANGE.min}–${ALPHA_V3_SEED_RANGE.max}, empty for random`,
  "alpha-v3.5": `0–${ALPHA_V35_SEED_MAX}, empty for random`,
};

// One member's settings on the compare form: the controls its model's own page offers for a single
// image, with the same labels and option lists, each id prefixed by the model so four fit on a page.
export function MemberFields({ model, choice, errors, onChange }: Props) {
  const label = COMPARISON_MODEL_LABELS[model];
  const id = (setting: string) => `compare-${model}-${setting}`.replace(".", "");
  return (
    <div className="space-y-3 text-sm" data-testid={`compare-settings-${model}`}>
      <label className="flex items-center gap-2">
        Size
        <select aria-label={`${label} size`} className={selectClassWith("w-auto")} value={choice.size} onChange={(event) => onChange({ size: event.target.value })}>
          {SIZE_OPTIONS[model].map((size) => (
            <option key={size} value={size}>
              {sizeLabel(size)}
            </option>
          ))}
        </select>
      </label>
      <FieldMessages id={`${id("size")}-message`} messages={errors("size")} />
      {model === "alpha-v3" || model === "alpha-v3.5" ? (
        <>
          <div className="space-y-1.5">
            <label htmlFor={id("seed")} className="block font-medium text-zinc-700 dark:text-zinc-300">
              Seed
            </label>
            <input
              id={id("seed")}
              inputMode="numeric"
              autoComplete="off"
              value={choice.seed}
              onChange={(event) => onChange({ seed: event.target.value.trim() })}
              placeholder={SEED_RANGE[model]}
              aria-label={`${label} seed`}
              aria-invalid={errors("seed")?.length ? true : undefined}
              aria-describedby={`${id("seed")}-message`}
              className={inputClassWith("font-mono tabular-nums")}
            />
            <FieldMessages id={`${id("seed")}-message`} messages={errors("seed")} />
          </div>
          <FootnoteInput id={id("footnote")} value={choice.footnote} errors={errors("footnote")} onChange={(footnote) => onChange({ footnote })} />
        </>
      ) : null}
      {model === "alpha-v3" ? (
        <SwitchField id={id("revise")} checked={choice.revise} onChange={(revise) => onChange({ revise })} label="Rewrite the prompt" errors={errors("revise")} />
      ) : null}
      {model === "beta-pro" || model === "beta-lite" ? <BetaMemberFields model={model} choice={choice} errors={errors} onChange={onChange} id={id} /> : null}
    </div>
  );
}

function BetaMemberFields({ model, choice, errors, onChange, id }: Props & { model: "beta-pro" | "beta-lite"; id: (setting: string) => string }) {
  const offers = (feature: "background" | "optimizePrompt" | "webSearch") => supportsFeature(BETA_MODEL_OF[model], feature);
  return (
    <>
      <FieldGroup id={id("output-format")} label="Output format">
        <Segmented label="Output format" value={choice.outputFormat} options={FORMATS} onChange={(outputFormat) => onChange({ outputFormat })} testIdPrefix={id("format")} />
        <FieldMessages id={`${id("output-format")}-message`} messages={errors("outputFormat")} />
      </FieldGroup>
      {offers("background") ? (
        <FieldGroup id={id("background")} label="Background">
          <Segmented label="Background" value={choice.background} options={BACKGROUNDS} onChange={(background) => onChange({ background })} testIdPrefix={id("background")} />
          <FieldMessages id={`${id("background")}-message`} messages={errors("background")} hint={BACKGROUND_HINT} />
        </FieldGroup>
      ) : null}
      {offers("optimizePrompt") ? (
        <FieldGroup id={id("optimize-prompt")} label="Prompt optimisation">
          <Segmented label="Prompt optimisation" value={choice.optimizePrompt} options={OPTIMISATIONS} onChange={(optimizePrompt) => onChange({ optimizePrompt })} testIdPrefix={id("optimize-prompt")} />
          <FieldMessages id={`${id("optimize-prompt")}-message`} messages={errors("optimizePrompt")} />
        </FieldGroup>
      ) : null}
      {offers("webSearch") ? (
        <SwitchField id={id("web-search")} checked={choice.webSearch} onChange={(webSearch) => onChange({ webSearch })} label="Web search" description={WEB_SEARCH_DESCRIPTION} errors={errors("webSearch")} />
      ) : null}
      <SwitchField id={id("watermark")} checked={choice.watermark} onChange={(watermark) => onChange({ watermark })} label="Watermark" description={WATERMARK_DESCRIPTION} errors={errors("watermark")} />
    </>
  );
}
