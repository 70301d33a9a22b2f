"use client";

import { FieldGroup } from "@/components/ui/field-group";
import { FieldMessages } from "@/components/ui/field-messages";
import { Segmented } from "@/components/ui/segmented";
import { MAX_VARIATIONS } from "@/lib/images/variation-count";

const OPTIONS = Array.from({ length: MAX_VARIATIONS }, (_, index) => ({ value: String(index + 1), label: String(index + 1) }));

type Props = {
  /** Prefix of the ids and test ids ("alpha" → alpha-variations, alpha-variations-3). */
  name: string;
  value: number;
  errors?: string[];
  onChange: (variations: number) => void;
  /** How the images of one set differ, said under the control. */
  hint: string;
};

// How many images one click asks for (lib/images/variations): each is its own job, shown together
// as one set in the results.
export function VariationsControl({ name, value, errors, onChange, hint }: Props) {
  return (
    <FieldGroup
      id={`${name}-variations`}
      label="Variations"
      aside={<Segmented label="Variations" value={String(value)} options={OPTIONS} onChange={(chosen) => onChange(Number(chosen))} testIdPrefix={`${name}-variations`} />}
    >
      <FieldMessages id={`${name}-variations-message`} messages={errors} hint={hint} />
    </FieldGroup>
  );
}
