import { Badge } from "@/components/ui/badge";
import { TOKEN_STATE_LABELS, type TokenScope, type TokenState } from "@/lib/access-tokens/token-rules";

// Pieces the account page's list and the admin's list of tokens share.

const STATE_TONES: Record<TokenState, "success" | "warning" | "neutral" | "danger"> = {
  active: "success",
  owner_disabled: "warning",
  expired: "neutral",
  revoked: "danger",
};

export function TokenStateBadge({ state }: { state: TokenState }) {
  return <Badge tone={STATE_TONES[state]}>{TOKEN_STATE_LABELS[state]}</Badge>;
}

export function ScopeList({ scopes }: { scopes: TokenScope[] }) {
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Scopes">
      {scopes.map((scope) => (
        <li key={scope} className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-[11px] text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
          {scope}
        </li>
      ))}
    </ul>
  );
}

// Fixed locale and zone, so the server's render and the browser's hydration print the same text.
const dateFormat = new Intl.DateTimeFormat("en", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const dateTimeFormat = new Intl.DateTimeFormat("en", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" });

export function tokenDate(iso: string | null, none: string): string {
  return iso === null ? none : dateFormat.format(new Date(iso));
}

/** Last use to the minute (it is written at most once a minute). */
export function lastUsedText(iso: string | null): string {
  return iso === null ? "Never" : `${dateTimeFormat.format(new Date(iso))} UTC`;
}
