import { alphaInvalid } from "./errors";

export type Role = "user" | "assistant" | "tool";

export interface ContentElement {
  type: "text" | "image_url";
  text?: string;
  image_url?: { url: string };
  is_generate?: boolean;
}

export interface ToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

export interface Message {
  role: Role;
  content?: ContentElement[];
  reasoning?: string;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
}

const ROLES: readonly Role[] = ["user", "assistant", "tool"];
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function validateContent(raw: unknown, role: Role, at: string): ContentElement {
  if (!isObject(raw)) throw alphaInvalid("a content element must be an object", at);
  const { type, text, image_url: imageUrl, is_generate: isGenerate } = raw;
  if (type !== "text" && type !== "image_url") throw alphaInvalid('content type must be "text" or "image_url"', `${at}.type`);
  if (type === "text" && typeof text !== "string") throw alphaInvalid("a text element needs a string text", `${at}.text`);
  if (type === "image_url" && !(isObject(imageUrl) && typeof imageUrl.url === "string" && imageUrl.url !== "")) {
    throw alphaInvalid("an image_url element needs image_url: {url}", `${at}.image_url`);
  }
  // Spec 2.3: is_generate is sent only when feeding a generated image back under role tool.
  if (isGenerate !== undefined) {
    if (role !== "tool") throw alphaInvalid("is_generate is allowed only in role tool messages", `${at}.is_generate`);
    if (typeof isGenerate !== "boolean") throw alphaInvalid("is_generate must be a boolean", `${at}.is_generate`);
  }
  return {
    type,
    ...(type === "text" ? { text: text as string } : { image_url: { url: (imageUrl as { url: string }).url } }),
    ...(isGenerate !== undefined ? { is_generate: isGenerate as boolean } : {}),
  };
}

function validateToolCall(raw: unknown, at: string): ToolCall {
  if (!isObject(raw) || typeof raw.id !== "string" || raw.id === "" || raw.type !== "function" || !isObject(raw.function)) {
    throw alphaInvalid("a tool call is {id, type: 'function', function: {name, arguments}}", at);
  }
  const { name, arguments: args } = raw.function;
  if (typeof name !== "string" || typeof args !== "string") {
    throw alphaInvalid("function.name and function.arguments must be strings", `${at}.function`);
  }
  try {
    JSON.parse(args);
  } catch {
    throw alphaInvalid("function.arguments must be a JSON string", `${at}.function.arguments`);
  }
  return { id: raw.id, type: "function", function: { name, arguments: args } };
}

/**
 * Spec 2.3 message rules. Our reading of two open points: a tool message must carry a
 * tool_call_id, and user and tool messages must carry content.
 */
export function validateMessages(raw: unknown): Message[] {
  if (!Array.isArray(raw) || raw.length === 0) throw alphaInvalid("messages must be a non-empty array", "messages");
  const knownToolCallIds = new Set<string>();
  const messages = raw.map((item, index): Message => {
    const at = `messages[${index}]`;
    if (!isObject(item)) throw alphaInvalid("a message must be an object", at);
    const role = item.role as Role;
    if (!ROLES.includes(role)) throw alphaInvalid("role must be user, assistant or tool", `${at}.role`);

    const message: Message = { role };
    if (item.content !== undefined) {
      if (!Array.isArray(item.content)) throw alphaInvalid("content must be an array", `${at}.content`);
      message.content = item.content.map((element, m) => validateContent(element, role, `${at}.content[${m}]`));
    } else if (role !== "assistant") {
      throw alphaInvalid("content may be omitted only for assistant messages", `${at}.content`);
    }

    if (item.reasoning !== undefined) {
      if (role !== "assistant") throw alphaInvalid("reasoning is allowed only on assistant messages", `${at}.reasoning`);
      if (typeof item.reasoning !== "string") throw alphaInvalid("reasoning must be a string", `${at}.reasoning`);
      message.reasoning = item.reasoning;
    }

    if (item.tool_calls !== undefined) {
      if (role !== "assistant") throw alphaInvalid("tool_calls are allowed only on assistant messages", `${at}.tool_calls`);
      if (!Array.isArray(item.tool_calls)) throw alphaInvalid("tool_calls must be an array", `${at}.tool_calls`);
      message.tool_calls = item.tool_calls.map((call, i) => validateToolCall(call, `${at}.tool_calls[${i}]`));
      for (const call of message.tool_calls) knownToolCallIds.add(call.id);
    }

    if (item.tool_call_id !== undefined && role !== "tool") {
      throw alphaInvalid("tool_call_id is allowed only on tool messages", `${at}.tool_call_id`);
    }
    if (role === "tool") {
      // Spec 2.3: must match an earlier assistant.tool_calls[i].id character for character.
      if (typeof item.tool_call_id !== "string" || !knownToolCallIds.has(item.tool_call_id)) {
        throw alphaInvalid("tool_call_id must equal the id of an earlier assistant tool call", `${at}.tool_call_id`);
      }
      message.tool_call_id = item.tool_call_id;
    }
    return message;
  });

  if (currentInstruction(messages).trim() === "") {
    throw alphaInvalid("the last user message must contain a non-empty text element", "messages");
  }
  return messages;
}

const textOf = (message: Message) =>
  (message.content ?? [])
    .filter((element) => element.type === "text")
    .map((element) => element.text ?? "")
    .join("\n");

/** Spec 4.2: the last role=user message is the current instruction. */
export function currentInstruction(messages: readonly Message[]): string {
  const lastUser = [...messages].reverse().find((message) => message.role === "user");
  return lastUser ? textOf(lastUser) : "";
}

/** All text the request carries (moderation, the 100k-token prompt limit). */
export const allText = (messages: readonly Message[]) => messages.map(textOf).join("\n");
