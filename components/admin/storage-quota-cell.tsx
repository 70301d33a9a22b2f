"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "@/lib/client/api";
import { formatStorageBytes, storageUseText, type AdminStorageQuotaDto } from "@/lib/storage-quota/quota-rules";
import { StorageQuotaEditor } from "./storage-quota-editor";

type StorageQuotaCellProps = {
  /** The PUT route of this person's or team's quota. */
  url: string;
  /** "Ana" or "team Design", for the controls' labels. */
  name: string;
  usedBytes: number;
  quotaBytes: number | null;
  /** The site's default for its kind, which applies while it has no quota of its own. */
  defaultBytes: number | null;
};

/** A users or teams table's storage cell: what is used of which limit, and the quota set here. */
export function StorageQuotaCell({ url, name, usedBytes, quotaBytes, defaultBytes }: StorageQuotaCellProps) {
  const [row, setRow] = useState({ storageUsedBytes: usedBytes, storageQuotaBytes: quotaBytes });
  const save = useMutation({
    mutationFn: (limitBytes: number | null) => api<{ quota: AdminStorageQuotaDto }>(url, { method: "PUT", json: { limitBytes } }),
    onSuccess: ({ quota }) => setRow(quota),
  });
  const limitBytes = row.storageQuotaBytes ?? defaultBytes;
  const defaultLabel = defaultBytes === null ? "site default (no limit)" : `site default (${formatStorageBytes(defaultBytes)})`;
  return (
    <div className="space-y-1">
      <div className="whitespace-nowrap tabular-nums">{storageUseText({ usedBytes: row.storageUsedBytes, limitBytes })}</div>
      <div className="text-xs text-muted">
        <StorageQuotaEditor label={`storage quota of ${name}`} value={row.storageQuotaBytes} unsetLabel={defaultLabel} pending={save.isPending} onSave={(bytes) => save.mutate(bytes)} />
      </div>
      {save.error ? (
        <p role="alert" className="text-xs text-red-600 dark:text-red-400">
          {save.error.message}
        </p>
      ) : null}
    </div>
  );
}
