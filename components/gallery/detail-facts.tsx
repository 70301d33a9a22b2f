import type { ReactNode } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import type { GalleryItemDetailDto } from "@/lib/gallery/gallery-dto";
import { GALLERY_KIND_LABELS } from "@/lib/gallery/gallery-schemas";
import { formatDateTime, modelLabel } from "./gallery-format";
import { otherParams, requestedSeed, requestedSize } from "./request-params";

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-1.5">
      <dt className="shrink-0 text-[13px] text-zinc-500">{label}</dt>
      <dd className="min-w-0 text-right text-[13px] break-words text-zinc-800 tabular-nums dark:text-zinc-200" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-1">
      <h3 className="text-[11px] font-medium tracking-wide text-zinc-500 uppercase">{title}</h3>
      <dl className="divide-y divide-zinc-100 dark:divide-zinc-800/70">{children}</dl>
    </section>
  );
}

// Everything about the request that made an entry (issue 12): model, size, seed, tokens, the
// request id to quote, who made it and where it is shared, then every other stored parameter.
export function DetailFacts({ item }: { item: GalleryItemDetailDto }) {
  const { request } = item;
  const size = requestedSize(request.params);
  const first = item.outputs[0];
  const seed = requestedSeed(request.params);
  const rest = otherParams(request.params);
  return (
    <div className="space-y-5">
      <Section title="Entry">
        <Row label="Kind">{GALLERY_KIND_LABELS[item.kind]}</Row>
        <Row label="Model" testId="gallery-detail-model">
          {modelLabel(item.model)}
        </Row>
        <Row label="Creator" testId="gallery-detail-creator">
          {item.owner.name}
        </Row>
        <Row label="Shared" testId="gallery-detail-shared">
          {item.sharedWith ? `With ${item.sharedWith.name}` : "Private"}
        </Row>
        <Row label="Created">{formatDateTime(item.createdAt)}</Row>
      </Section>
      <Section title="Request">
        <Row label="Size">
          {size ?? "—"}
          {first?.width && first.height && size !== `${first.width}x${first.height}` ? <span className="block text-xs text-zinc-500">made {first.width}×{first.height}</span> : null}
        </Row>
        <Row label="Seed">{seed ? <span className="font-mono">{seed}</span> : "Random"}</Row>
        <Row label="Tokens">{request.tokens?.toLocaleString("en-US") ?? "—"}</Row>
        <Row label="Request id" testId="gallery-detail-request-id">
          {request.requestId ? (
            <span className="inline-flex items-center gap-1">
              <span className="font-mono text-xs break-all">{request.requestId}</span>
              <CopyButton value={request.requestId} label="Copy request id" />
            </span>
          ) : (
            "—"
          )}
        </Row>
      </Section>
      {rest.length > 0 ? (
        <Section title="Parameters">
          {rest.map((row) => (
            <Row key={row.label} label={row.label}>
              {row.value}
            </Row>
          ))}
        </Section>
      ) : null}
    </div>
  );
}
