import type { ReactNode } from "react";
import type { AssetDto } from "@/lib/assets/asset-dto";

type Props = {
  text: string;
  images: readonly Pick<AssetDto, "id" | "delivery">[];
  /** Non-default settings the message was sent with. */
  settings: readonly string[];
  /** The version switcher when the message has siblings. */
  switcher?: ReactNode;
  /** Opens an attached image large; absent while the message is still on its way. */
  onOpenImage?: (index: number) => void;
};

// The right-hand side of a turn: what the designer asked for, with the images they attached.
export function UserMessage({ text, images, settings, switcher, onOpenImage }: Props) {
  return (
    <div className="flex flex-col items-end gap-1.5 pl-10 sm:pl-16">
      {switcher}
      <div className="max-w-full rounded-2xl rounded-tr-md bg-accent-600 px-4 py-2.5 text-sm text-white shadow-sm" data-testid="user-message">
        <p className="break-words whitespace-pre-wrap">{text}</p>
      </div>
      {images.length ? (
        <ul className="flex flex-wrap justify-end gap-1.5" aria-label="Attached images">
          {images.map((image, index) => (
            <li key={`${image.id}-${index}`}>
              {onOpenImage ? (
                <button
                  type="button"
                  onClick={() => onOpenImage(index)}
                  aria-label={`Open attached image ${index + 1}`}
                  className="block size-16 overflow-hidden rounded-lg border border-zinc-200 transition hover:ring-2 hover:ring-accent-500 dark:border-zinc-700"
                >
                  <img src={image.delivery.thumbnailUrl ?? image.delivery.url} alt="" className="size-full object-cover" />
                </button>
              ) : (
                <img src={image.delivery.thumbnailUrl ?? image.delivery.url} alt="" className="size-16 rounded-lg border border-zinc-200 object-cover dark:border-zinc-700" />
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {settings.length ? <p className="text-[11px] text-muted">{settings.join(" · ")}</p> : null}
    </div>
  );
}
