import { Card } from "@/components/ui/card";
import { storageUseText, type AccountStorageDto, type StorageUseDto } from "@/lib/storage-quota/quota-rules";

/** "X of Y used" for the person and the team they work in now. */
export function AccountStorageCard({ storage }: { storage: AccountStorageDto }) {
  return (
    <Card className="h-fit p-5">
      <h2 className="mb-1 text-sm font-semibold">Storage</h2>
      <p className="mb-4 text-xs text-muted">Everything you upload and make counts; deleting it from the gallery frees its room.</p>
      <dl className="space-y-3 text-sm">
        <StorageRow label="You" use={storage.user} />
        {storage.team ? <StorageRow label={`Team ${storage.team.name}`} use={storage.team} /> : null}
      </dl>
    </Card>
  );
}

function StorageRow({ label, use }: { label: string; use: StorageUseDto }) {
  const limit = use.limitBytes;
  return (
    <div>
      <dt className="text-muted">{label}</dt>
      <dd className="tabular-nums" data-testid="storage-use">
        {storageUseText(use)}
      </dd>
      {limit !== null ? (
        <div className="mt-1 h-1.5 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800" aria-hidden>
          <div className={`h-full ${use.usedBytes >= limit ? "bg-red-500" : "bg-accent-500"}`} style={{ width: `${limit === 0 ? 100 : Math.min(100, (use.usedBytes / limit) * 100)}%` }} />
        </div>
      ) : null}
    </div>
  );
}
