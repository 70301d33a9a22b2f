import { CopyButton } from "@/components/ui/copy-button";

/** The request id a failure carries (ClientError.requestId, a stored row's requestId): the one to quote to support. */
export function FailureRequestId({ requestId }: { requestId: string }) {
  return (
    <p className="flex min-w-0 items-center gap-1.5 text-xs">
      <span className="shrink-0 opacity-80">Request id</span>
      <span className="truncate font-mono">{requestId}</span>
      <CopyButton value={requestId} label="Copy request id" />
    </p>
  );
}
