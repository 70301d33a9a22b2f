"use client";

import { useEffect, useState } from "react";

export type LoadedImages = {
  /** Decoded images by asset id, ready to draw on a canvas. */
  elements: ReadonlyMap<string, HTMLImageElement>;
  /** Natural sizes, for assets the server stored without one. */
  sizes: ReadonlyMap<string, { width: number; height: number }>;
  state: "loading" | "ready" | "failed";
};

const LOADING: LoadedImages = { elements: new Map(), sizes: new Map(), state: "loading" };

function decodeImage(url: string): Promise<HTMLImageElement> {
  const element = new Image();
  // The studio's own asset links are same-origin, so the canvas stays readable for exports and tests.
  element.decoding = "async";
  element.src = url;
  return element.decode().then(() => element);
}

/** Every image decoded once, for the composite and the exports; "failed" when any cannot be read. */
export function useLoadedImages(images: readonly { id: string; url: string }[]): LoadedImages & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const key = `${attempt}\n${images.map((image) => `${image.id} ${image.url}`).join("\n")}`;
  const [loaded, setLoaded] = useState<{ key: string; value: LoadedImages }>({ key: "", value: LOADING });

  useEffect(() => {
    let current = true;
    const sources = key
      .split("\n")
      .slice(1)
      .filter(Boolean)
      .map((line) => line.split(" ") as [string, string]);
    Promise.all(sources.map(async ([id, url]) => [id, await decodeImage(url)] as const)).then(
      (entries) => {
        if (!current) return;
        const elements = new Map(entries);
        const sizes = new Map(entries.map(([id, element]) => [id, { width: element.naturalWidth, height: element.naturalHeight }]));
        setLoaded({ key, value: { elements, sizes, state: "ready" } });
      },
      () => {
        if (current) setLoaded({ key, value: { ...LOADING, state: "failed" } });
      },
    );
    return () => {
      current = false;
    };
  }, [key]);

  return { ...(loaded.key === key ? loaded.value : LOADING), retry: () => setAttempt((count) => count + 1) };
}
