import { VideoApiError, invalidJson } from "./errors";
import type { Task } from "./tasks";

export const CONDITION_TYPES = ["image", "video", "audio"] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];
const CONDITION_ROLES = ["keyframe", "reference"] as const;
export type ConditionRole = (typeof CONDITION_ROLES)[number];

/** Spec 4.4.1 condition item. */
export interface Condition {
  type: ConditionType;
  uri: string;
  role: ConditionRole;
  frame_index?: number;
}

// Spec 4.4.1 file table: accepted extensions and the matching data: URL media types (our choice).
const EXTENSIONS: Record<ConditionType, readonly string[]> = {
  image: ["jpg", "jpeg", "png", "webp", "heic", "heif"],
  video: ["mp4", "mov"],
  audio: ["wav", "mp3"],
};
const MEDIA_TYPES: Record<ConditionType, readonly string[]> = {
  image: ["image/jpeg", "image/jpg", "image/png", "image/webp", "image/heic", "image/heif"],
  video: ["video/mp4", "video/quicktime"],
  audio: ["audio/wav", "audio/x-wav", "audio/wave", "audio/vnd.wave", "audio/mpeg", "audio/mp3"],
};

// Spec 4.4.1 ref2va counts.
const REF2VA_LIMITS: Record<ConditionType, number> = { image: 9, video: 3, audio: 3 };
const REF2VA_TOTAL = 12;

const ITEM_FIELDS = new Set(["type", "uri", "role", "frame_index"]);

// Condition-structure codes are not shown in spec 7.3: invalid_conditions is our choice.
const invalid = (message: string, param: string) => new VideoApiError(400, "invalid_conditions", message, param);

/** Parses a `data:` URL's media type; undefined when the URL is malformed. */
function dataUrlMediaType(uri: string): string | undefined {
  const match = /^data:([^;,]*)((?:;[^;,]*)*),/i.exec(uri);
  return match ? (match[1] ?? "").toLowerCase() : undefined;
}

/** Where a condition comes from: agent requests carry http(s)/data: URLs, inference requests file:// URIs. */
export type UriForm = "agent" | "inference";

function checkFileUri(uri: string, param: string): void {
  // Spec 4.4.1: on the inference server `uri` is a file:// URI read by the server process.
  if (!/^file:\/\//i.test(uri)) throw invalid("uri must be a file:// URI on the inference server", param);
}

function checkAgentUri(uri: string, type: ConditionType, param: string): void {
  // Which uri forms the agent accepts is not shown (spec 4.4.1): http(s) and data: URLs, our choice.
  if (/^data:/i.test(uri)) {
    const mediaType = dataUrlMediaType(uri);
    if (mediaType === undefined) throw invalid("malformed data: URL", param);
    if (!MEDIA_TYPES[type].includes(mediaType)) {
      throw invalid(`media type ${mediaType || "(none)"} is not accepted for ${type} (allowed: ${MEDIA_TYPES[type].join(", ")})`, param);
    }
    return;
  }
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw invalid("uri must be an http(s):// or data: URL", param);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw invalid("uri must be an http(s):// or data: URL", param);
  // The extension is checked when the path has one; otherwise probing decides during `running`.
  const lastSegment = url.pathname.split("/").pop() ?? "";
  const dot = lastSegment.lastIndexOf(".");
  if (dot > 0) {
    const extension = lastSegment.slice(dot + 1).toLowerCase();
    if (!EXTENSIONS[type].includes(extension)) {
      throw invalid(`extension .${extension} is not accepted for ${type} (allowed: ${EXTENSIONS[type].join(", ")})`, param);
    }
  }
}

function parseItem(raw: unknown, index: number, uriForm: UriForm): Condition {
  const at = `conditions[${index}]`;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw invalid("condition item must be an object", at);
  const item = raw as Record<string, unknown>;
  for (const key of Object.keys(item)) {
    if (!ITEM_FIELDS.has(key)) throw invalidJson(`undeclared field ${key}`, `${at}.${key}`);
  }
  if (!CONDITION_TYPES.includes(item.type as ConditionType)) throw invalid(`type must be one of ${CONDITION_TYPES.join(", ")}`, `${at}.type`);
  if (typeof item.uri !== "string" || item.uri.trim() === "") throw invalid("uri is required", `${at}.uri`);
  if (!CONDITION_ROLES.includes(item.role as ConditionRole)) throw invalid(`role must be one of ${CONDITION_ROLES.join(", ")}`, `${at}.role`);
  if (item.frame_index !== undefined && !Number.isInteger(item.frame_index)) throw invalid("frame_index must be an integer", `${at}.frame_index`);
  const condition: Condition = { type: item.type as ConditionType, uri: item.uri, role: item.role as ConditionRole };
  if (item.frame_index !== undefined) condition.frame_index = item.frame_index as number;
  if (uriForm === "agent") checkAgentUri(condition.uri, condition.type, `${at}.uri`);
  else checkFileUri(condition.uri, `${at}.uri`);
  // Spec 4.4.1: a video keyframe and a reference with frame_index are refused.
  if (condition.type === "video" && condition.role === "keyframe") throw invalid("a video cannot be a keyframe", `${at}.role`);
  if (condition.role === "reference" && condition.frame_index !== undefined) {
    throw invalid("frame_index is only allowed on keyframes", `${at}.frame_index`);
  }
  return condition;
}

function checkFl2va(conditions: Condition[]): void {
  // Spec 4.4.1: 1 to 2 images with role keyframe, marking first and/or last frame.
  if (conditions.length < 1 || conditions.length > 2) throw invalid("fl2va needs 1 to 2 keyframe images", "conditions");
  const seen = new Set<number>();
  conditions.forEach((condition, index) => {
    const at = `conditions[${index}]`;
    if (condition.role !== "keyframe") throw invalid("fl2va takes keyframes only", `${at}.role`);
    if (condition.type !== "image") throw invalid("fl2va keyframes must be images", `${at}.type`);
    // frame_index is required on keyframes (our choice): 0 = first frame, -1 = last frame.
    if (condition.frame_index !== 0 && condition.frame_index !== -1) throw invalid("keyframe frame_index must be 0 (first) or -1 (last)", `${at}.frame_index`);
    if (seen.has(condition.frame_index)) throw invalid("two keyframes mark the same frame", `${at}.frame_index`);
    seen.add(condition.frame_index);
  });
}

function checkRef2va(conditions: Condition[]): void {
  conditions.forEach((condition, index) => {
    if (condition.role !== "reference") throw invalid("ref2va takes references only", `conditions[${index}].role`);
  });
  const counts: Record<ConditionType, number> = { image: 0, video: 0, audio: 0 };
  for (const condition of conditions) counts[condition.type] += 1;
  for (const type of CONDITION_TYPES) {
    if (counts[type] > REF2VA_LIMITS[type]) throw invalid(`ref2va allows at most ${REF2VA_LIMITS[type]} ${type} references`, "conditions");
  }
  if (conditions.length > REF2VA_TOTAL) throw invalid(`ref2va allows at most ${REF2VA_TOTAL} references in total`, "conditions");
  // Spec 4.4.1: audio alone is not allowed; an empty list has no anchor either (our choice).
  if (counts.image + counts.video === 0) throw invalid("ref2va needs an image or video reference as anchor", "conditions");
}

/** Spec 4.4.1 structure rules, checked at submit; media content is probed later, during `running`. */
export function parseConditions(raw: unknown, task: Task, uriForm: UriForm = "agent"): Condition[] {
  if (raw === undefined || raw === null) raw = [];
  if (!Array.isArray(raw)) throw invalidJson("conditions must be an array", "conditions");
  const conditions = raw.map((item, index) => parseItem(item, index, uriForm));
  // Spec 4.4.1: keyframe and reference cannot be mixed in one request.
  const roles = new Set(conditions.map((condition) => condition.role));
  if (roles.size > 1) throw invalid("keyframe and reference conditions cannot be mixed", "conditions");
  if (task === "t2va") {
    if (conditions.length > 0) throw invalid("t2va takes no conditions", "conditions");
  } else if (task === "fl2va") {
    checkFl2va(conditions);
  } else {
    checkRef2va(conditions);
  }
  return conditions;
}
