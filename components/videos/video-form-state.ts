import { headField, heldReason, type FieldErrors } from "@/components/images/field-errors";
import type { AssetDto } from "@/lib/assets/asset-dto";
import {
  VIDEO_DEFAULT_ASPECT_RATIO,
  VIDEO_DEFAULTS,
  VIDEO_SECONDS,
  VIDEO_SHORT_EDGE,
  type VideoAspectRatio,
  type VideoInputType,
  type VideoTask,
} from "@/lib/upstream/video/limits";
import type { VideoJobDto } from "@/lib/videos/video-dto";
import type { VideoFormInput, VideoFormInputFile } from "@/lib/videos/video-schemas";

// What the video form holds while the designer edits it (spec 4.4). Numbers stay text
// while typed; keyframes and references are kept apart, so switching the task and back keeps both,
// and only the chosen task's files are sent. Pure, and free of zod: the check with the route's
// schema (validate-video-form.ts) loads with the form's first focus.

/** An uploaded input file, with what the browser read of it (the server probes the bytes again). */
export type AttachedInput = {
  asset: AssetDto;
  type: VideoInputType;
  /** The file's name as the designer knows it: every message about the file names it. */
  name: string;
  durationSeconds: number | null;
};

export type KeyframeSlot = "first" | "last";

export type VideoFormState = {
  task: VideoTask;
  prompt: string;
  durationSeconds: string;
  /** A preset ("768", "1080" …) or the custom value typed. */
  shortEdge: string;
  customShortEdge: boolean;
  aspectRatio: VideoAspectRatio;
  delivery720p: boolean;
  steps: string;
  flowShift: string;
  audioFlowShift: string;
  /** Empty: the agent picks one (spec 4.4 `seed`). */
  seed: string;
  keyframes: Record<KeyframeSlot, AttachedInput | null>;
  references: AttachedInput[];
};

/** The form's fields in the order it shows them: the first one broken is the one Submit names. */
export const VIDEO_FIELDS = [
  "task",
  "prompt",
  "inputs",
  "durationSeconds",
  "aspectRatio",
  "shortEdge",
  "delivery720p",
  "steps",
  "flowShift",
  "audioFlowShift",
  "seed",
] as const;
export type VideoField = (typeof VIDEO_FIELDS)[number];
export type VideoFieldErrors = FieldErrors<VideoField>;

export const initialVideoForm: VideoFormState = {
  task: "t2va",
  prompt: "",
  durationSeconds: String(VIDEO_SECONDS.default),
  shortEdge: String(VIDEO_SHORT_EDGE.native),
  customShortEdge: false,
  aspectRatio: VIDEO_DEFAULT_ASPECT_RATIO,
  delivery720p: false,
  steps: String(VIDEO_DEFAULTS.steps),
  flowShift: String(VIDEO_DEFAULTS.flowShift),
  audioFlowShift: String(VIDEO_DEFAULTS.audioFlowShift),
  seed: "",
  keyframes: { first: null, last: null },
  references: [],
};

/** "" → NaN, which the schema refuses as "… must be a number"; "12.5" stays 12.5 for the schema to name. */
function numberOf(text: string): number {
  return text.trim() === "" ? Number.NaN : Number(text.trim());
}

/** An advanced field left empty is not sent: the agent applies its default (spec 4.4). */
function optionalNumberOf(text: string): number | undefined {
  return text.trim() === "" ? undefined : Number(text.trim());
}

/** The files of the chosen task, as the schema and POST /api/videos take them (spec 4.4.1). */
export function inputsOf(state: Pick<VideoFormState, "task" | "keyframes" | "references">): VideoFormInputFile[] {
  if (state.task === "t2va") return [];
  if (state.task === "fl2va") {
    return (["first", "last"] as const).flatMap((slot) => {
      const input = state.keyframes[slot];
      return input ? [{ assetId: input.asset.id, type: input.type, slot }] : [];
    });
  }
  return state.references.map((input) => ({ assetId: input.asset.id, type: input.type, slot: "reference" as const }));
}

/** The form as the shared schema and POST /api/videos read it. */
export function toVideoRequestBody(state: VideoFormState): VideoFormInput {
  return {
    task: state.task,
    prompt: state.prompt,
    durationSeconds: numberOf(state.durationSeconds),
    shortEdge: numberOf(state.shortEdge),
    aspectRatio: state.aspectRatio,
    delivery720p: state.delivery720p,
    advanced: {
      steps: optionalNumberOf(state.steps),
      flowShift: optionalNumberOf(state.flowShift),
      audioFlowShift: optionalNumberOf(state.audioFlowShift),
      seed: optionalNumberOf(state.seed),
    },
    inputs: inputsOf(state),
  };
}

// The agent names its fields by their wire names (spec 4.4, 7.3 `param`); the studio's own 400 by the form's.
// A Map, not an object: a path such as "constructor" must not find Object.prototype's members.
const WIRE_FIELDS = new Map<string, VideoField>([
  ["seconds", "durationSeconds"],
  ["duration_seconds", "durationSeconds"],
  ["short_edge", "shortEdge"],
  ["aspect_ratio", "aspectRatio"],
  ["num_inference_steps", "steps"],
  ["flow_shift", "flowShift"],
  ["audio_flow_shift", "audioFlowShift"],
  ["conditions", "inputs"],
]);

/** The form field that shows a problem named by `path` (`advanced.seed`, `inputs.1.type`, `target.short_edge`, `conditions[0].uri`). */
export function videoFieldOf(path: string): VideoField | undefined {
  const parts = path.split(/[.[\]]/).filter(Boolean);
  if ((parts[0] === "advanced" || parts[0] === "target") && parts[1]) return headField(VIDEO_FIELDS, parts[1]) ?? WIRE_FIELDS.get(parts[1]);
  return headField(VIDEO_FIELDS, path) ?? WIRE_FIELDS.get(parts[0] ?? "");
}

/** Each field as "Generate video is off: see the … above" names it. */
const VIDEO_FIELD_LABELS: Record<VideoField, string> = {
  task: "task",
  prompt: "prompt",
  inputs: "input files",
  durationSeconds: "duration",
  aspectRatio: "aspect ratio",
  shortEdge: "short edge",
  delivery720p: "720p delivery",
  steps: "inference steps",
  flowShift: "flow shift",
  audioFlowShift: "audio flow shift",
  seed: "seed",
};

/**
 * Why Generate video is off: the first rule the form shows broken (components/images/field-errors
 * heldReason), else the partition's reason; undefined when it may be sent.
 */
export function blockedReason(shown: VideoFieldErrors, partitionReason: string | null): string | undefined {
  return heldReason("Generate video", VIDEO_FIELDS, VIDEO_FIELD_LABELS, shown) ?? partitionReason ?? undefined;
}

/** A numbered default name for a file that came back from an earlier job (its upload name is not kept). */
function earlierInputName(type: VideoInputType, n: number): string {
  return `${type === "image" ? "Image" : type === "video" ? "Video" : "Audio"} ${n} of the earlier job`;
}

/**
 * "Duplicate": the form refilled with a job's settings (its stored params). The seed comes back
 * only when asked ("Reuse seed"): the agent's own (`echo.seed`) first, else the one that was sent.
 * Inputs whose files are no longer there are dropped and counted.
 */
export function formStateFromJob(job: Pick<VideoJobDto, "params" | "inputs" | "seed">, reuseSeed: boolean): { state: VideoFormState; missingInputs: number } {
  const { params } = job;
  const counts: Record<VideoInputType, number> = { image: 0, video: 0, audio: 0 };
  const attached = job.inputs.flatMap((input) => {
    if (!input.asset) return [];
    counts[input.type] += 1;
    const durationMs = input.asset.durationMs;
    const file: AttachedInput = { asset: input.asset, type: input.type, name: earlierInputName(input.type, counts[input.type]), durationSeconds: durationMs ? durationMs / 1000 : null };
    return [{ slot: input.slot, file }];
  });
  const seed = reuseSeed ? (job.seed ?? params.advanced.seed) : undefined;
  const presets: readonly number[] = VIDEO_SHORT_EDGE.presets;
  return {
    state: {
      task: params.task,
      prompt: params.prompt,
      durationSeconds: String(params.durationSeconds),
      shortEdge: String(params.shortEdge),
      customShortEdge: !presets.includes(params.shortEdge),
      aspectRatio: params.aspectRatio,
      delivery720p: params.delivery720p,
      steps: String(params.advanced.steps ?? VIDEO_DEFAULTS.steps),
      flowShift: String(params.advanced.flowShift ?? VIDEO_DEFAULTS.flowShift),
      audioFlowShift: String(params.advanced.audioFlowShift ?? VIDEO_DEFAULTS.audioFlowShift),
      seed: seed === undefined || seed === null ? "" : String(seed),
      keyframes: {
        first: attached.find((input) => input.slot === "first")?.file ?? null,
        last: attached.find((input) => input.slot === "last")?.file ?? null,
      },
      references: attached.filter((input) => input.slot === "reference").map((input) => input.file),
    },
    missingInputs: job.inputs.length - attached.length,
  };
}
