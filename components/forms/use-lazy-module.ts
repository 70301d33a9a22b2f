"use client";

import { useCallback, useState } from "react";
import type { LazyModule } from "./lazy-module";

/**
 * A lazy module for checks made while rendering (as the designer types, or to show stored settings):
 * `current` is undefined until `preload` (on the form's focus, or on mount) has loaded it, and the
 * component renders again when it arrives. Until then the check is skipped: the server checks anyway.
 */
export function useLazyModule<T>(module: LazyModule<T>): { current: T | undefined; preload: () => void } {
  const [current, setCurrent] = useState<T | undefined>(module.current);
  const preload = useCallback(() => {
    if (current) return;
    void module.load().then((loaded) => {
      if (loaded) setCurrent(() => loaded);
    });
  }, [module, current]);
  return { current, preload };
}
