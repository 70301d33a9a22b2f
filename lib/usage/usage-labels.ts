// The names the usage pages and the CSV export give to what was counted, in one
// place. Browser-safe: the model keys are the values the studio stores (Generation.model), plus the
// chat editor's model for turns and the video task for video jobs.
import { ALPHA_V3_MODEL, ALPHA_V35_MODEL } from "@/lib/upstream/alpha/limits";
import { BETA_MODEL_LABELS, BETA_MODELS } from "@/lib/upstream/beta/limits";
import { VIDEO_TASK_LABELS, VIDEO_TASKS } from "@/lib/upstream/video/limits";

/** The model key of every chat turn: turns have no model column, they are all alpha v3.5. */
export const USAGE_TURN_MODEL = ALPHA_V35_MODEL;

/** Every model key a usage row can carry, in the order the pages list them. */
export const USAGE_MODELS = [ALPHA_V3_MODEL, USAGE_TURN_MODEL, ...BETA_MODELS, ...VIDEO_TASKS] as const;
export type UsageModel = (typeof USAGE_MODELS)[number];

const MODEL_LABELS: Record<UsageModel, string> = {
  [ALPHA_V3_MODEL]: "Alpha v3",
  [USAGE_TURN_MODEL]: "Alpha v3.5",
  "beta-image-v5.0-pro": `Beta ${BETA_MODEL_LABELS["beta-image-v5.0-pro"]}`,
  "beta-image-v5.0-lite": `Beta ${BETA_MODEL_LABELS["beta-image-v5.0-lite"]}`,
  t2va: `Video: ${VIDEO_TASK_LABELS.t2va}`,
  fl2va: `Video: ${VIDEO_TASK_LABELS.fl2va}`,
  ref2va: `Video: ${VIDEO_TASK_LABELS.ref2va}`,
};

export function isUsageModel(value: string): value is UsageModel {
  return (USAGE_MODELS as readonly string[]).includes(value);
}

/** The human name of a model key; a key the studio no longer knows is shown as stored. */
export function usageModelLabel(model: string): string {
  return isUsageModel(model) ? MODEL_LABELS[model] : model;
}

/** Work made while its owner had no team (or in a team since deleted). */
export const NO_TEAM_LABEL = "No team";

export const USAGE_METRIC_LABELS = { tokens: "Tokens", images: "Images", videoSeconds: "Video seconds" } as const;
export type UsageMetric = keyof typeof USAGE_METRIC_LABELS;

/** The heading of what the usage cost, from the ledger's amounts in the studio's currency. */
export const USAGE_MONEY_LABEL = "Cost";

export const USAGE_GROUP_LABELS = { day: "Day", user: "User", team: "Team", model: "Model" } as const;

/** How usage is counted, said on the usage pages. */
export const USAGE_COUNTING_NOTE =
  "Usage is what was spent when work finished (succeeded images and chat turns, ready videos) and stays so if the work is deleted later. A chat turn counts the images the model returned: its answer and, when it drew one on the way, the intermediate image (usually 2).";
