"use client";

import { HistoryList, type HistoryActions as HistoryActionsOf, type HistoryEntry } from "@/components/images/history-list";
import { RunningPlaceholder } from "@/components/images/running-placeholder";
import { parsePixelSize } from "@/lib/upstream/alpha/limits";
import { shownSettingsOf } from "./shown-settings";
import { ResultCard, type ResultActions } from "./result-card";
import { UnfinishedResultCard } from "./unfinished-result-card";
import { alphaV3History } from "./alpha-v3-history";

type HistoryActions = HistoryActionsOf<ResultActions>;

// The alpha v3 page's results (components/images/history-list).
export function HistoryStrip({ actions }: { actions: HistoryActions }) {
  return (
    <HistoryList
      source={alphaV3History}
      name="alpha"
      emptyHint="Describe an image, pick a size and press Generate. Every result is kept here with its prompt, seed and settings."
      renderItem={(entry) => <HistoryItem {...entry} actions={actions} />}
    />
  );
}

/** A running generation, a result, or a failure, by the generation's status. */
function HistoryItem({ generation, job, featured, inSet, actions, onOpen }: HistoryEntry & { actions: HistoryActions }) {
  if (generation.status === "pending" && job) {
    const size = parsePixelSize(shownSettingsOf(generation).size) ?? undefined;
    return <RunningPlaceholder generation={generation} job={job} size={size} testId="alpha-running" />;
  }
  if (generation.status === "succeeded" && generation.images[0]) {
    return <ResultCard generation={generation} image={generation.images[0]} featured={featured} inSet={inSet} actions={{ ...actions, onOpen }} />;
  }
  return (
    <UnfinishedResultCard
      generation={generation}
      onReuse={actions.onReuse}
      onUseSeed={actions.onUseSeed}
      onRunAgain={job?.canRunAgain ? () => actions.onRunAgain(job.id) : undefined}
    />
  );
}
