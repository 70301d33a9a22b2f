"use client";

import { inputClassWith } from "@/components/ui/field";
import { FieldGroup } from "@/components/ui/field-group";
import { Segmented } from "@/components/ui/segmented";
import { ALPHA_V3_SEED_RANGE } from "@/lib/upstream/alpha/limits";
import { drawRandomSeed, type AlphaV3FormState, type SeedMode } from "./alpha-v3-form-state";
import { FieldMessages } from "@/components/ui/field-messages";

type SeedFields = Pick<AlphaV3FormState, "seedMode" | "seed">;

const MODES: { value: SeedMode; label: string }[] = [
  { value: "random", label: "Random" },
  { value: "fixed", label: "Fixed" },
];

// Seed (spec 4.1: 1 to 4294967295). Random draws a new one per image; fixed repeats one, typed,
// rolled here, or taken from a result ("Use seed").
export function SeedControl({ value, errors, onChange }: { value: SeedFields; errors?: string[]; onChange: (patch: Partial<SeedFields>) => void }) {
  const invalid = Boolean(errors?.length);
  return (
    <FieldGroup
      id="alpha-seed"
      label="Seed"
      aside={
        <Segmented
          label="Seed mode"
          value={value.seedMode}
          options={MODES}
          onChange={(seedMode) => onChange(seedMode === "fixed" && !value.seed ? { seedMode, seed: String(drawRandomSeed()) } : { seedMode })}
        />
      }
    >
      {value.seedMode === "fixed" ? (
        <div className="flex gap-2">
          <input
            id="alpha-seed"
            aria-label="Seed value"
            inputMode="numeric"
            autoComplete="off"
            value={value.seed}
            onChange={(event) => onChange({ seed: event.target.value.trim() })}
            aria-invalid={invalid || undefined}
            aria-describedby="alpha-seed-message"
            placeholder={`${ALPHA_V3_SEED_RANGE.min}–${ALPHA_V3_SEED_RANGE.max}`}
            className={inputClassWith("font-mono tabular-nums")}
          />
          <button
            type="button"
            onClick={() => onChange({ seed: String(drawRandomSeed()) })}
            aria-label="Roll a new seed"
            title="Roll a new seed"
            className="grid size-9.5 shrink-0 place-items-center rounded-lg border border-zinc-300 text-zinc-600 hover:bg-zinc-50 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800"
          >
            <svg viewBox="0 0 20 20" className="size-4.5" fill="none" stroke="currentColor" strokeWidth={1.5} aria-hidden>
              <rect x="3" y="3" width="14" height="14" rx="3" />
              <circle cx="7" cy="7" r="1" fill="currentColor" />
              <circle cx="13" cy="13" r="1" fill="currentColor" />
              <circle cx="10" cy="10" r="1" fill="currentColor" />
            </svg>
          </button>
        </div>
      ) : null}
      <FieldMessages
        id="alpha-seed-message"
        messages={errors}
        hint={
          value.seedMode === "random"
            ? "A new seed for every image, saved with the result so you can repeat it."
            : "Keeps one seed between generations, so the effect of a prompt change is easier to see."
        }
      />
    </FieldGroup>
  );
}
