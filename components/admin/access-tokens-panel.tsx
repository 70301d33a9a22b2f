"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { lastUsedText, ScopeList, tokenDate, TokenStateBadge } from "@/components/access-tokens/token-parts";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { MutationError } from "@/components/ui/mutation-error";
import { Switch } from "@/components/ui/switch";
import { ACCESS_TOKENS_MEANING, type AdminAccessTokenDto, TOKENS_WITHOUT_EXPIRY_MEANING, type TokenSettingsDto } from "@/lib/access-tokens/token-rules";
import type { SiteSettingsDto } from "@/lib/auth/types";
import { api } from "@/lib/client/api";
import { DataCell, DataTable, type DataColumn } from "@/components/ui/data-table";

const TOKEN_COLUMNS = {
  owner: { label: "Owner", lead: true, className: "px-4 py-2 pl-5" },
  token: { label: "Token", wide: true, className: "px-4 py-2" },
  lastUsed: { label: "Last used", className: "px-4 py-2" },
  state: { label: "State", className: "px-4 py-2 pr-5 text-right" },
} satisfies Record<string, DataColumn>;

/** The switches for personal access tokens, and every person's tokens with Revoke. */
export function AccessTokensPanel({ initialTokens, initialSettings }: { initialTokens: AdminAccessTokenDto[]; initialSettings: TokenSettingsDto }) {
  const [tokens, setTokens] = useState(initialTokens);
  const [settings, setSettings] = useState(initialSettings);
  const save = useMutation({
    mutationFn: (changes: Partial<TokenSettingsDto>) => api<{ settings: SiteSettingsDto }>("/api/admin/settings", { method: "PATCH", json: changes }),
    onSuccess: ({ settings: saved }) => setSettings({ accessTokens: saved.accessTokens, accessTokensWithoutExpiry: saved.accessTokensWithoutExpiry }),
  });
  const revoke = useMutation({
    mutationFn: (id: string) => api<{ token: AdminAccessTokenDto }>(`/api/admin/tokens/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: ({ token }) => setTokens((current) => current.map((item) => (item.id === token.id ? token : item))),
  });
  // While a change is on its way, its switch shows the value asked for.
  const shown = save.isPending && save.variables ? { ...settings, ...save.variables } : settings;

  return (
    <Card className="overflow-hidden" data-testid="admin-access-tokens">
      <div className="space-y-3 border-b border-zinc-200 px-5 py-4 dark:border-zinc-800">
        <h2 className="text-sm font-semibold">Personal access tokens</h2>
        <Switch id="access-tokens" label="Personal access tokens" checked={shown.accessTokens} onChange={(value) => save.mutate({ accessTokens: value })} description={ACCESS_TOKENS_MEANING} />
        <Switch
          id="access-tokens-without-expiry"
          label="Tokens without expiry"
          checked={shown.accessTokensWithoutExpiry}
          onChange={(value) => save.mutate({ accessTokensWithoutExpiry: value })}
          description={TOKENS_WITHOUT_EXPIRY_MEANING}
        />
        <MutationError mutation={save} title="The setting was not saved" />
      </div>
      <MutationError mutation={revoke} title="The token was not revoked" className="border-b border-zinc-200 p-3 dark:border-zinc-800" />
      {tokens.length === 0 ? (
        <p className="px-5 py-4 text-sm text-muted">Nobody has made a token.</p>
      ) : (
        <DataTable
          label="Personal access tokens"
          columns={Object.values(TOKEN_COLUMNS)}
        >
          {tokens.map((token) => {
            const busy = revoke.isPending && revoke.variables === token.id;
            return (
              <tr key={token.id} className="align-top">
                <DataCell column={TOKEN_COLUMNS.owner} className="max-w-52 px-4 py-2.5 pl-5">
                  <span className="block truncate" title={token.owner.name}>
                    {token.owner.name}
                  </span>
                  <span className="block truncate text-xs text-muted" title={token.owner.email}>
                    {token.owner.email}
                  </span>
                </DataCell>
                <DataCell column={TOKEN_COLUMNS.token} className="max-w-64 space-y-1 px-4 py-2.5">
                  <span className="block truncate font-medium" title={token.name}>
                    {token.name}
                  </span>
                  <ScopeList scopes={token.scopes} />
                  <span className="block text-xs text-muted">Expires: {tokenDate(token.expiresAt, "never")}</span>
                </DataCell>
                <DataCell column={TOKEN_COLUMNS.lastUsed} className="px-4 py-2.5 text-xs whitespace-nowrap text-muted">{lastUsedText(token.lastUsedAt)}</DataCell>
                <DataCell column={TOKEN_COLUMNS.state} className="px-4 py-2 pr-5 text-right whitespace-nowrap">
                  <div className="flex flex-col items-end gap-1.5 max-sm:items-start">
                    <TokenStateBadge state={token.state} />
                    {token.state === "active" || token.state === "owner_disabled" ? (
                      <Button size="sm" variant="secondary" disabled={busy} aria-label={`Revoke the token ${token.name} of ${token.owner.name}`} onClick={() => revoke.mutate(token.id)}>
                        {busy ? "Revoking…" : "Revoke"}
                      </Button>
                    ) : null}
                  </div>
                </DataCell>
              </tr>
            );
          })}
        </DataTable>
      )}
    </Card>
  );
}
