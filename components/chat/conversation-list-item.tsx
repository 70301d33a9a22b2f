"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { inputClass } from "@/components/ui/field";
import { lazyModule, moduleForSubmit } from "@/components/forms/lazy-module";
import { useLazyModule } from "@/components/forms/use-lazy-module";
import { Icon } from "./icons";
import { TimeAgo } from "@/components/ui/local-time";
import { useRunningInConversation } from "@/components/jobs/use-running-in-conversation";
import { useDeleteConversation, useRenameConversation, type ConversationSummary } from "./use-conversation";

export function ConversationListItem({ conversation, active, onNavigate }: { conversation: ConversationSummary; active: boolean; onNavigate?: () => void }) {
  const [renaming, setRenaming] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const running = useRunningInConversation(conversation.id);

  return (
    <li className="group relative">
      {renaming ? (
        <RenameForm conversation={conversation} onDone={() => setRenaming(false)} />
      ) : (
        <Link
          href={`/chat/${conversation.id}`}
          onClick={onNavigate}
          aria-current={active ? "page" : undefined}
          className={`flex items-center gap-3 rounded-lg py-2 pr-16 pl-2 transition-colors ${
            active ? "bg-accent-50 dark:bg-accent-500/15" : "hover:bg-zinc-100 lg:pr-2 lg:group-focus-within:pr-16 lg:group-hover:pr-16 dark:hover:bg-zinc-800/70"
          }`}
        >
          <span className="grid size-10 shrink-0 place-items-center overflow-hidden rounded-lg border border-zinc-200 bg-zinc-100 text-muted dark:border-zinc-700 dark:bg-zinc-800">
            {conversation.thumbnailUrl ? <img src={conversation.deliveryThumbnailUrl ?? conversation.thumbnailUrl} alt="" className="size-full object-cover" /> : <Icon name="chat" />}
          </span>
          <span className="min-w-0 flex-1">
            <span className={`block truncate text-sm font-medium ${active ? "text-accent-700 dark:text-accent-400" : ""}`}>{conversation.title}</span>
            <span className="block truncate text-xs text-muted">
              {running ? (
                <span className="font-medium text-accent-700 dark:text-accent-400" data-testid="conversation-running">
                  <span className="mr-1 inline-block size-1.5 animate-pulse rounded-full bg-accent-500 align-middle" aria-hidden />
                  {running === 1 ? "Generating" : `${running} generating`} ·{" "}
                </span>
              ) : null}
              {conversation.turnCount} {conversation.turnCount === 1 ? "turn" : "turns"} · <TimeAgo iso={conversation.updatedAt} />
            </span>
          </span>
        </Link>
      )}
      {renaming ? null : (
        <div
          className={`absolute top-1/2 right-2 flex -translate-y-1/2 gap-0.5 transition-opacity ${
            active ? "opacity-100" : "opacity-100 lg:opacity-0 lg:group-focus-within:opacity-100 lg:group-hover:opacity-100"
          }`}
        >
          <IconButton label={`Rename “${conversation.title}”`} icon="pencil" onClick={() => setRenaming(true)} />
          <IconButton label={`Delete “${conversation.title}”`} icon="trash" onClick={() => setConfirmingDelete(true)} danger />
        </div>
      )}
      <DeleteConversationDialog conversation={conversation} active={active} open={confirmingDelete} onClose={() => setConfirmingDelete(false)} />
    </li>
  );
}

function IconButton({ label, icon, onClick, danger = false }: { label: string; icon: "pencil" | "trash"; onClick: () => void; danger?: boolean }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className={`rounded-md p-1.5 text-muted transition-colors hover:bg-white dark:hover:bg-zinc-700 ${danger ? "hover:text-red-600 dark:hover:text-red-400" : "hover:text-zinc-900 dark:hover:text-white"}`}
    >
      <Icon name={icon} />
    </button>
  );
}

const chatSchemas = lazyModule(() => import("@/lib/chat/schemas"));

function RenameForm({ conversation, onDone }: { conversation: ConversationSummary; onDone: () => void }) {
  const [title, setTitle] = useState(conversation.title);
  const rename = useRenameConversation();
  const schemas = useLazyModule(chatSchemas);
  // Checked as it is typed once the schema has loaded (it starts when the form opens); the server checks anyway.
  const parsed = schemas.current?.renameConversationSchema.safeParse({ title });
  const problem = parsed && !parsed.success ? parsed.error.issues[0]?.message : undefined;
  const error = problem ?? rename.error?.message;
  const { preload } = schemas;
  useEffect(preload, [preload]);

  return (
    <form
      className="px-2 py-1.5"
      onSubmit={(event) => {
        const loaded = moduleForSubmit(chatSchemas, event);
        if (loaded === undefined) return;
        event.preventDefault();
        const checked = loaded === "unchecked" ? { success: true as const, data: { title } } : loaded.renameConversationSchema.safeParse({ title });
        if (!checked.success) return;
        rename.mutate({ id: conversation.id, title: checked.data.title }, { onSuccess: onDone });
      }}
    >
      <label className="sr-only" htmlFor={`rename-${conversation.id}`}>
        Conversation title
      </label>
      <input
        id={`rename-${conversation.id}`}
        value={title}
        autoFocus
        onFocus={(event) => event.target.select()}
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={(event) => event.key === "Escape" && onDone()}
        aria-invalid={error ? true : undefined}
        className={inputClass}
      />
      {error ? (
        <p role="alert" className="mt-1 text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <div className="mt-2 flex justify-end gap-2">
        <Button size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button size="sm" type="submit" disabled={problem !== undefined || rename.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}

function DeleteConversationDialog({ conversation, active, open, onClose }: { conversation: ConversationSummary; active: boolean; open: boolean; onClose: () => void }) {
  const router = useRouter();
  const remove = useDeleteConversation();
  return (
    <Dialog open={open} onClose={onClose} title="Delete conversation?">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        “{conversation.title}” leaves your list. The images it produced stay among your images, where you can still pick them as references.
      </p>
      {remove.error ? (
        <p role="alert" className="mt-3 text-sm text-red-600 dark:text-red-400">
          {remove.error.message}
        </p>
      ) : null}
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Keep it
        </Button>
        <Button
          variant="danger"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(conversation.id, {
              onSuccess: () => {
                onClose();
                if (active) router.push("/chat");
              },
            })
          }
        >
          Delete
        </Button>
      </div>
    </Dialog>
  );
}
