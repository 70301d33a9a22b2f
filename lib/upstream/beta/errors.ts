// Refusals of the beta endpoint (spec 7.2) as typed UpstreamErrors, each with a sentence a designer
// can act on that names the field when the service named one. Spec 7.2 shows neither the HTTP
// status of a code nor the error body: the body is read the way the emulator (and the video agent,
// spec 7.3) shape it, `{error: {code, message, param}, request_id}`, and a body that is not JSON or
// lacks a code falls back on the HTTP status. Pure: no I/O beyond reading the given answer, no keys.
import { kindForStatus, parseRetryAfter, redactSecrets, UpstreamError, type UpstreamErrorKind } from "@/lib/upstream/errors";
import {
  BETA_GROUP_MAX_IMAGES,
  BETA_INPUT_LIMITS,
  BETA_MAX_REFERENCE_IMAGES,
  BETA_MODEL_LABELS,
  BETA_PIXEL_RANGES,
  BETA_PROMPT_MAX_CHARS,
  isBetaModel,
  type BetaModel,
} from "@/lib/upstream/beta/limits";

export const BETA_ERROR_CODES = [
  "BadRequest",
  "FieldLacking",
  "FieldUnwanted",
  "FieldInvalid",
  "FieldItemCountOutOfRange",
  "PageSizeOutOfRange",
  "ImageFormatInvalid",
  "ImageSizeInvalid",
  "ImageDownloadFailure",
  "TaskPromptPolicyViolation",
  "CreationPolicyViolation",
  "AuditSubmitIllegal",
  "CreditInsufficient",
  "ModelUnavailable",
  "Unauthorized",
  "Forbidden",
  "TaskNotFound",
  "QuotaExceeded",
  "TooManyRequests",
  "InternalServiceFailure",
] as const;
export type BetaErrorCode = (typeof BETA_ERROR_CODES)[number];

/**
 * How the studio treats each code: a refused value (`bad_request`, not retried), content safety,
 * the studio's account (an administrator must act), the key, a busy service (`rate_limited`,
 * retried with backoff by lib/upstream/retry), or an internal failure (retried once).
 */
const KIND_BY_CODE: Record<BetaErrorCode, UpstreamErrorKind> = {
  BadRequest: "bad_request",
  FieldLacking: "bad_request",
  FieldUnwanted: "bad_request",
  FieldInvalid: "bad_request",
  FieldItemCountOutOfRange: "bad_request",
  PageSizeOutOfRange: "bad_request",
  ImageFormatInvalid: "bad_request",
  ImageSizeInvalid: "bad_request",
  ImageDownloadFailure: "bad_request",
  TaskPromptPolicyViolation: "blocked",
  CreationPolicyViolation: "blocked",
  AuditSubmitIllegal: "blocked",
  CreditInsufficient: "account",
  ModelUnavailable: "account",
  Forbidden: "account",
  Unauthorized: "auth",
  // No task is named in a generation request; a service that says so has failed on its side.
  TaskNotFound: "server",
  QuotaExceeded: "rate_limited",
  TooManyRequests: "rate_limited",
  InternalServiceFailure: "server",
};

function isBetaErrorCode(value: unknown): value is BetaErrorCode {
  return typeof value === "string" && (BETA_ERROR_CODES as readonly string[]).includes(value);
}

/** A refusal of the beta endpoint; `code` is the spec 7.2 code when the service sent a known one. */
export class BetaUpstreamError extends UpstreamError {
  readonly code?: BetaErrorCode;

  constructor(init: ConstructorParameters<typeof UpstreamError>[0] & { code?: BetaErrorCode }) {
    super(init);
    this.code = init.code;
  }
}

// ---------------------------------------------------------------- naming fields as the form does

const FIELD_LABELS: Record<string, string> = {
  model: "Model",
  prompt: "Prompt",
  images: "Reference images",
  layer_decomposition: "Layer decomposition",
  size: "Size",
  optimize_prompt_options: "Prompt optimisation",
  "optimize_prompt_options.mode": "Prompt optimisation",
  output_format: "Output format",
  background: "Background",
  response_format: "Response format",
  sequential_image_generation: "Group images",
  sequential_image_generation_options: "Group images",
  "sequential_image_generation_options.max_images": "Number of group images",
  tools: "Web search",
  "tools.type": "Web search",
  watermark: "Watermark",
};

/** `images[2]` → "Reference image 3"; a known request field → its form label; otherwise the name as sent. */
function betaFieldLabel(param: string): string {
  const image = /^images\[(\d+)\]/.exec(param);
  if (image) return `Reference image ${Number(image[1]) + 1}`;
  return FIELD_LABELS[param] ?? `"${param}"`;
}

// What the rule is, per field, so that a refusal says what to change (spec 4.3, 8).
const pixelRange = (model: BetaModel) =>
  `${BETA_PIXEL_RANGES[model].min.toLocaleString("en-US")} and ${BETA_PIXEL_RANGES[model].max.toLocaleString("en-US")} pixels`;
const sizeRule =
  "Use one of the model's tiers (Pro 1K, 1.5K or 2K; Lite 2K, 3K or 4K; layer decomposition also auto), or a width × height " +
  `with Pro between ${pixelRange("beta-image-v5.0-pro")} or Lite between ${pixelRange("beta-image-v5.0-lite")}, and an aspect ratio between 1:16 and 16:1.`;
const imageRule =
  `Use JPEG, PNG, WebP, BMP, TIFF, GIF, HEIC or HEIF images of at least ${BETA_INPUT_LIMITS.minSide}×${BETA_INPUT_LIMITS.minSide} px, ` +
  `at most ${BETA_INPUT_LIMITS.maxPixels / 1e6} million pixels and ${BETA_INPUT_LIMITS.maxImageBytes / 1e6} MB each, with an aspect ratio between 1:16 and 16:1.`;
const countRule =
  `Pro takes at most ${BETA_MAX_REFERENCE_IMAGES["beta-image-v5.0-pro"]} reference images and Lite ${BETA_MAX_REFERENCE_IMAGES["beta-image-v5.0-lite"]}; ` +
  `layer decomposition takes exactly one; a group has ${BETA_GROUP_MAX_IMAGES.min} to ${BETA_GROUP_MAX_IMAGES.max} images.`;
const FIELD_RULES: Record<string, string> = {
  prompt: `The prompt must not be empty and may have at most ${BETA_PROMPT_MAX_CHARS} characters.`,
  size: sizeRule,
  images: imageRule,
  "sequential_image_generation_options.max_images": `A group has ${BETA_GROUP_MAX_IMAGES.min} to ${BETA_GROUP_MAX_IMAGES.max} images.`,
};

function ruleFor(param: string | undefined): string {
  if (!param) return "Check the settings and try again.";
  return FIELD_RULES[param.replace(/\[\d+\]$/, "")] ?? "Change it and try again.";
}

interface MessageContext {
  param?: string;
  model?: BetaModel;
  status: number;
}

function modelName(model: BetaModel | undefined): string {
  return model ? `The ${BETA_MODEL_LABELS[model]} model` : "This beta model";
}

const busyTail = "and stayed busy while the studio tried again. Try again in a minute.";
const adminTail = "This is not something you can fix: please contact your administrator.";

/** The designer's sentence for a spec 7.2 code. */
function messageFor(code: BetaErrorCode, { param, model, status }: MessageContext): string | undefined {
  const field = param ? betaFieldLabel(param) : undefined;
  switch (code) {
    case "BadRequest":
      return status === 413
        ? `The request was larger than the ${BETA_INPUT_LIMITS.maxBodyBytes / 1e6} MB the image service accepts. Use fewer or smaller reference images and try again.`
        : undefined;
    case "FieldLacking":
      return field
        ? `The image service needs a value for ${field}; it was missing or empty. ${ruleFor(param)}`
        : "A required setting was missing or empty. Check the settings and try again.";
    case "FieldUnwanted":
      return field
        ? `${modelName(model)} does not accept ${field}. Turn it off or switch model, then try again.`
        : `${modelName(model)} does not accept one of the settings sent. Turn off the settings it does not offer and try again.`;
    case "FieldInvalid":
      return field ? `The image service refused the value of ${field}. ${ruleFor(param)}` : undefined;
    case "FieldItemCountOutOfRange":
      return `${field ?? "A list"}: too many items. ${countRule}`;
    case "PageSizeOutOfRange":
      return `${field ?? "A size"} is outside the allowed range. ${param === "size" || !param ? sizeRule : ruleFor(param)}`;
    case "ImageFormatInvalid":
      return `${field ?? "A reference image"} is in a format the image service does not accept. ${imageRule}`;
    case "ImageSizeInvalid":
      return `${field ?? "A reference image"} is too large or too small for the image service. ${imageRule}`;
    case "ImageDownloadFailure":
      return `The image service could not download ${field ?? "a reference image"}. Add it again and try once more.`;
    case "TaskPromptPolicyViolation":
      return "Blocked by content safety — the prompt triggered the safety review. Rephrase it and try again.";
    case "CreationPolicyViolation":
      return "Blocked by content safety — the generated image was held back by risk control. Change the prompt or references and try again.";
    case "AuditSubmitIllegal":
      return `Blocked by content safety — the safety review refused ${field ? field.toLowerCase() : "an input image"}. Replace it and try again.`;
    case "CreditInsufficient":
      return `The studio's image service account has run out of credit, so nothing was made. ${adminTail}`;
    case "ModelUnavailable":
      return `${modelName(model)} is switched off at the image service for the studio's account right now. ${adminTail} Meanwhile you can try the other beta model.`;
    case "Forbidden":
      return `The image service does not permit the studio's key to use the beta models. ${adminTail}`;
    case "QuotaExceeded":
      return `The image service is already running as many beta generations as the studio's account allows, ${busyTail}`;
    case "TooManyRequests":
      return `The image service received too many requests in a short time ${busyTail}`;
    case "Unauthorized":
    case "TaskNotFound":
    case "InternalServiceFailure":
      return undefined;
  }
}

function objectAt(value: unknown, key: string): Record<string, unknown> | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const found = (value as Record<string, unknown>)[key];
  return typeof found === "object" && found !== null ? (found as Record<string, unknown>) : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value.trim() : undefined;
}

const MAX_UPSTREAM_MESSAGE_LENGTH = 500;

/** `{error: {code, message, param}, request_id}`, or its fields at the top level; anything else reads as nothing. */
function readBetaErrorBody(bodyText: string): { code?: string; message?: string; param?: string; requestId?: string } {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return { message: text(bodyText)?.slice(0, MAX_UPSTREAM_MESSAGE_LENGTH) };
  }
  const inner = objectAt(body, "error") ?? (typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {});
  const top = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  return {
    code: text(inner.code) ?? text(top.code),
    message: (text(inner.message) ?? text(top.message) ?? text(top.error))?.slice(0, MAX_UPSTREAM_MESSAGE_LENGTH),
    param: text(inner.param) ?? text(top.param),
    requestId: text(top.request_id) ?? text(inner.request_id),
  };
}

/**
 * With no code to go by, the HTTP status decides. 402 (Payment Required) and 403 are read as the
 * account codes they stand for everywhere; the rest as for the alpha endpoints (spec 7.1).
 */
function codeForStatus(status: number): BetaErrorCode | undefined {
  if (status === 402) return "CreditInsufficient";
  if (status === 403) return "Forbidden";
  if (status === 413) return "BadRequest";
  return undefined;
}

export interface BetaErrorOptions {
  /** Secrets that must not survive into any message (the API key). */
  redact?: readonly string[];
  /** The model the request asked for, to name it in messages. */
  model?: string;
  now?: number;
}

/** Builds the typed error for a non-2xx answer of the beta endpoint; reads (and so consumes) the body. */
export async function betaErrorFromResponse(response: Response, options: BetaErrorOptions = {}): Promise<BetaUpstreamError> {
  const bodyText = await response.text().catch(() => "");
  const body = readBetaErrorBody(redactSecrets(bodyText, options.redact));
  const code = isBetaErrorCode(body.code) ? body.code : undefined;
  const meaning = code ?? codeForStatus(response.status);
  const model = isBetaModel(options.model) ? options.model : undefined;
  return new BetaUpstreamError({
    code,
    kind: meaning ? KIND_BY_CODE[meaning] : kindForStatus(response.status),
    status: response.status,
    field: body.param,
    requestId: body.requestId ?? response.headers.get("x-request-id") ?? undefined,
    retryAfterSeconds: parseRetryAfter(response.headers.get("retry-after"), options.now),
    upstreamMessage: [body.code, body.message].filter(Boolean).join(": ") || undefined,
    userMessage: meaning ? messageFor(meaning, { param: body.param, model, status: response.status }) : undefined,
  });
}
