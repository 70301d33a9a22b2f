"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { lazyModule } from "@/components/forms/lazy-module";
import { serverFieldErrors } from "@/components/images/field-errors";
import { useShownFieldErrors } from "@/components/images/use-shown-field-errors";
import { reveal } from "@/components/ui/reveal";
import type { AssetDto } from "@/lib/assets/asset-dto";
import { isApiError } from "@/lib/client/api";
import type { ClientError } from "@/lib/errors";
import { partitionProblem } from "@/lib/videos/partition-rule";
import type { VideoJobDto } from "@/lib/videos/video-dto";
import { useSubmitVideo } from "./use-video-actions";
import { blockedReason, formStateFromJob, initialVideoForm, toVideoRequestBody, VIDEO_FIELDS, videoFieldOf, type VideoField, type VideoFormState } from "./video-form-state";
import { PARTITION_POLL_MS, partitionQuery } from "./video-queries";

/** Where the keyboard goes when a field is refused. */
const FOCUS_TARGETS: Record<VideoField, string> = {
  task: "video-task",
  prompt: "video-prompt",
  inputs: "video-inputs",
  durationSeconds: "video-duration",
  aspectRatio: "video-aspect-ratio",
  shortEdge: "video-short-edge",
  delivery720p: "video-delivery-720p",
  steps: "video-steps",
  flowShift: "video-flow-shift",
  audioFlowShift: "video-audio-flow-shift",
  seed: "video-seed",
};

const ADVANCED: readonly VideoField[] = ["steps", "flowShift", "audioFlowShift", "seed"];

/** How a keyframe taken from the studio's images (not an upload with a file name) is called. */
const STORED_IMAGE_NAME = "Image from the studio";

export type FormNotice = { tone: "info" | "warning"; text: string };

/** The check with the route's schema, loaded when the form is first used (see lazyModule). */
const videoChecks = lazyModule(() => import("./validate-video-form"));
type VideoChecks = typeof import("./validate-video-form");

const unreachable: ClientError = { code: "offline", message: "The studio could not be reached. Check your connection and try again." };

// The video form's state: checked live with the schema the route handler uses (a field
// shows its rule once edited, every field once Submit was pressed), held while the partition does
// not suit the task (spec 3.2, polled every 12 s meanwhile), and refilled by "Duplicate".
export function useVideoForm() {
  const [form, setForm] = useState<VideoFormState>(initialVideoForm);
  const [notice, setNotice] = useState<FormNotice>();
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const submit = useSubmitVideo();

  const partition = useQuery({
    ...partitionQuery(),
    refetchInterval: (query) => (query.state.data && partitionProblem(query.state.data, form.task) === null ? false : PARTITION_POLL_MS),
  });
  const partitionReason = partition.data ? partitionProblem(partition.data, form.task) : null;

  // Until the check has loaded no field shows a problem; Submit then waits for it. Should it fail to
  // load, the route's own check is all there is.
  const [checks, setChecks] = useState(videoChecks.current);
  const [unchecked, setUnchecked] = useState(videoChecks.failed);
  // Loaded as soon as the page is up, after its first paint: the form's live state (Submit held
  // for an empty prompt) is then settled before the designer's first key, and does not change under
  // a focus or a Tab.
  useEffect(() => {
    void videoChecks.load().then((module) => (module ? setChecks(module) : setUnchecked(true)));
  }, []);
  const liveErrors = useMemo(() => (checks ? checks.validateVideoForm(form) : {}), [checks, form]);
  const refusal = isApiError(submit.error) ? submit.error : undefined;
  const refusedByServer = useMemo(() => serverFieldErrors(refusal?.error, videoFieldOf), [refusal]);
  const fieldErrors = useShownFieldErrors(VIDEO_FIELDS, liveErrors, refusedByServer);
  // A refusal that names no field of the form (409 partition_unusable, 429 …) shows as an alert.
  const failure: ClientError | undefined = submit.error ? (refusal ? (Object.keys(refusedByServer).length === 0 ? refusal.error : undefined) : unreachable) : undefined;

  function update(next: (current: VideoFormState) => VideoFormState, ...changed: VideoField[]) {
    setForm(next);
    fieldErrors.touch(...changed);
  }

  const change = (patch: Partial<VideoFormState>, field: VideoField) => update((current) => ({ ...current, ...patch }), field);

  function send(loaded: VideoChecks | "unchecked" | undefined = unchecked ? "unchecked" : checks) {
    if (submit.isPending) return;
    if (!loaded) {
      // Sent again once the check is there, by the latest render's send (the form as it is then).
      void videoChecks.load().then((module) => {
        if (module) setChecks(module);
        else setUnchecked(true);
        latestSend.current(module ?? "unchecked");
      });
      return;
    }
    const errors = loaded === "unchecked" ? {} : loaded.validateVideoForm(form);
    fieldErrors.submit();
    setNotice(undefined);
    const firstInvalid = VIDEO_FIELDS.find((field) => errors[field]?.length);
    if (firstInvalid) {
      if (ADVANCED.includes(firstInvalid)) setAdvancedOpen(true);
      const target = firstInvalid === "shortEdge" && form.customShortEdge ? "video-short-edge-custom" : FOCUS_TARGETS[firstInvalid];
      requestAnimationFrame(() => reveal(target)?.focus({ preventScroll: true }));
      return;
    }
    if (partitionReason) return;
    fieldErrors.sent();
    submit.mutate(toVideoRequestBody(form), {
      onSuccess: () => setNotice({ tone: "info", text: "Submitted. It runs on the server: close the page whenever you like; the list shows where it stands." }),
    });
  }

  const latestSend = useRef(send);
  useEffect(() => {
    latestSend.current = send;
  });

  /**
   * "Duplicate": the form refilled from a job. From a gallery entry (`from`) the notice
   * names the entry and every field shows the rules its stored value breaks today.
   */
  function duplicate(job: Pick<VideoJobDto, "params" | "inputs" | "seed">, reuseSeed: boolean, from?: { prompt: string }) {
    const { state, missingInputs } = formStateFromJob(job, reuseSeed);
    setForm(state);
    fieldErrors.reset();
    if (from) fieldErrors.touch(...VIDEO_FIELDS);
    submit.reset();
    if (reuseSeed) setAdvancedOpen(true);
    const source = from ? `Settings from “${from.prompt}”` : "Settings loaded";
    setNotice(
      missingInputs > 0
        ? { tone: "warning", text: `${source}, but ${missingInputs} input file${missingInputs === 1 ? " is" : "s are"} no longer available.` }
        : { tone: "info", text: from ? `${source}. Change anything, then submit.` : reuseSeed ? "Settings and seed loaded from the job. Change anything, then submit." : "Settings loaded from the job. Change anything, then submit." },
    );
    requestAnimationFrame(() => reveal("video-prompt")?.focus({ preventScroll: true }));
  }

  /**
   * "Animate": a first / last frame video with a stored image as its first frame. The studio crops
   * it to the chosen ratio when the job starts, as it does an upload (the slot says how).
   */
  function animate(image: AssetDto) {
    update((current) => ({ ...current, task: "fl2va", keyframes: { ...current.keyframes, first: { asset: image, type: "image", name: STORED_IMAGE_NAME, durationSeconds: null } } }), "task", "inputs");
    submit.reset();
    setNotice({ tone: "info", text: "The image is the first frame. Choose the aspect ratio, describe the motion, then submit." });
    requestAnimationFrame(() => reveal("video-prompt")?.focus({ preventScroll: true }));
  }

  return {
    form,
    setForm: update,
    change,
    errors: fieldErrors.shown,
    blockedReason: blockedReason(fieldErrors.shown, partitionReason),
    partition,
    partitionReason,
    submit: { send: () => send(), pending: submit.isPending, failure, dismiss: () => submit.reset() },
    notice,
    setNotice,
    advanced: { open: advancedOpen, setOpen: setAdvancedOpen },
    duplicate,
    animate,
  };
}

export type VideoFormModel = ReturnType<typeof useVideoForm>;
