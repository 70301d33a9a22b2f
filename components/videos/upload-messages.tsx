import { Spinner } from "@/components/ui/spinner";
import { formatMegabytes } from "@/lib/assets/media-labels";
import type { PendingUpload } from "./use-input-uploads";

/** The files refused (each message names its file and rule) and what the studio changed in the accepted ones. */
export function UploadMessages({ problems, notices, testId }: { problems: string[]; notices: string[]; testId: string }) {
  return (
    <>
      {problems.length ? (
        <div role="alert" className="space-y-0.5 text-[13px] text-red-600 dark:text-red-400" data-testid={`${testId}-problems`}>
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      ) : null}
      {notices.length ? (
        <div role="status" className="space-y-0.5 text-xs text-zinc-600 dark:text-zinc-400" data-testid={`${testId}-notices`}>
          {notices.map((notice) => (
            <p key={notice}>{notice}</p>
          ))}
        </div>
      ) : null}
    </>
  );
}

/** A file being checked and uploaded. The upload is one request: it shows as under way, not as a percentage. */
export function PendingUploadRow({ upload }: { upload: PendingUpload }) {
  return (
    <div className="flex items-center gap-3 rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm dark:border-zinc-800 dark:bg-zinc-950/40" data-testid="video-upload-pending">
      <Spinner className="size-4 text-accent-600 dark:text-accent-400" />
      <span className="min-w-0 flex-1 truncate text-zinc-700 dark:text-zinc-300" title={upload.name}>
        {upload.name}
      </span>
      <span className="shrink-0 text-xs text-muted tabular-nums">Uploading · {formatMegabytes(upload.bytes)}</span>
    </div>
  );
}
