// Message and content elements of the alpha v3.5 request (spec 2.3), which are also the elements of
// `assembled_history` in the result frame (spec 2.2). Pure (no I/O, no keys): lib/chat builds on it.
import { z } from "zod";

// Parsing answers: unknown extra keys are dropped and `null` reads as absent, so a harmless upstream
// addition cannot fail a generation that was already paid for. Sending: strict (see
// `alphaRequestMessagesSchema`).
const absentWhenNull = <T extends z.ZodType>(schema: T) =>
  schema.nullish().transform((value) => value ?? undefined);

export interface AlphaTextContent {
  type: "text";
  text: string;
}

export interface AlphaImageContent {
  type: "image_url";
  /** An http(s) URL or a `data:image/...;base64,...` string (spec 2.3). */
  image_url: { url: string };
  /** Only `true`, and only on a tool message feeding a generated image back (spec 2.3). */
  is_generate?: boolean;
}

export type AlphaContent = AlphaTextContent | AlphaImageContent;

export interface AlphaToolCall {
  id: string;
  type: "function";
  /** `arguments` is a JSON string and is passed back as received, never re-encoded. */
  function: { name: string; arguments: string };
}

export type AlphaRole = "user" | "assistant" | "tool";

export interface AlphaMessage {
  role: AlphaRole;
  content?: AlphaContent[];
  reasoning?: string;
  tool_calls?: AlphaToolCall[];
  tool_call_id?: string;
}

const textContentSchema = z.object({ type: z.literal("text"), text: z.string() });
const imageContentSchema = z.object({
  type: z.literal("image_url"),
  image_url: z.object({ url: z.string().min(1) }),
  is_generate: absentWhenNull(z.boolean()),
});
export const alphaContentSchema: z.ZodType<AlphaContent> = z.discriminatedUnion("type", [textContentSchema, imageContentSchema]);

export const alphaToolCallSchema: z.ZodType<AlphaToolCall> = z.object({
  id: z.string().min(1),
  type: z.literal("function"),
  function: z.object({ name: z.string(), arguments: z.string() }),
});

/** One message of a request or of `assembled_history`, read leniently. */
export const alphaMessageSchema: z.ZodType<AlphaMessage> = z.object({
  role: z.enum(["user", "assistant", "tool"]),
  content: absentWhenNull(z.array(alphaContentSchema)),
  reasoning: absentWhenNull(z.string()),
  tool_calls: absentWhenNull(z.array(alphaToolCallSchema)),
  tool_call_id: absentWhenNull(z.string()),
});

// ---------------------------------------------------------------- what the studio sends

const strictContentSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("text"), text: z.string() }),
  z.strictObject({
    type: z.literal("image_url"),
    image_url: z.strictObject({
      url: z
        .string()
        .refine((url) => /^(https?:\/\/|data:image\/[a-z0-9.+-]+;base64,)/i.test(url), "must be an http(s) URL or a data:image/...;base64 URL"),
    }),
    is_generate: z.literal(true).optional(),
  }),
]);

const strictMessageSchema = z.strictObject({
  role: z.enum(["user", "assistant", "tool"]),
  content: z.array(strictContentSchema).optional(),
  reasoning: z.string().optional(),
  tool_calls: z.array(z.strictObject({
    id: z.string().min(1),
    type: z.literal("function"),
    function: z.strictObject({ name: z.string(), arguments: z.string() }),
  })).optional(),
  tool_call_id: z.string().optional(),
});

/** `messages` as sent (spec 2.3, 4.2), with the cross-message rules of 2.3 checked. */
export const alphaRequestMessagesSchema = z
  .array(strictMessageSchema)
  .min(1, "messages must not be empty")
  .superRefine((messages, ctx) => {
    const toolCallIds = new Set<string>();
    messages.forEach((message, index) => {
      const issue = (message_: string, ...path: (string | number)[]) =>
        ctx.addIssue({ code: "custom", message: message_, path: [index, ...path] });
      // spec 2.3: content "may be omitted when an assistant message only triggers a tool call"
      if (message.role !== "assistant" && message.content === undefined) issue("content is required on user and tool messages", "content");
      if (message.role !== "assistant" && message.reasoning !== undefined) issue("reasoning is only for assistant messages", "reasoning");
      if (message.role !== "assistant" && message.tool_calls !== undefined) issue("tool_calls is only for assistant messages", "tool_calls");
      for (const call of message.tool_calls ?? []) toolCallIds.add(call.id);
      if (message.role === "tool") {
        // spec 2.3: must match an earlier assistant.tool_calls[i].id character for character
        if (message.tool_call_id === undefined || !toolCallIds.has(message.tool_call_id)) {
          issue("tool_call_id must match the id of an earlier assistant tool call", "tool_call_id");
        }
      } else {
        if (message.tool_call_id !== undefined) issue("tool_call_id is only for tool messages", "tool_call_id");
        message.content?.forEach((content, contentIndex) => {
          // spec 2.3: is_generate is sent only when a generated image is fed back under role tool
          if (content.type === "image_url" && content.is_generate !== undefined) {
            issue("is_generate is only for tool messages", "content", contentIndex, "is_generate");
          }
        });
      }
    });
    // spec 4.2: the last user message is the current instruction, so it needs words
    const instruction = messages.findLast((message) => message.role === "user");
    if (!instruction) {
      ctx.addIssue({ code: "custom", message: "messages must contain a user message" });
    } else if (!instruction.content?.some((content) => content.type === "text" && content.text.trim() !== "")) {
      ctx.addIssue({ code: "custom", message: "the last user message must contain text", path: [messages.lastIndexOf(instruction), "content"] });
    }
  });
