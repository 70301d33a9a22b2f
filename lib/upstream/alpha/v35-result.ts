// What a final v3.5 frame means (spec 2.2, 7.1). Pure, so stored frames can be re-read the same way.
import { UpstreamError } from "@/lib/upstream/errors";
import type { AlphaMessage } from "@/lib/upstream/alpha/wire-messages";
import type { AlphaV35Frame } from "@/lib/upstream/alpha/wire-v35";

export interface AlphaV35Image {
  url: string;
  width?: number;
  height?: number;
  toolCallId?: string;
}

interface AlphaV35Outcome {
  requestId?: string;
  /** gateway_usage.total_tokens, else usage.total_tokens (spec 2.2). */
  totalTokens?: number;
  /** Upstream's internal version id: store or show it, never branch on it (spec 2.2). */
  upstreamModel?: string;
  /** The whole final frame, extra fields included, for storage. */
  frame: AlphaV35Frame;
}

export interface AlphaV35Success extends AlphaV35Outcome {
  ok: true;
  /** The result to store (`choices[0].delta.image.url`; temporary, spec 8). */
  image: AlphaV35Image;
  /** Messages for the next turn (spec 4.2 rule 2); empty when the frame had none. */
  assembledHistory: AlphaMessage[];
}

export interface AlphaV35Failure extends AlphaV35Outcome {
  ok: false;
  finishReason?: string;
  error: { type?: string; code?: string; message?: string };
  /** True for a content-safety block (`content_filter`, spec 7.1). */
  blocked: boolean;
  userMessage: string;
}

export type AlphaV35Result = AlphaV35Success | AlphaV35Failure;

const BLOCKED_MESSAGE = "Blocked by content safety — adjust the prompt or image and try again.";

const defined = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

/**
 * Success is the presence of `choices[0].delta.image.url`, never `finish_reason` (spec 2.2). A
 * failed final frame (`finish_reason` "error" with an `error` object) is an outcome to store, not an
 * exception. A frame that is neither cannot be trusted and throws `invalid_response`.
 */
export function interpretV35FinalFrame(frame: AlphaV35Frame): AlphaV35Result {
  const choice = frame.choices?.[0];
  const requestId = defined(frame.request_id) ?? defined(frame.error?.request_id);
  const outcome: AlphaV35Outcome = {
    requestId,
    totalTokens: defined(frame.gateway_usage?.total_tokens) ?? defined(frame.usage?.total_tokens),
    upstreamModel: defined(frame.model),
    frame,
  };
  const image = choice?.delta?.image;
  if (image?.url) {
    return {
      ...outcome,
      ok: true,
      image: {
        url: image.url,
        width: defined(image.width),
        height: defined(image.height),
        toolCallId: defined(image.tool_call_id),
      },
      assembledHistory: frame.assembled_history ?? [],
    };
  }
  const finishReason = defined(choice?.finish_reason);
  if (frame.error || finishReason) {
    const error = {
      type: defined(frame.error?.type),
      code: defined(frame.error?.code),
      message: defined(frame.error?.message),
    };
    const blocked = error.code === "content_filter" || finishReason === "content_filter";
    const userMessage = blocked
      ? BLOCKED_MESSAGE
      : `The image service could not complete this request.${requestId ? " If it keeps failing, contact support and quote the request id." : ""}`;
    return { ...outcome, ok: false, finishReason, error, blocked, userMessage };
  }
  throw new UpstreamError({
    kind: "invalid_response",
    requestId,
    upstreamMessage: "final frame has neither choices[0].delta.image.url nor an error",
  });
}
