// How a failed turn reads in the chat: a short title from its code, then the stored message.
// Pure. Codes come from lib/chat/send-turn: the failed frame's error code (spec 2.2, 7.1, e.g.
// `content_filter`), an upstream error kind (lib/upstream/errors), or `cancelled`.

// A Map, not an object: the code may be the upstream's own word, and "constructor" must not find
// Object.prototype's members.
const titles = new Map([
  ["content_filter", "Blocked by content safety"],
  ["blocked", "Blocked by content safety"],
  ["cancelled", "Stopped"],
  ["rate_limited", "The service is busy"],
  ["timeout", "No answer in time"],
  ["network", "Service unreachable"],
  ["server", "The service failed"],
  ["auth", "Service key refused"],
  ["bad_request", "Request refused"],
  ["invalid_response", "Unreadable answer"],
]);

export function describeFailure(code: string | null, message: string | null): { title: string; detail: string | null } {
  const title = (code && titles.get(code)) ?? "Generation failed";
  if (!message) return { title, detail: null };
  // The stored message may open with the same words as the title ("Blocked by content safety — …").
  const repeated = new RegExp(`^${title}\\s*[—–:.,-]\\s*`, "i");
  if (!repeated.test(message)) return { title, detail: message };
  const rest = message.replace(repeated, "");
  return { title, detail: rest ? rest.charAt(0).toUpperCase() + rest.slice(1) : null };
}
