"use client";

import { HistoryList, type HistoryActions as HistoryActionsOf, type HistoryEntry } from "@/components/images/history-list";
import type { ImageResultActions } from "@/components/images/result-card";
import { RunningPlaceholder } from "@/components/images/running-placeholder";
import { UnfinishedDetail, UnfinishedResultCard } from "@/components/images/unfinished-result-card";
import { betaHistory } from "./beta-history";
import { BetaResultCard, modelLabel, requestedSizeLabel } from "./beta-result-card";
import { shownBetaValues } from "./shown-settings";

type HistoryActions = HistoryActionsOf<ImageResultActions>;

// The beta page's results (components/images/history-list): earlier generations, a page at a time.
export function BetaHistoryStrip({ actions }: { actions: HistoryActions }) {
  return (
    <HistoryList
      source={betaHistory}
      name="beta"
      emptyHint="Pick Pro or Lite, describe an image and press Generate. Single images, groups and layer decompositions are kept here with their settings."
      renderItem={(entry) => <BetaHistoryItem {...entry} actions={actions} />}
    />
  );
}

/** A running generation, a result, or a failure, by the generation's status. */
function BetaHistoryItem({ generation, job, featured, inSet, actions, onOpen }: HistoryEntry & { actions: HistoryActions }) {
  const values = shownBetaValues(generation);
  if (generation.status === "pending" && job) {
    const size = values?.size.method === "pixels" ? values.size : undefined;
    return <RunningPlaceholder generation={generation} job={job} size={size} testId="beta-running" />;
  }
  if (generation.status === "succeeded" && generation.images.length > 0) {
    return <BetaResultCard generation={generation} featured={featured} inSet={inSet} actions={{ ...actions, onOpen }} />;
  }
  return (
    <UnfinishedResultCard
      generation={generation}
      onReuse={actions.onReuse}
      onRunAgain={job?.canRunAgain ? () => actions.onRunAgain(job.id) : undefined}
      testIdPrefix="beta"
      details={
        <>
          <UnfinishedDetail label="Model">{modelLabel(generation.model)}</UnfinishedDetail>
          <UnfinishedDetail label="Size">{requestedSizeLabel(values)}</UnfinishedDetail>
        </>
      }
    />
  );
}
