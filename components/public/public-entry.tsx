import { formatDateTime, modelLabel } from "@/components/gallery/gallery-format";
import { Logo } from "@/components/shell/logo";
import { GALLERY_KIND_LABELS } from "@/lib/gallery/gallery-rules";
import type { PublicEntryDto, PublicFileDto } from "@/lib/gallery/public-entry-dto";

// The page a public link opens: the entry's files, prompt and model, for someone who is
// not signed in. No owner, team or studio navigation is shown.
export function PublicEntry({ entry }: { entry: PublicEntryDto }) {
  return (
    <main className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <header className="flex items-center justify-between gap-4">
        <Logo />
        <span className="text-xs text-muted">Shared link · available until <span data-testid="public-expires">{formatDateTime(entry.expiresAt)}</span></span>
      </header>
      <section className="space-y-4 rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <div className={entry.files.length > 1 ? "grid gap-4 sm:grid-cols-2 lg:grid-cols-3" : "grid"}>
          {entry.files.map((file) => (
            <PublicFile key={file.id} file={file} />
          ))}
        </div>
        <dl className="grid gap-3 text-sm sm:grid-cols-[8rem_1fr]">
          <dt className="text-muted">Prompt</dt>
          <dd className="whitespace-pre-wrap" data-testid="public-prompt">
            {entry.prompt}
          </dd>
          <dt className="text-muted">Model</dt>
          <dd data-testid="public-model">{modelLabel(entry.model)}</dd>
          <dt className="text-muted">Kind</dt>
          <dd>{GALLERY_KIND_LABELS[entry.kind]}</dd>
        </dl>
      </section>
    </main>
  );
}

function PublicFile({ file }: { file: PublicFileDto }) {
  if (file.mime.startsWith("video/")) {
    return <video controls playsInline preload="metadata" src={file.url} className="w-full rounded-lg bg-black" data-testid="public-video" />;
  }
  return (
    <img
      src={file.url}
      alt=""
      width={file.width ?? undefined}
      height={file.height ?? undefined}
      className="mx-auto h-auto max-h-[80vh] w-auto max-w-full rounded-lg bg-zinc-100 object-contain dark:bg-zinc-800"
      data-testid="public-image"
    />
  );
}
