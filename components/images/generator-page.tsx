"use client";

import type { ReactNode } from "react";
import type { FollowedRequest } from "./followed-request";
import { VariationSetProgress } from "./variation-set-progress";

type Props = {
  /** Prefix of the test ids ("alpha", "beta"). */
  name: string;
  form: ReactNode;
  request: FollowedRequest;
  results: ReactNode;
};

// A generator page: the request form on the left, the results on the right (stacked on small
// screens). A followed variation set's progress heads the results rather than the form, so the
// form's settings and Generate stay where they are while the set runs.
export function GeneratorPage({ name, form, request, results }: Props) {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[420px_minmax(0,1fr)] xl:gap-8">
      {form}
      <div className="min-w-0 space-y-4">
        {request.variations ? (
          <VariationSetProgress name={name} variations={request.variations} onCancel={request.onCancelSet} onRunAgain={request.onRunAgainVariation} onDismiss={request.onDismiss} />
        ) : null}
        {results}
      </div>
    </div>
  );
}
