import type { ReactNode } from "react";

// The rule(s) a field breaks, worded by the shared schema, or a quiet hint when it breaks none.
// `id` is what the field's aria-describedby points at.
export function FieldMessages({ id, messages, hint }: { id: string; messages?: string[]; hint?: ReactNode }) {
  if (messages?.length) {
    return (
      <div id={id} role="alert" className="space-y-0.5 text-[13px] text-red-600 dark:text-red-400">
        {messages.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
    );
  }
  return hint ? (
    <p id={id} className="text-xs text-muted">
      {hint}
    </p>
  ) : null;
}
