"use client";

import { useEffect, useRef, useState } from "react";
import { inputClassWith } from "@/components/ui/field";
import { GALLERY_SEARCH_MAX_CHARS } from "@/lib/gallery/gallery-rules";

/** Typing pauses this long before the list is asked again. */
const SEARCH_DEBOUNCE_MS = 250;

// The search over prompts: what is typed goes to the address (and so to the list) once typing pauses;
// the back button's older search comes back into the box.
export function GallerySearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(value);
  const sent = useRef(value);

  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    if (text.trim() === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = text.trim();
      onSearch(text.trim());
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);

  return (
    <div className="relative min-w-0 flex-1 sm:max-w-sm">
      <svg viewBox="0 0 20 20" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" fill="none" stroke="currentColor" strokeWidth={1.6} strokeLinecap="round" aria-hidden>
        <path d="M9 15.5a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13ZM17.5 17.5 13.7 13.7" />
      </svg>
      <input
        type="search"
        aria-label="Search prompts"
        placeholder="Search prompts"
        maxLength={GALLERY_SEARCH_MAX_CHARS}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className={inputClassWith("pl-9")}
        data-testid="gallery-search"
      />
    </div>
  );
}
