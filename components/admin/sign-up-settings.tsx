"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { Switch } from "@/components/ui/switch";
import { OPEN_SIGN_UP_MEANING, TEAM_INVITES_CREATE_ACCOUNTS_MEANING } from "@/lib/auth/messages";
import type { SiteSettingsDto } from "@/lib/auth/types";
import { api } from "@/lib/client/api";
import { PUBLIC_SHARE_LINKS_MEANING } from "@/lib/gallery/share-link-rules";

export function SignUpSettings({ initialSettings }: { initialSettings: SiteSettingsDto }) {
  const [settings, setSettings] = useState(initialSettings);
  const save = useMutation({
    mutationFn: (changes: Partial<SiteSettingsDto>) => api<{ settings: SiteSettingsDto }>("/api/admin/settings", { method: "PATCH", json: changes }),
    onSuccess: (answer) => setSettings(answer.settings),
  });
  // While a change is on its way, its switch shows the value asked for.
  const shown = save.isPending && save.variables ? { ...settings, ...save.variables } : settings;

  return (
    <Card className="space-y-3 p-5">
      <h2 className="text-sm font-semibold">Sign-up and sharing</h2>
      <Switch
        id="open-sign-up"
        label="Open sign-up"
        checked={shown.openSignUp}
        onChange={(value) => save.mutate({ openSignUp: value })}
        description={OPEN_SIGN_UP_MEANING}
      />
      <p className="text-xs text-muted" data-testid="sign-up-mode">
        {settings.openSignUp
          ? "On: the sign-up page is open to everyone."
          : "Off: people can create an account only with an invite link."}
      </p>
      <Switch
        id="team-invites-create-accounts"
        label="Team invites create accounts"
        checked={shown.teamInvitesCreateAccounts}
        onChange={(value) => save.mutate({ teamInvitesCreateAccounts: value })}
        description={TEAM_INVITES_CREATE_ACCOUNTS_MEANING}
      />
      <p className="text-xs text-muted" data-testid="team-invites-mode">
        {settings.teamInvitesCreateAccounts
          ? "On: a team owner's invite link can create a new account."
          : "Off: a team owner's invite link only adds an existing account."}
      </p>
      <Switch
        id="public-share-links"
        label="Public share links"
        checked={shown.publicShareLinks}
        onChange={(value) => save.mutate({ publicShareLinks: value })}
        description={PUBLIC_SHARE_LINKS_MEANING}
      />
      <p className="text-xs text-muted" data-testid="public-links-mode">
        {settings.publicShareLinks
          ? "On: owners can make expiring public links to single entries."
          : "Off: nothing in the gallery can be opened without signing in."}
      </p>
      {save.error ? (
        <Alert title="The setting was not saved" onDismiss={() => save.reset()}>
          {save.error.message}
        </Alert>
      ) : null}
    </Card>
  );
}
