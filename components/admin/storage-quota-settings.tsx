"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Card } from "@/components/ui/card";
import { MutationError } from "@/components/ui/mutation-error";
import { api } from "@/lib/client/api";
import type { StorageQuotaDefaultsDto } from "@/lib/storage-quota/quota-rules";
import { StorageQuotaEditor } from "./storage-quota-editor";

/** The site's default storage quotas, for people and teams without one of their own. */
export function StorageQuotaSettings({ initialDefaults }: { initialDefaults: StorageQuotaDefaultsDto }) {
  const router = useRouter();
  const [defaults, setDefaults] = useState(initialDefaults);
  const save = useMutation({
    mutationFn: (changes: Partial<StorageQuotaDefaultsDto>) => api<{ defaults: StorageQuotaDefaultsDto }>("/api/admin/storage-quotas", { method: "PATCH", json: changes }),
    onSuccess: (answer) => {
      setDefaults(answer.defaults);
      // The users and teams tables show what the defaults now make of their limits.
      router.refresh();
    },
  });
  const pending = (key: keyof StorageQuotaDefaultsDto) => save.isPending && save.variables?.[key] !== undefined;

  return (
    <Card className="space-y-3 p-5">
      <h2 className="text-sm font-semibold">Storage quotas</h2>
      <p className="text-xs text-muted">
        The most a person, or a team&apos;s work, may store, unless the users or teams table gives them their own. Uploads and new jobs past it are refused; nothing stored is removed.
      </p>
      <dl className="space-y-2 text-sm">
        <div>
          <dt className="text-muted">Per person</dt>
          <dd>
            <StorageQuotaEditor label="default storage quota per person" value={defaults.userStorageQuotaBytes} unsetLabel="no limit" pending={pending("userStorageQuotaBytes")} onSave={(bytes) => save.mutate({ userStorageQuotaBytes: bytes })} />
          </dd>
        </div>
        <div>
          <dt className="text-muted">Per team</dt>
          <dd>
            <StorageQuotaEditor label="default storage quota per team" value={defaults.teamStorageQuotaBytes} unsetLabel="no limit" pending={pending("teamStorageQuotaBytes")} onSave={(bytes) => save.mutate({ teamStorageQuotaBytes: bytes })} />
          </dd>
        </div>
      </dl>
      <MutationError mutation={save} title="The quota was not saved" />
    </Card>
  );
}
