"use client";

import { useState } from "react";
import type { FieldErrors } from "./field-errors";

// Which rules a generator form shows: a field's live rule once it has been edited (every field once
// Generate was pressed), and the server's refusal of a field until that field is edited again.
export function useShownFieldErrors<F extends string>(fields: readonly F[], live: FieldErrors<F>, server: FieldErrors<F>) {
  const [edited, setEdited] = useState<ReadonlySet<F>>(new Set());
  const [editedSinceSubmit, setEditedSinceSubmit] = useState<ReadonlySet<F>>(new Set());
  const [submitted, setSubmitted] = useState(false);

  const shown = Object.fromEntries(
    fields.map((field) => {
      const liveShown = submitted || edited.has(field) ? (live[field] ?? []) : [];
      const serverShown = editedSinceSubmit.has(field) ? [] : (server[field] ?? []);
      return [field, [...new Set([...liveShown, ...serverShown])]];
    }),
  ) as FieldErrors<F>;

  return {
    shown,
    /** The designer changed these fields. */
    touch(...changed: F[]) {
      setEdited((current) => new Set([...current, ...changed]));
      setEditedSinceSubmit((current) => new Set([...current, ...changed]));
    },
    /** Generate was pressed: every rule shows from now on. */
    submit() {
      setSubmitted(true);
    },
    /** The request was sent: the server's answer to it is shown fresh. */
    sent() {
      setEditedSinceSubmit(new Set());
    },
    /** The form was refilled (reuse settings): nothing has been edited yet. */
    reset() {
      setEdited(new Set());
      setEditedSinceSubmit(new Set());
      setSubmitted(false);
    },
  };
}
