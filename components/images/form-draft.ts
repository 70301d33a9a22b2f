// A generator form's draft kept in the tab's sessionStorage, so leaving the page and coming back
// (a link, back/forward) finds the form as it was left. Browser-only; pure apart from the storage.

const PREFIX = "studio:draft:";

/** Whether `value` has exactly the fields of `template`, each of the same kind (a stored draft from an older form is dropped). */
export function hasShapeOf<S extends object>(template: S, value: unknown): value is S {
  if (!value || typeof value !== "object" || Array.isArray(value)) return false;
  const keys = Object.keys(template);
  if (Object.keys(value).length !== keys.length) return false;
  return keys.every((key) => {
    const expected = (template as Record<string, unknown>)[key];
    const actual = (value as Record<string, unknown>)[key];
    return Array.isArray(expected) ? Array.isArray(actual) : typeof actual === typeof expected && (expected === null) === (actual === null);
  });
}

export function readDraft<S extends object>(name: string, template: S): S | undefined {
  try {
    const raw = window.sessionStorage.getItem(PREFIX + name);
    const value: unknown = raw ? JSON.parse(raw) : undefined;
    return hasShapeOf(template, value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function writeDraft(name: string, form: object): void {
  try {
    window.sessionStorage.setItem(PREFIX + name, JSON.stringify(form));
  } catch {
    // Storage full or refused (private mode): the draft is only a convenience.
  }
}
