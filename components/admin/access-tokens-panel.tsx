"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { lastUsedText, ScopeList, tokenDate, TokenStateBadge } from "@/components/access-tokens/token-parts";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { MutationError } from "@/components/ui/mutation-error";
import { Switch } from "@/components/ui/switch";
import {
  ACCESS_TOKENS_MEANING,
  type AdminAccessTokenDto,
  TOKENS_WITHOUT_EXPIRY_MEANING,
  type TokenSettingsDto,
} from "@/lib/access-tokens/token-schemas";
import type { SiteSettingsDto } from "@/lib/auth/types";
import { api } from "@/lib/client/api";

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
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" aria-label="Personal access tokens">
            <thead className="text-xs tracking-wide text-muted uppercase">
              <tr>
                <th className="px-5 py-2 font-medium">Owner</th>
                <th className="px-5 py-2 font-medium">Name</th>
                <th className="px-5 py-2 font-medium">Scopes</th>
                <th className="px-5 py-2 font-medium">Last used</th>
                <th className="px-5 py-2 font-medium">State</th>
                <th className="px-5 py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {tokens.map((token) => {
                const busy = revoke.isPending && revoke.variables === token.id;
                return (
                  <tr key={token.id}>
                    <td className="px-5 py-2.5">
                      <span className="block whitespace-nowrap">{token.owner.name}</span>
                      <span className="text-xs text-muted">{token.owner.email}</span>
                    </td>
                    <td className="max-w-48 px-5 py-2.5">
                      <span className="block truncate font-medium" title={token.name}>
                        {token.name}
                      </span>
                      <span className="text-xs text-muted">Expires: {tokenDate(token.expiresAt, "never")}</span>
                    </td>
                    <td className="px-5 py-2.5">
                      <ScopeList scopes={token.scopes} />
                    </td>
                    <td className="px-5 py-2.5 whitespace-nowrap text-muted">{lastUsedText(token.lastUsedAt)}</td>
                    <td className="px-5 py-2.5">
                      <TokenStateBadge state={token.state} />
                    </td>
                    <td className="px-5 py-2 text-right whitespace-nowrap">
                      {token.state === "active" || token.state === "owner_disabled" ? (
                        <Button size="sm" variant="secondary" disabled={busy} aria-label={`Revoke the token ${token.name} of ${token.owner.name}`} onClick={() => revoke.mutate(token.id)}>
                          {busy ? "Revoking…" : "Revoke"}
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
