"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import type { ReferenceImage } from "@/components/images/reference-image";
import { useLazyModule } from "@/components/forms/use-lazy-module";
import { ReferenceImagesInput } from "@/components/images/reference-images-input";
import { Spinner } from "@/components/ui/spinner";
import { buildUserMessage, previewImageTrim } from "@/lib/chat/assemble-messages";
import type { ClientError } from "@/lib/error-codes";
import { ALPHA_IMAGE_MIME_TYPES, ALPHA_V35_MAX_IMAGE_BYTES, ALPHA_V35_MAX_IMAGES_PER_TURN } from "@/lib/upstream/alpha/limits";
import { ComposerSettings } from "./composer-settings";
import { Icon } from "./icons";
import { turnChecks } from "./turn-checks-module";
import { turnFormInput, type DraftField, type TurnRequestValues, type TurnSettings } from "./turn-settings";
import type { SendOutcome } from "./use-send-turn";
import { BudgetsLeft } from "@/components/budgets/budgets-left";
import { UpstreamNotices } from "@/components/upstreams/upstream-notices";

/** What the composer starts with; a new `key` (from the parent) starts it over, e.g. for "edit & retry". */
export type ComposerPrefill = { key: number; text: string; images: ReferenceImage[]; settings: TurnSettings };

type Props = {
  prefill: ComposerPrefill;
  /** Shown above the input: where the message will go (a new branch, a retry) and notices. */
  banner?: ReactNode;
  /** Images the history of the next request already holds (spec 4.2 rule 1 counts them too). */
  carriedImages: number;
  /** A turn of this conversation is generating; the next can be written but not sent yet. */
  busy: boolean;
  /** Changes when the composer should take the focus (e.g. after "edit from here"). */
  focusSignal: number;
  placeholder: string;
  onSend: (values: TurnRequestValues) => Promise<SendOutcome>;
};

export function Composer({ prefill, banner, carriedImages, busy, focusSignal, placeholder, onSend }: Props) {
  const [text, setText] = useState(prefill.text);
  const [images, setImages] = useState(prefill.images);
  const [settings, setSettings] = useState(prefill.settings);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [imagesOpen, setImagesOpen] = useState(prefill.images.length > 0);
  const [triedToSend, setTriedToSend] = useState(false);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<ClientError>();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const checks = useLazyModule(turnChecks);

  useEffect(() => {
    if (focusSignal) textarea.current?.focus();
  }, [focusSignal]);

  // The same schema the server applies, on every keystroke once the composer has loaded it (it
  // starts on focus; lib/images/alpha-schemas).
  const draft = turnFormInput(text, images, settings);
  const { problems } = checks.current?.checkDraft(draft) ?? { problems: {} };
  const hasProblems = Object.keys(problems).length > 0;
  // The images of the request this message would become: the history's, then its own (spec 4.2 rule 1).
  const trim = previewImageTrim([buildUserMessage(text, images.map((image) => image.url))], carriedImages);
  const blocked = busy || sending;

  async function submit() {
    setTriedToSend(true);
    checks.preload();
    const loaded = await turnChecks.load();
    // Without the schema (it failed to load), the draft goes as is and the server's check is the one shown.
    const verdict: { values?: TurnRequestValues; problems: Partial<Record<DraftField, string>> } = loaded ? loaded.checkDraft(draft) : { values: draft, problems: {} };
    const { values, problems } = verdict;
    if (!values) {
      if (problems.size || problems.seed || problems.footnote || problems.resizeMaxPixels) setSettingsOpen(true);
      return;
    }
    if (blocked) return;
    setSending(true);
    setRefusal(undefined);
    const outcome = await onSend(values);
    setSending(false);
    if (!outcome.ok) {
      setRefusal(outcome.error);
      return;
    }
    setText("");
    setImages([]);
    setImagesOpen(false);
    setTriedToSend(false);
  }

  return (
    <form
      aria-label="Compose a message"
      className="space-y-2 px-4 pt-3 pb-4 sm:px-5"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      onFocus={checks.preload}
      onDragEnter={() => setImagesOpen(true)}
    >
      {banner}
      <UpstreamNotices services={["image"]} testId="composer-upstream-notice" />
      <BudgetsLeft />
      {refusal ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300">
          Not sent: {refusal.message}
        </p>
      ) : null}
      {trim.willTrim ? (
        <p role="status" data-testid="image-limit-warning" className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200">
          <Icon name="warning" className="mt-0.5 size-4" />
          <span>
            This request would carry {trim.totalImages} images{" "}
            {images.length ? `(${carriedImages} from the conversation, ${images.length} attached)` : "from the conversation"}. The service keeps{" "}
            {trim.limit} and will drop the oldest {trim.droppedOldest === 1 ? "image" : `${trim.droppedOldest} images`}, earliest turns first.
          </span>
        </p>
      ) : null}
      <div className={imagesOpen || images.length > 0 ? "" : "hidden"}>
        <ReferenceImagesInput
          purpose="alpha-v35"
          label="Images for this message"
          max={ALPHA_V35_MAX_IMAGES_PER_TURN}
          maxBytes={ALPHA_V35_MAX_IMAGE_BYTES}
          accept={ALPHA_IMAGE_MIME_TYPES}
          value={images}
          onChange={setImages}
          pasteTarget
          onProblem={() => setImagesOpen(true)}
        />
        {problems.images ? (
          <p role="alert" className="mt-1 text-sm text-red-600 dark:text-red-400">
            {problems.images}
          </p>
        ) : null}
      </div>
      <div className="rounded-2xl border border-zinc-300 bg-white shadow-sm transition-colors focus-within:border-accent-500 focus-within:ring-2 focus-within:ring-accent-500/25 dark:border-zinc-700 dark:bg-zinc-950">
        <label htmlFor="chat-message" className="sr-only">
          Message
        </label>
        <textarea
          id="chat-message"
          ref={textarea}
          rows={2}
          value={text}
          placeholder={placeholder}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void submit();
            }
          }}
          aria-invalid={triedToSend && problems.text ? true : undefined}
          className="field-sizing-content block max-h-48 min-h-14 w-full resize-none rounded-t-2xl bg-transparent px-4 pt-3 text-sm text-zinc-900 placeholder:text-zinc-400 focus:outline-none dark:text-zinc-100"
        />
        <div className="flex items-center gap-2 px-2.5 pt-1 pb-2.5">
          <button
            type="button"
            onClick={() => setImagesOpen((open) => !open || images.length > 0)}
            aria-expanded={imagesOpen || images.length > 0}
            className="inline-flex h-8 items-center gap-1.5 rounded-lg px-2.5 text-sm text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
          >
            <Icon name="photo" />
            Images
            {images.length ? <span className="rounded-full bg-accent-100 px-1.5 text-xs font-medium text-accent-700 dark:bg-accent-500/20 dark:text-accent-400">{images.length}</span> : null}
          </button>
          <span
            className={`ml-auto text-xs tabular-nums ${trim.willTrim ? "font-medium text-amber-700 dark:text-amber-300" : "text-muted"}`}
            title={`Images the next request carries: the conversation's history plus this message's (the service keeps at most ${trim.limit})`}
            data-testid="request-image-count"
          >
            {trim.totalImages}/{trim.limit} images
          </span>
          <button
            type="submit"
            disabled={blocked || (triedToSend && hasProblems)}
            aria-label={busy ? "Generating — wait or cancel" : "Send"}
            title={busy ? "A turn is generating" : "Send (Enter)"}
            className="grid size-9 place-items-center rounded-xl bg-accent-600 text-white shadow-sm transition-colors hover:bg-accent-700 disabled:cursor-not-allowed disabled:bg-zinc-300 dark:disabled:bg-zinc-700"
          >
            {blocked ? <Spinner className="size-4" /> : <Icon name="send" className="size-5" />}
          </button>
        </div>
      </div>
      {triedToSend && problems.text ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {problems.text}
        </p>
      ) : null}
      <ComposerSettings settings={settings} onChange={setSettings} problems={problems} open={settingsOpen} onToggle={() => setSettingsOpen((open) => !open)} />
    </form>
  );
}
