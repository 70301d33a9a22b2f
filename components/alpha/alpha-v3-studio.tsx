"use client";

import { useMemo, useState } from "react";
import type { ReferenceImage } from "@/components/images/reference-image";
import { Alert } from "@/components/ui/alert";
import type { AssetDto } from "@/lib/assets/asset-dto";
import { formatMegabytes, mimeList } from "@/lib/assets/media-labels";
import { ALPHA_IMAGE_MIME_TYPES, ALPHA_V3_MAX_IMAGE_BYTES, ALPHA_V3_MAX_REFERENCE_IMAGES } from "@/lib/images/alpha-schemas";
import type { GenerationDto } from "@/lib/images/generation-dto";
import { AlphaV3Form } from "./alpha-v3-form";
import {
  ALPHA_V3_FIELDS,
  addFieldError,
  formFieldOf,
  initialAlphaV3Form,
  toFormInput,
  validateAlphaV3Form,
  type AlphaV3Field,
  type AlphaV3FormState,
  type FieldErrors,
} from "./alpha-v3-form-state";
import { formStateFromGeneration, storedSettingsOf } from "./generation-settings";
import { HistoryStrip } from "./history-strip";
import { loadReferenceImages } from "./load-reference-images";
import { useGenerateAlphaV3, type ShownError } from "./use-generate-alpha-v3";

// Where the keyboard goes when a field is refused.
const focusTargets: Record<AlphaV3Field, string> = {
  prompt: "alpha-prompt",
  images: "alpha-references",
  size: "alpha-size-width",
  seed: "alpha-seed",
  footnote: "alpha-footnote",
  revise: "alpha-revise",
};

/** Field problems the server named: the studio's 400 (`fields`) or the upstream's (`field`, spec 7.1). */
function serverFieldErrors(error: ShownError | undefined): FieldErrors {
  if (!error) return {};
  const named = error.fields?.length ? error.fields : error.field ? [{ field: error.field, message: error.message }] : [];
  return named.reduce<FieldErrors>((errors, problem) => {
    const field = formFieldOf(problem.field);
    return field ? addFieldError(errors, field, problem.message) : errors;
  }, {});
}

// "nearest": on wide screens the form panel is sticky and already in view, so only its own scroll
// moves and the results stay where the designer clicked; on phones the page scrolls up to the field.
function reveal(elementId: string) {
  const element = document.getElementById(elementId);
  element?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  return element;
}

type SettingsNotice = { text: string; tone: "info" | "warning" };

// The alpha v3 page: the request form on the left, the results on the right (stacked on small
// screens). The form is checked live with the schema the route handler uses (alphaV3FormSchema):
// a field shows its rule once it has been edited, every field once Generate was pressed, and
// nothing is sent while any rule is broken.
export function AlphaV3Studio() {
  const [form, setForm] = useState<AlphaV3FormState>(initialAlphaV3Form);
  const [edited, setEdited] = useState<ReadonlySet<AlphaV3Field>>(new Set());
  const [editedSinceSubmit, setEditedSinceSubmit] = useState<ReadonlySet<AlphaV3Field>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [referenceNotice, setReferenceNotice] = useState<string>();
  const [settingsNotice, setSettingsNotice] = useState<SettingsNotice>();
  const generation = useGenerateAlphaV3();

  const liveErrors = useMemo(() => validateAlphaV3Form(form), [form]);
  const refusedByServer = useMemo(() => serverFieldErrors(generation.failure?.error), [generation.failure]);
  const visibleErrors = Object.fromEntries(
    ALPHA_V3_FIELDS.map((field) => {
      const live = submitted || edited.has(field) ? (liveErrors[field] ?? []) : [];
      const server = editedSinceSubmit.has(field) ? [] : (refusedByServer[field] ?? []);
      return [field, [...new Set([...live, ...server])]];
    }),
  ) as FieldErrors;

  function change(patch: Partial<AlphaV3FormState>, field: AlphaV3Field) {
    setForm((current) => ({ ...current, ...patch }));
    setEdited((current) => new Set(current).add(field));
    setEditedSinceSubmit((current) => new Set(current).add(field));
    if (field === "images") setReferenceNotice(undefined);
  }

  async function submit() {
    if (generation.running?.stage === "sending") return;
    setSubmitted(true);
    setSettingsNotice(undefined);
    const firstInvalid = ALPHA_V3_FIELDS.find((field) => liveErrors[field]?.length);
    if (firstInvalid) {
      reveal(focusTargets[firstInvalid])?.focus({ preventScroll: true });
      return;
    }
    setEditedSinceSubmit(new Set());
    // A "random" seed is left empty: the studio draws it and stores it with the job, so "Run again"
    // repeats the image while "Reuse settings" stays random.
    await generation.generate(toFormInput(form));
  }

  async function reuseSettings(source: GenerationDto) {
    const ids = storedSettingsOf(source).referenceAssetIds;
    const { images, missing } = ids.length > 0 ? await loadReferenceImages(ids) : { images: [], missing: 0 };
    setForm(formStateFromGeneration(source, images));
    setEdited(new Set());
    setEditedSinceSubmit(new Set());
    setSubmitted(false);
    setReferenceNotice(undefined);
    generation.dismiss();
    setSettingsNotice(
      missing > 0
        ? { tone: "warning", text: `Settings loaded, but ${missing} reference image${missing === 1 ? " is" : "s are"} no longer available.` }
        : { tone: "info", text: "Settings loaded from the result. Change anything, then generate." },
    );
    reveal("alpha-prompt")?.focus({ preventScroll: true });
  }

  function addAsReference(image: AssetDto) {
    reveal("alpha-references");
    const reference: ReferenceImage = image;
    if (form.references.some((existing) => existing.id === reference.id)) {
      setReferenceNotice("This image is already a reference.");
    } else if (form.references.length >= ALPHA_V3_MAX_REFERENCE_IMAGES) {
      setReferenceNotice(`At most ${ALPHA_V3_MAX_REFERENCE_IMAGES} reference images: remove one to add this image.`);
    } else if (!(ALPHA_IMAGE_MIME_TYPES as readonly string[]).includes(reference.mime) || reference.bytes > ALPHA_V3_MAX_IMAGE_BYTES) {
      setReferenceNotice(`Reference images must be ${mimeList(ALPHA_IMAGE_MIME_TYPES)} files of at most ${formatMegabytes(ALPHA_V3_MAX_IMAGE_BYTES)}.`);
    } else {
      change({ references: [...form.references, reference] }, "images");
      setReferenceNotice(`Added as reference ${form.references.length + 1} of ${ALPHA_V3_MAX_REFERENCE_IMAGES}.`);
    }
  }

  function applySeed(seed: number) {
    change({ seedMode: "fixed", seed: String(seed) }, "seed");
    reveal("alpha-seed-label");
  }

  const { repeatableJobId } = generation;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[420px_minmax(0,1fr)] xl:gap-8">
      <AlphaV3Form
        form={form}
        errors={visibleErrors}
        onChange={change}
        onSubmit={() => void submit()}
        running={generation.running}
        cancelling={generation.cancelling}
        failure={generation.failure}
        cancelled={generation.cancelled}
        onCancel={generation.cancel}
        onRunAgain={repeatableJobId ? () => void generation.runAgain(repeatableJobId) : undefined}
        onDismiss={generation.dismiss}
        referenceNotice={referenceNotice}
        formNotice={
          settingsNotice ? (
            <Alert tone={settingsNotice.tone} title={settingsNotice.text} onDismiss={() => setSettingsNotice(undefined)} />
          ) : null
        }
      />
      <HistoryStrip
        actions={{ onReuse: (source) => void reuseSettings(source), onUseAsReference: addAsReference, onUseSeed: applySeed, onRunAgain: (jobId) => void generation.runAgain(jobId) }}
      />
    </div>
  );
}
