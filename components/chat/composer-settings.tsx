"use client";

import type { ChangeEvent } from "react";
import { Field, inputClassWith } from "@/components/ui/field";
import { Segmented } from "@/components/ui/segmented";
import { Switch } from "@/components/ui/switch";
import { ALPHA_FOOTNOTE_MAX_CODE_POINTS, ALPHA_V35_PIXEL_TIERS, ALPHA_V35_SIZE_LIMITS, codePointLength } from "@/lib/upstream/alpha/limits";
import { formatMegapixels } from "@/lib/assets/media-labels";
import { Icon } from "./icons";
import { PIXEL_TIER_NAMES, settingsSummary, type DraftField, type SizeMode, type TurnSettings } from "./turn-settings";

type Props = {
  settings: TurnSettings;
  onChange: (settings: TurnSettings) => void;
  problems: Partial<Record<DraftField, string>>;
  open: boolean;
  onToggle: () => void;
};

type TextSetting = "seed" | "footnote" | "resizeMaxPixels";
const TEXT_SETTING_IDS: Record<TextSetting, string> = { seed: "chat-seed", footnote: "chat-footnote", resizeMaxPixels: "chat-resize" };
const SETTING_FIELDS: DraftField[] = ["size", "seed", "footnote", "resizeMaxPixels", "useSearchTool"];
const megapixels = (pixels: number) => formatMegapixels(pixels, 1);

// The request parameters of spec 4.2 besides the message: collapsed to a one-line summary, opened to
// edit. Every field is checked live by the shared schema; a problem keeps the row open and says so.
export function ComposerSettings({ settings, onChange, problems, open, onToggle }: Props) {
  const set = <K extends keyof TurnSettings>(key: K, value: TurnSettings[K]) => onChange({ ...settings, [key]: value });
  // A text setting's input: its id, value, edits and the schema's problem with it.
  const textSetting = (key: TextSetting) => ({
    id: TEXT_SETTING_IDS[key],
    value: settings[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(key, event.target.value),
    error: problems[key],
  });
  const problemCount = SETTING_FIELDS.filter((field) => problems[field]).length;
  const summary = settingsSummary(settings);
  const { minSide, maxSide, maxArea } = ALPHA_V35_SIZE_LIMITS;

  return (
    <div>
      <button
        type="button"
        onClick={onToggle}
        aria-expanded={open}
        aria-controls="chat-settings"
        className="flex w-full min-w-0 items-center gap-2 rounded-lg px-2 py-1 text-left text-xs text-muted hover:bg-zinc-100 hover:text-zinc-800 dark:hover:bg-zinc-800 dark:hover:text-zinc-200"
      >
        <Icon name="sliders" />
        <span className="font-medium text-zinc-700 dark:text-zinc-300">Settings</span>
        <span className="min-w-0 truncate">{summary.length ? summary.join(" · ") : "Auto size · random seed"}</span>
        {problemCount ? (
          <span className="shrink-0 rounded-full bg-red-100 px-1.5 py-0.5 font-medium text-red-700 dark:bg-red-500/15 dark:text-red-400">
            {problemCount === 1 ? "1 problem" : `${problemCount} problems`}
          </span>
        ) : null}
        <Icon name="chevronDown" className={`ml-auto size-4 transition-transform ${open ? "rotate-180" : ""}`} />
      </button>
      {open ? (
        <div id="chat-settings" className="mt-2 grid max-h-[45dvh] gap-4 overflow-y-auto rounded-xl border border-zinc-200 bg-zinc-50/80 p-4 sm:grid-cols-2 lg:max-h-none xl:grid-cols-3 dark:border-zinc-800 dark:bg-zinc-950/40">
          <fieldset className="space-y-2 sm:col-span-2">
            <legend className="mb-1.5 text-sm font-medium text-zinc-700 dark:text-zinc-300">Size</legend>
            <div className="flex flex-wrap items-center gap-3">
              <Segmented<SizeMode>
                label="Size mode"
                value={settings.sizeMode}
                onChange={(mode) => set("sizeMode", mode)}
                options={[
                  { value: "auto", label: "Auto" },
                  { value: "tier", label: "Tier" },
                  { value: "exact", label: "Exact" },
                ]}
              />
              {settings.sizeMode === "tier" ? (
                <Segmented
                  label="Pixel tier"
                  value={settings.tier}
                  onChange={(tier) => set("tier", tier)}
                  options={PIXEL_TIER_NAMES.map((tier) => ({ value: tier, label: tier }))}
                />
              ) : null}
              {settings.sizeMode === "exact" ? (
                <div className="flex items-center gap-2">
                  <PixelInput id="chat-width" label="Width in pixels" value={settings.width} onChange={(value) => set("width", value)} invalid={Boolean(problems.size)} />
                  <span className="text-muted" aria-hidden>
                    ×
                  </span>
                  <PixelInput id="chat-height" label="Height in pixels" value={settings.height} onChange={(value) => set("height", value)} invalid={Boolean(problems.size)} />
                  <span className="text-sm text-muted">px</span>
                </div>
              ) : null}
            </div>
            {problems.size ? (
              <p id="chat-size-message" role="alert" className="text-sm text-red-600 dark:text-red-400">
                {problems.size}
              </p>
            ) : (
              <p id="chat-size-message" className="text-xs text-muted">
                {settings.sizeMode === "auto"
                  ? "The model picks the shape from your message, at the default 1.5K area."
                  : settings.sizeMode === "tier"
                    ? `About ${megapixels(ALPHA_V35_PIXEL_TIERS[settings.tier])}; the model picks the shape from your message.`
                    : `Exactly this size: ${minSide}–${maxSide} px a side, at most ${megapixels(maxArea)} (4096×4096).`}
              </p>
            )}
          </fieldset>
          <div className="order-last self-center xl:order-none">
            <Switch
              id="chat-search"
              label="Web search"
              description="Let the model look things up first."
              checked={settings.useSearchTool}
              onChange={(checked) => set("useSearchTool", checked)}
            />
          </div>
          <Field label="Seed" inputMode="numeric" placeholder="Random" hint="Same seed and message, same image." {...textSetting("seed")} />
          <Field
            label="Footnote"
            placeholder="None"
            hint={`Drawn bottom right · ${codePointLength(settings.footnote)}/${ALPHA_FOOTNOTE_MAX_CODE_POINTS} characters`}
            {...textSetting("footnote")}
          />
          <Field
            label="Attachment pixel limit"
            inputMode="numeric"
            placeholder="1048576 (default)"
            hint="Larger attachments are scaled down first."
            {...textSetting("resizeMaxPixels")}
          />
        </div>
      ) : null}
    </div>
  );
}

function PixelInput({ id, label, value, onChange, invalid }: { id: string; label: string; value: string; onChange: (value: string) => void; invalid: boolean }) {
  return (
    <div className="w-24">
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        inputMode="numeric"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid ? true : undefined}
        aria-describedby="chat-size-message"
        className={inputClassWith("tabular-nums")}
      />
    </div>
  );
}
