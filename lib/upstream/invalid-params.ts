// A request body that breaks the wire schema is our bug or a bad form value: both clients refuse it
// before it reaches the upstream, naming the field the way the upstream would.
import "server-only";
import { UpstreamError } from "@/lib/upstream/errors";

/** `["messages", 0, "content"]` → `messages[0].content`, the way the upstream names fields. */
function fieldPath(path: PropertyKey[]): string {
  return path.map((key, index) => (typeof key === "number" ? `[${key}]` : `${index ? "." : ""}${String(key)}`)).join("");
}

export function invalidParams(issues: { path: PropertyKey[]; message: string }[]): UpstreamError {
  return new UpstreamError({
    kind: "bad_request",
    field: issues[0] && fieldPath(issues[0].path),
    upstreamMessage: `request not sent: ${issues.map((issue) => `${fieldPath(issue.path)}: ${issue.message}`).join("; ")}`,
  });
}
