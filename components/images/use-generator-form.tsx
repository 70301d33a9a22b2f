"use client";

import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from "react";
import type { LazyModule } from "@/components/forms/lazy-module";
import { useLazyModule } from "@/components/forms/use-lazy-module";
import { Alert } from "@/components/ui/alert";
import { reveal } from "@/components/ui/reveal";
import type { GenerationDto } from "@/lib/images/generation-dto";
import { addReference, type ReferenceRule } from "./add-reference";
import { heldReason, serverFieldErrors, type FieldErrors, type FieldOfPath } from "./field-errors";
import { readDraft, writeDraft } from "./form-draft";
import { followedRequest } from "./followed-request";
import type { GeneratorFormProps } from "./generator-form";
import { loadReferenceImages, settingsLoadedNotice } from "./load-reference-images";
import type { ReferenceImage } from "./reference-image";
import type { StoredRequest } from "./stored-request";
import type { useGenerationJob } from "./use-generation-job";
import { useShownFieldErrors } from "./use-shown-field-errors";

/**
 * A generator's checks with the shared schemas (zod): its module is loaded right after the page's
 * first paint, not with the page (components/forms/lazy-module).
 */
export type GeneratorChecks<S, F extends string> = {
  validate: (state: S) => FieldErrors<F>;
  referenceIdsOf: (generation: StoredRequest) => string[];
  fromGeneration: (generation: StoredRequest, references: ReferenceImage[]) => S;
};

/** What sets one generator's form apart; the page's behaviour around it is the same for all. */
export type GeneratorFormSource<S extends { references: ReferenceImage[] }, F extends string, TBody> = {
  /** Prefix of the form's ids: `${name}-prompt` takes the keyboard after "Reuse settings". */
  name: string;
  initial: S;
  /** In the order the form shows them: the first refused one takes the keyboard. */
  fields: readonly F[];
  /** Each field as "Generate is off: see the … above" names it. */
  fieldLabels: Record<F, string>;
  checks: LazyModule<GeneratorChecks<S, F>>;
  fieldOf: FieldOfPath<F>;
  /** The element that takes the keyboard when `field` is refused. */
  focusTarget: (field: F, state: S) => string;
  referenceRule: (state: S) => ReferenceRule;
  toBody: (state: S) => TBody;
};

type Job<TBody> = ReturnType<typeof useGenerationJob<TBody>>;

/** The notice over the form after it was refilled, or when a refill could not be done. */
export type FormNotice = { tone: "info" | "warning"; text: string };

// A generator page's form state. The form is checked live with the schema the route handler uses,
// once it has loaded (right after the page's first paint): a field shows its rule once it has been edited
// (every field once Generate was pressed), Generate is held while the form shows a broken rule,
// nothing is sent while any rule is broken, and the server's refusals show on their fields too.
export function useGeneratorForm<S extends { references: ReferenceImage[] }, F extends string, TBody>(source: GeneratorFormSource<S, F, TBody>, job: Job<TBody>) {
  const { name, fields, fieldOf } = source;
  const { current: loadedChecks, preload: preloadChecks } = useLazyModule(source.checks);
  // Loaded once the page is up, after its first paint: the live checks are ready before the designer's
  // first key, so an edited field shows its rule at once, and nothing changes under a focus or a Tab.
  useEffect(preloadChecks, [preloadChecks]);
  const [form, setForm] = useState<S>(source.initial);
  const [referenceNotice, setReferenceNotice] = useState<string>();
  const [settingsNotice, setSettingsNotice] = useState<FormNotice>();

  // The form as the designer left it on this tab comes back when they return to the page. The
  // server's render and hydration start from the initial form (so they match); the draft is read
  // once, in the first render after hydration.
  const hydrated = useSyncExternalStore(neverChanges, () => true, () => false);
  const [draftRead, setDraftRead] = useState(false);
  if (hydrated && !draftRead) {
    setDraftRead(true);
    const draft = readDraft(name, source.initial);
    if (draft) setForm(draft);
  }
  useEffect(() => {
    if (draftRead) writeDraft(name, form);
  }, [draftRead, name, form]);

  const validate = loadedChecks?.validate;
  const liveErrors = useMemo(() => validate?.(form) ?? {}, [validate, form]);
  const refusedByServer = useMemo(() => serverFieldErrors(job.failure?.error, fieldOf), [job.failure, fieldOf]);
  const fieldErrors = useShownFieldErrors(fields, liveErrors, refusedByServer);
  // Every generator's request names its reference images "images".
  const imagesField = "images" as F;

  function update(next: (current: S) => S, ...changed: F[]) {
    setForm(next);
    fieldErrors.touch(...changed);
    if (changed.includes(imagesField)) setReferenceNotice(undefined);
  }

  const change = (patch: Partial<S>, field: F) => update((current) => ({ ...current, ...patch }), field);

  async function submit() {
    if (job.running?.stage === "sending") return;
    fieldErrors.submit();
    setSettingsNotice(undefined);
    // Without the checks (they failed to load), the server's check is the one shown.
    const errors: FieldErrors<F> = (await source.checks.load())?.validate(form) ?? {};
    const firstInvalid = fields.find((field) => errors[field]?.length);
    if (firstInvalid) {
      reveal(source.focusTarget(firstInvalid, form))?.focus({ preventScroll: true });
      return;
    }
    fieldErrors.sent();
    await job.generate(source.toBody(form));
  }

  /**
   * The form refilled from a stored request. From the history it opens as untouched; from a gallery
   * entry (`showRules`) every field shows the rules its stored value breaks today (the same
   * schema validates refilled values).
   */
  async function refill(request: StoredRequest, notice: (missing: number) => FormNotice, showRules = false) {
    const loaded = await source.checks.load();
    if (!loaded) {
      setSettingsNotice({ tone: "warning", text: SETTINGS_NOT_LOADED });
      return;
    }
    const ids = loaded.referenceIdsOf(request);
    const { images, missing } = ids.length > 0 ? await loadReferenceImages(ids) : { images: [], missing: 0 };
    setForm(loaded.fromGeneration(request, images));
    // A refill asked for on arrival (a gallery entry's settings) wins over the tab's draft.
    setDraftRead(true);
    fieldErrors.reset();
    if (showRules) fieldErrors.touch(...fields);
    setReferenceNotice(undefined);
    job.dismiss();
    setSettingsNotice(notice(missing));
    reveal(`${name}-prompt`)?.focus({ preventScroll: true });
  }

  function addAsReference(image: ReferenceImage) {
    reveal(`${name}-references`);
    const added = addReference(form.references, image, source.referenceRule(form));
    if (added.references) change({ references: added.references } as Partial<S>, imagesField);
    setReferenceNotice(added.notice);
  }

  const formNotice: ReactNode = settingsNotice ? <Alert tone={settingsNotice.tone} title={settingsNotice.text} onDismiss={() => setSettingsNotice(undefined)} /> : null;

  return {
    update,
    change,
    formProps: {
      form,
      errors: fieldErrors.shown,
      onChange: change,
      onSubmit: () => void submit(),
      request: followedRequest(job),
      blockedReason: heldReason("Generate", fields, source.fieldLabels, fieldErrors.shown),
      referenceNotice,
      formNotice,
    } satisfies GeneratorFormProps<S, F>,
    refill,
    addAsReference,
    showNotice: setSettingsNotice,
    /** What the history's cards offer besides opening an image. */
    historyActions: {
      onReuse: (generation: GenerationDto) => void refill(generation, settingsLoadedNotice),
      onUseAsReference: addAsReference,
      onRunAgain: (jobId: string) => void job.runAgain(jobId),
    },
  };
}

const neverChanges = () => () => undefined;

const SETTINGS_NOT_LOADED = "The settings could not be read: the page could not load its checks. Reload the page and try again.";
