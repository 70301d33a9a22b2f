/** An entry's details as short "key: value" lines; nested values as compact JSON. */
export function AuditDetails({ details }: { details: unknown }) {
  if (details === null || typeof details !== "object" || Array.isArray(details)) {
    return details === null || details === undefined ? <span className="text-muted">—</span> : <code className="text-xs">{JSON.stringify(details)}</code>;
  }
  const entries = Object.entries(details);
  if (entries.length === 0) return <span className="text-muted">—</span>;
  return (
    <dl className="space-y-0.5 text-xs">
      {entries.map(([key, value]) => (
        <div key={key} className="flex gap-1.5">
          <dt className="text-muted">{key}</dt>
          <dd className="min-w-0 font-mono break-all">{typeof value === "string" ? value : JSON.stringify(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
