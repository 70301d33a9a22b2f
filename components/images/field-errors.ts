import type { ShownError } from "./use-generation-job";

// The rules a generator form breaks, by field: from the shared schema in the browser, and from the
// server's refusal (the studio's 400 `fields`, or the image service's one `field`). Pure.

export type FieldErrors<F extends string> = Partial<Record<F, string[]>>;

/** Maps a path as the schema, the server or the upstream names it to the form field that shows it. */
export type FieldOfPath<F extends string> = (path: string) => F | undefined;

/** The field a path starts with (`images.0.bytes`, `images[1]` → images), when the form has it. */
export function headField<F extends string>(fields: readonly F[], path: string): F | undefined {
  const head = path.split(/[.[]/)[0];
  return (fields as readonly string[]).includes(head) ? (head as F) : undefined;
}

/**
 * Why a form's send button (`action`, as the button says it) is off: the first field, in the form's
 * order, that shows a broken rule, pointed to rather than repeated (the field shows its words). A
 * rule the form does not show yet (a field nobody has edited before the button was pressed) holds
 * nothing: the press shows it.
 */
export function heldReason<F extends string>(action: string, fields: readonly F[], labels: Record<F, string>, shown: FieldErrors<F>): string | undefined {
  const field = fields.find((candidate) => shown[candidate]?.length);
  return field ? `${action} is off: see the ${labels[field]} above.` : undefined;
}

export function addFieldError<F extends string>(errors: FieldErrors<F>, field: F, message: string): FieldErrors<F> {
  const existing = errors[field] ?? [];
  return existing.includes(message) ? errors : { ...errors, [field]: [...existing, message] };
}

/** A failed safeParse's issues, each on its field; an issue no field shows is left to the server's answer. */
export function issueFieldErrors<F extends string>(issues: readonly { path: readonly PropertyKey[]; message: string }[], fieldOf: FieldOfPath<F>): FieldErrors<F> {
  return issues.reduce<FieldErrors<F>>((errors, issue) => {
    const field = fieldOf(issue.path.map(String).join("."));
    return field ? addFieldError(errors, field, issue.message) : errors;
  }, {});
}

/** Field problems the server named: the studio's 400 (`fields`) or the upstream's (`field`, spec 7.1, 7.2). */
export function serverFieldErrors<F extends string>(error: ShownError | undefined, fieldOf: FieldOfPath<F>): FieldErrors<F> {
  if (!error) return {};
  const named = error.fields?.length ? error.fields : error.field ? [{ field: error.field, message: error.message }] : [];
  return named.reduce<FieldErrors<F>>((errors, problem) => {
    const field = fieldOf(problem.field);
    return field ? addFieldError(errors, field, problem.message) : errors;
  }, {});
}
