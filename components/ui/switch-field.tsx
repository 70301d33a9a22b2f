"use client";

import type { ComponentProps } from "react";
import { FieldMessages } from "./field-messages";
import { Switch } from "./switch";

type Props = ComponentProps<typeof Switch> & {
  /** The rules the setting breaks, shown under it as `${id}-message`. */
  errors?: string[];
};

// A form's on/off setting with its refusals under it, as every generator form lays it out.
export function SwitchField({ errors, ...toggle }: Props) {
  return (
    <div className="space-y-1">
      <Switch {...toggle} />
      <FieldMessages id={`${toggle.id}-message`} messages={errors} />
    </div>
  );
}
