"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { Switch } from "@/components/ui/switch";
import { OPEN_SIGN_UP_MEANING } from "@/lib/auth/messages";
import type { SiteSettingsDto } from "@/lib/auth/types";
import { api } from "@/lib/client/api";

export function SignUpSettings({ initialSettings }: { initialSettings: SiteSettingsDto }) {
  const [settings, setSettings] = useState(initialSettings);
  const save = useMutation({
    mutationFn: (openSignUp: boolean) => api<{ settings: SiteSettingsDto }>("/api/admin/settings", { method: "PATCH", json: { openSignUp } }),
    onSuccess: (answer) => setSettings(answer.settings),
  });
  const checked = save.isPending && save.variables !== undefined ? save.variables : settings.openSignUp;

  return (
    <Card className="space-y-3 p-5">
      <h2 className="text-sm font-semibold">Sign-up</h2>
      <Switch
        id="open-sign-up"
        label="Open sign-up"
        checked={checked}
        onChange={(value) => save.mutate(value)}
        description={OPEN_SIGN_UP_MEANING}
      />
      <p className="text-xs text-zinc-500" data-testid="sign-up-mode">
        {settings.openSignUp
          ? "On: the sign-up page is open to everyone."
          : "Off: people can create an account only with an invite link."}
      </p>
      {save.error ? (
        <Alert title="The setting was not saved" onDismiss={() => save.reset()}>
          {save.error.message}
        </Alert>
      ) : null}
    </Card>
  );
}
