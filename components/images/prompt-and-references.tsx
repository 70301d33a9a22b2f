"use client";

import type { ComponentProps } from "react";
import type { ReferenceRule } from "./add-reference";
import { PromptInput } from "./prompt-input";
import type { ReferenceImage } from "./reference-image";
import { ReferenceImagesField } from "./reference-images-field";
import type { UploadPurpose } from "@/lib/assets/upload-limits";

type Props = {
  /** Prefix of the fields' ids, `${name}-prompt` and `${name}-references`: the studios focus them. */
  name: string;
  value: { prompt: string; references: ReferenceImage[] };
  /** The references' rules arrive as the "images" field, the name the request gives them. */
  errors: { prompt?: string[]; images?: string[] };
  onChange: (patch: { prompt: string } | { references: ReferenceImage[] }, field: "prompt" | "images") => void;
  onSubmit: () => void;
  prompt: Pick<ComponentProps<typeof PromptInput>, "max" | "countsTrimmed" | "hint" | "placeholder">;
  references: { purpose: UploadPurpose; rule: ReferenceRule; label?: string; notice?: string };
};

// The two fields every generator form opens with: what to make, and the images to start from.
export function PromptAndReferences({ name, value, errors, onChange, onSubmit, prompt, references }: Props) {
  return (
    <>
      <PromptInput {...prompt} id={`${name}-prompt`} value={value.prompt} errors={errors.prompt} onChange={(text) => onChange({ prompt: text }, "prompt")} onSubmitShortcut={onSubmit} />
      <ReferenceImagesField
        {...references}
        id={`${name}-references`}
        value={value.references}
        onChange={(images) => onChange({ references: images }, "images")}
        errors={errors.images}
      />
    </>
  );
}
