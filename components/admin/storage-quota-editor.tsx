"use client";

import { useState, type FormEvent } from "react";
import { lazyModule, moduleForSubmit } from "@/components/forms/lazy-module";
import { Button } from "@/components/ui/button";
import { inputClassWith, selectClassWith } from "@/components/ui/field";
import { formatStorageBytes, quotaBytesOf, STORAGE_QUOTA_UNITS, type StorageQuotaUnit } from "@/lib/storage-quota/quota-rules";

const quotaSchemas = lazyModule(() => import("@/lib/storage-quota/quota-schemas"));

type StorageQuotaEditorProps = {
  /** Names the inputs for screen readers: "Storage quota of Ana". */
  label: string;
  /** The quota set here, in bytes; null: none of its own. */
  value: number | null;
  /** What null means here: "site default" (a person or a team) or "no limit" (the site's defaults). */
  unsetLabel: string;
  pending: boolean;
  onSave: (bytes: number | null) => void;
};

/** Shows a quota and, on Change, takes a new one in MB, GB or TB (the same rule as the server's), or clears it. */
export function StorageQuotaEditor({ label, value, unsetLabel, pending, onSave }: StorageQuotaEditorProps) {
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function startEditing() {
    quotaSchemas.preload();
    setEditing(true);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    const schemas = moduleForSubmit(quotaSchemas, event);
    if (schemas === undefined) return;
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = { amount: String(form.get("amount") ?? ""), unit: String(form.get("unit")) as StorageQuotaUnit };
    // Unchecked (the schemas could not be loaded): the server's own check names any problem.
    const parsed = schemas === "unchecked" ? { success: true as const, data: quotaBytesOf(values.amount.trim(), values.unit) } : schemas.storageQuotaFormSchema.safeParse(values);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Amount is not a valid size");
      return;
    }
    setError(null);
    setEditing(false);
    onSave(parsed.data);
  }

  if (!editing) {
    return (
      <span className="inline-flex items-center gap-2">
        <span>{value === null ? unsetLabel : formatStorageBytes(value)}</span>
        <Button size="sm" variant="ghost" disabled={pending} aria-label={`Change ${label}`} onClick={startEditing}>
          {pending ? "Saving…" : "Change"}
        </Button>
      </span>
    );
  }
  const initial = initialAmount(value);
  return (
    <form onSubmit={submit} onFocus={quotaSchemas.preload} className="inline-flex flex-wrap items-center gap-1.5">
      <input name="amount" aria-label={`${label}, amount`} defaultValue={initial.amount} inputMode="decimal" className={inputClassWith("w-24 py-1")} aria-invalid={error ? true : undefined} />
      <select name="unit" aria-label={`${label}, unit`} defaultValue={initial.unit} className={selectClassWith("w-auto py-1")}>
        {Object.keys(STORAGE_QUOTA_UNITS).map((unit) => (
          <option key={unit}>{unit}</option>
        ))}
      </select>
      <Button size="sm" type="submit">
        Save
      </Button>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => {
          setEditing(false);
          onSave(null);
        }}
      >
        Use {unsetLabel}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
        Cancel
      </Button>
      {error ? (
        <span role="alert" className="w-full text-xs text-red-600 dark:text-red-400">
          {error}
        </span>
      ) : null}
    </form>
  );
}

function initialAmount(value: number | null): { amount: string; unit: StorageQuotaUnit } {
  if (value === null) return { amount: "", unit: "GB" };
  const unit: StorageQuotaUnit = value >= STORAGE_QUOTA_UNITS.TB ? "TB" : value >= STORAGE_QUOTA_UNITS.GB ? "GB" : "MB";
  return { amount: String(Number((value / STORAGE_QUOTA_UNITS[unit]).toFixed(3))), unit };
}
