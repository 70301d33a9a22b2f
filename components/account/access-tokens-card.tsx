"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { CreateTokenForm } from "@/components/account/create-token-form";
import { lastUsedText, ScopeList, tokenDate, TokenStateBadge } from "@/components/access-tokens/token-parts";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { MutationError } from "@/components/ui/mutation-error";
import { type AccessTokenDto, TOKENS_OFF_MESSAGE, type TokenSettingsDto } from "@/lib/access-tokens/token-rules";
import { api } from "@/lib/client/api";
import { DataCell, DataTable, type DataColumn } from "@/components/ui/data-table";

const TOKEN_COLUMNS = {
  name: { label: "Name", lead: true },
  scopes: { label: "Scopes", wide: true },
  created: { label: "Created" },
  expires: { label: "Expires" },
  lastUsed: { label: "Last used" },
  actions: { label: "State and actions", hidden: true },
} satisfies Record<string, DataColumn>;

/** The person's personal access tokens: make one (its secret shown once), see when each was used, revoke. */
export function AccessTokensCard({ initialTokens, settings }: { initialTokens: AccessTokenDto[]; settings: TokenSettingsDto }) {
  const [tokens, setTokens] = useState(initialTokens);
  const [made, setMade] = useState<(AccessTokenDto & { secret: string }) | null>(null);
  const revoke = useMutation({
    mutationFn: (id: string) => api<{ token: AccessTokenDto }>(`/api/me/tokens/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: ({ token }) => setTokens((current) => current.map((item) => (item.id === token.id ? token : item))),
  });

  return (
    <Card className="overflow-hidden" data-testid="access-tokens">
      <div className="border-b border-zinc-200 px-5 py-4 dark:border-zinc-800">
        <h2 className="text-sm font-semibold">Personal access tokens</h2>
        <p className="mt-1 text-xs text-muted">
          A script that sends a token as <code className="font-mono">Authorization: Bearer …</code> acts as you, with your teams and limits, but only for the
          scopes you pick. A token cannot change your password or make more tokens. What a token may call:{" "}
          <Link href="/account/api" className="font-medium text-accent-700 underline dark:text-accent-400">
            API reference
          </Link>
          .
        </p>
      </div>
      <div className="space-y-4 px-5 py-4">
        {settings.accessTokens ? null : <Alert title="Tokens are turned off">{TOKENS_OFF_MESSAGE} Your tokens below do not work meanwhile.</Alert>}
        {made ? (
          <div className="space-y-2 rounded-lg border border-accent-200 bg-accent-50 p-4 dark:border-accent-500/30 dark:bg-accent-500/10" data-testid="new-token">
            <p className="text-sm font-medium">Token “{made.name}” made. Copy it now: it is never shown again.</p>
            <div className="flex items-center gap-2 rounded-md border border-zinc-200 bg-white px-3 py-2 dark:border-zinc-700 dark:bg-zinc-950">
              <code className="min-w-0 flex-1 font-mono text-xs break-all select-all" data-testid="new-token-secret">
                {made.secret}
              </code>
              <CopyButton value={made.secret} label="Copy the token" />
            </div>
            <Button size="sm" variant="secondary" onClick={() => setMade(null)}>
              Done
            </Button>
          </div>
        ) : settings.accessTokens ? (
          <CreateTokenForm
            allowNoExpiry={settings.accessTokensWithoutExpiry}
            onCreated={(token) => {
              setMade(token);
              setTokens((current) => [token, ...current]);
            }}
          />
        ) : null}
      </div>
      <MutationError mutation={revoke} title="The token was not revoked" className="border-t border-zinc-200 p-3 dark:border-zinc-800" />
      {tokens.length === 0 ? (
        <p className="border-t border-zinc-200 px-5 py-4 text-sm text-muted dark:border-zinc-800">You have no tokens.</p>
      ) : (
        <DataTable
          label="Your tokens"
          frameClassName="border-t border-zinc-200 dark:border-zinc-800"
          columns={Object.values(TOKEN_COLUMNS)}
        >
          {tokens.map((token) => {
            const busy = revoke.isPending && revoke.variables === token.id;
            return (
              <tr key={token.id} data-testid="access-token-row">
                <DataCell column={TOKEN_COLUMNS.name} className="max-w-72 truncate px-5 py-2.5 font-medium" title={token.name}>
                  {token.name}
                </DataCell>
                <DataCell column={TOKEN_COLUMNS.scopes} className="px-5 py-2.5">
                  <ScopeList scopes={token.scopes} />
                </DataCell>
                <DataCell column={TOKEN_COLUMNS.created} className="px-5 py-2.5 whitespace-nowrap text-muted">
                  {tokenDate(token.createdAt, "")}
                </DataCell>
                <DataCell column={TOKEN_COLUMNS.expires} className="px-5 py-2.5 whitespace-nowrap text-muted">
                  {tokenDate(token.expiresAt, "Never")}
                </DataCell>
                <DataCell column={TOKEN_COLUMNS.lastUsed} className="px-5 py-2.5 whitespace-nowrap text-muted">
                  {lastUsedText(token.lastUsedAt)}
                </DataCell>
                <DataCell column={TOKEN_COLUMNS.actions} className="px-5 py-2 text-right whitespace-nowrap">
                  {token.state === "revoked" || token.state === "expired" ? (
                    <TokenStateBadge state={token.state} />
                  ) : (
                    <Button size="sm" variant="secondary" disabled={busy} aria-label={`Revoke the token ${token.name}`} onClick={() => revoke.mutate(token.id)}>
                      {busy ? "Revoking…" : "Revoke"}
                    </Button>
                  )}
                </DataCell>
              </tr>
            );
          })}
        </DataTable>
      )}
    </Card>
  );
}
