"use client";

import { FieldMessages } from "@/components/ui/field-messages";
import type { ReferenceRule } from "./add-reference";
import { ReferenceImagesInput, type ReferenceImagesInputProps } from "./reference-images-input";

type Props = Omit<ReferenceImagesInputProps, "max" | "maxBytes" | "accept" | "pasteTarget"> & {
  /** The field's id (the focus target when it is refused) and its message's id prefix. */
  id: string;
  /** The generator's limits, the same ones "Use as reference" applies (add-reference). */
  rule: ReferenceRule;
  errors?: string[];
  /** Said under the images, e.g. after "Use as reference". */
  notice?: string;
};

// A generator form's reference images with the rules they break and what was just done to them.
export function ReferenceImagesField({ id, rule, errors, notice, ...input }: Props) {
  return (
    <div id={id} className="space-y-1.5">
      <ReferenceImagesInput {...input} max={rule.max} maxBytes={rule.maxBytes} accept={rule.mimes} pasteTarget />
      <FieldMessages id={`${id}-message`} messages={errors} />
      {notice ? (
        <p role="status" className="text-xs text-zinc-600 dark:text-zinc-400">
          {notice}
        </p>
      ) : null}
    </div>
  );
}
