"use client";

import { lazy, Suspense, type ReactNode } from "react";

/**
 * A component whose code loads the first time it renders, not with the page: for what only an
 * interaction shows (a dialog, a full-size viewer). Nothing is shown while it loads. React's own
 * `lazy`, not next/dynamic, whose loader would add its own code to every page that uses it. Such a
 * component never renders on the server, where it would wait for its code.
 */
export function onDemand<Props extends object>(load: () => Promise<(props: Props) => ReactNode>): (props: Props) => ReactNode {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function OnDemand(props: Props) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
