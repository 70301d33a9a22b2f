import type { Message } from "./alpha-v35-messages";

/**
 * Spec 2.2 `model`: an internal upstream identifier that differs from the requested model id;
 * clients must not branch on it.
 */
export const INTERNAL_MODEL_ID = "alpha-img-35p-emu-20261101";

export interface FrameEnvelope {
  id: string;
  created: number;
  request_id: string;
}

const base = (envelope: FrameEnvelope, round: number) => ({
  id: envelope.id,
  object: "image.chat.completion.chunk",
  created: envelope.created,
  model: INTERNAL_MODEL_ID,
  round,
});

/**
 * Progress frame of the SSE wire format (our choice: the spec describes only the final frame).
 * Round 0 is the model turn that reasons and calls the generate tool.
 */
export function reasoningFrame(envelope: FrameEnvelope, reasoning: string) {
  return {
    ...base(envelope, 0),
    choices: [{ index: 0, delta: { type: "reasoning", reasoning }, finish_reason: null }],
    request_id: envelope.request_id,
  };
}

export interface DeliveredImage {
  url: string;
  width: number;
  height: number;
  toolCallId: string;
}

/** Spec 2.2 final frame. Round 1 is the model turn after the tool result (our choice). */
export function imageFrame(envelope: FrameEnvelope, image: DeliveredImage, totalTokens: number, history: Message[]) {
  return {
    ...base(envelope, 1),
    choices: [
      {
        index: 0,
        delta: {
          type: "image",
          image: { url: image.url, width: image.width, height: image.height, source: "generate", tool_call_id: image.toolCallId },
        },
        finish_reason: null,
      },
    ],
    usage: { total_tokens: totalTokens },
    gateway_usage: { total_tokens: totalTokens },
    request_id: envelope.request_id,
    assembled_history: history,
  };
}

/** Spec 2.2 / 7.1: a failed final frame has an empty delta, finish_reason "error" and an error object. */
export function errorFrame(envelope: FrameEnvelope, error: { type: string; code: string; message: string }, totalTokens: number) {
  return {
    ...base(envelope, 0),
    choices: [{ index: 0, delta: {}, finish_reason: "error" }],
    usage: { total_tokens: totalTokens },
    gateway_usage: { total_tokens: totalTokens },
    request_id: envelope.request_id,
    error: { ...error, request_id: envelope.request_id },
  };
}

export const GENERATE_TOOL_NAME = "generate_image";

/**
 * Spec 2.2 / 2.3 assembled_history: assistant (reasoning + tool_calls), tool (intermediate image,
 * matching tool_call_id), assistant (closing text). Our choice for the tool content:
 * [{type: "image_url", image_url: {url}, is_generate: true}].
 */
export function assembleHistory(opts: {
  toolCallId: string;
  reasoning: string;
  toolArguments: Record<string, unknown>;
  intermediateUrl: string;
  closingText: string;
}): Message[] {
  return [
    {
      role: "assistant",
      reasoning: opts.reasoning,
      tool_calls: [
        {
          id: opts.toolCallId,
          type: "function",
          function: { name: GENERATE_TOOL_NAME, arguments: JSON.stringify(opts.toolArguments) },
        },
      ],
    },
    {
      role: "tool",
      tool_call_id: opts.toolCallId,
      content: [{ type: "image_url", image_url: { url: opts.intermediateUrl }, is_generate: true }],
    },
    { role: "assistant", content: [{ type: "text", text: opts.closingText }] },
  ];
}
