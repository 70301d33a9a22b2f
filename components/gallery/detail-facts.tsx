import { CopyButton } from "@/components/ui/copy-button";
import type { GalleryItemDetailDto } from "@/lib/gallery/gallery-dto";
import { GALLERY_KIND_LABELS } from "@/lib/gallery/gallery-rules";
import { formatDateTime, modelLabel } from "./gallery-format";
import { otherParams, requestedSeed, requestedSize, seedWasRandom } from "./request-params";
import { FactRow, FactSection } from "@/components/ui/fact-list";

// Everything about the request that made an entry: model, size, seed, tokens, the
// request id to quote, who made it and where it is shared, then every other stored parameter.
export function DetailFacts({ item }: { item: GalleryItemDetailDto }) {
  const { request } = item;
  const size = requestedSize(request.params);
  const first = item.outputs[0];
  const seed = requestedSeed(request.params);
  const rest = otherParams(request.params);
  return (
    <div className="space-y-5">
      <FactSection title="Entry">
        <FactRow label="Kind">{GALLERY_KIND_LABELS[item.kind]}</FactRow>
        <FactRow label="Model" testId="gallery-detail-model">
          {modelLabel(item.model)}
        </FactRow>
        <FactRow label="Creator" testId="gallery-detail-creator">
          {item.owner.name}
        </FactRow>
        <FactRow label="Shared" testId="gallery-detail-shared">
          {item.sharedWith ? `With ${item.sharedWith.name}` : "Private"}
        </FactRow>
        <FactRow label="Created">{formatDateTime(item.createdAt)}</FactRow>
      </FactSection>
      <FactSection title="Request">
        <FactRow label="Size">
          {size ?? "—"}
          {first?.width && first.height && size !== `${first.width}×${first.height}` ? <span className="block text-xs text-muted">made {first.width}×{first.height}</span> : null}
        </FactRow>
        <FactRow label="Seed" testId="gallery-detail-seed">
          {seed ? <span className="font-mono">{seed}</span> : "Random"}
          {seed && seedWasRandom(request.params) ? <span className="block text-xs text-muted">picked at random</span> : null}
        </FactRow>
        <FactRow label="Tokens">{request.tokens?.toLocaleString("en-US") ?? "—"}</FactRow>
        <FactRow label="Request id" testId="gallery-detail-request-id">
          {request.requestId ? (
            <span className="inline-flex items-center gap-1">
              <span className="font-mono text-xs break-all">{request.requestId}</span>
              <CopyButton value={request.requestId} label="Copy request id" />
            </span>
          ) : (
            "—"
          )}
        </FactRow>
      </FactSection>
      {rest.length > 0 ? (
        <FactSection title="Parameters">
          {rest.map((row) => (
            <FactRow key={row.label} label={row.label}>
              {row.value}
            </FactRow>
          ))}
        </FactSection>
      ) : null}
    </div>
  );
}
