// A form's shared zod schemas weigh more than most pages' own code: a form loads their module when
// it is first focused, not with the page, and still checks with the very schemas the server uses.

export type LazyModule<T> = {
  /** Starts loading (once); a form calls it when it gets focus, so the module is there by the time it is sent. */
  preload: () => void;
  /** The module once loaded; undefined while it loads. */
  current: () => T | undefined;
  /** Whether loading failed (offline, a new deployment): the form then leaves the check to the server. */
  failed: () => boolean;
  /** The module, loading it if need be; undefined when loading failed. */
  load: () => Promise<T | undefined>;
};

export function lazyModule<T>(load: () => Promise<T>): LazyModule<T> {
  let loaded: T | undefined;
  let failed = false;
  let loading: Promise<T | undefined> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => (loaded = module),
      () => {
        failed = true;
        return undefined;
      },
    );
  };
  return {
    preload,
    current: () => loaded,
    failed: () => failed,
    load: () => {
      preload();
      return loading as Promise<T | undefined>;
    },
  };
}

/**
 * For a form's submit handler: the module when it is loaded (check with it), or undefined after
 * stopping this submit and sending the form again once the module has arrived (or failed to, when
 * the server's own check is all there is). Returns "unchecked" when loading failed.
 */
export function moduleForSubmit<T>(module: LazyModule<T>, event: { preventDefault(): void; currentTarget: HTMLFormElement }): T | "unchecked" | undefined {
  const current = module.current();
  if (current) return current;
  if (module.failed()) return "unchecked";
  event.preventDefault();
  const form = event.currentTarget;
  void module.load().then(() => form.requestSubmit());
  return undefined;
}
