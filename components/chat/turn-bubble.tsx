"use client";

import { AssistantAnswer } from "./assistant-answer";
import { BranchSwitcher } from "./branch-switcher";
import type { TurnActions } from "./turn-actions";
import { TurnProgress } from "./turn-progress";
import { settingsFromStored, settingsSummary } from "./turn-settings";
import type { TurnDto } from "./use-conversation";
import { useTurnJob } from "./use-turn-jobs";
import { UserMessage } from "./user-message";

type Props = {
  turn: TurnDto;
  turnNumber: number;
  /** Turns sharing this turn's parent, this one included, oldest first. */
  siblings: readonly TurnDto[];
  isLeaf: boolean;
  isBranchPoint: boolean;
  switchingDisabled: boolean;
  onSelectSibling: (turn: TurnDto) => void;
  onOpenImage: () => void;
  onOpenInput: (index: number) => void;
  actions: TurnActions;
};

// One stored turn: the message (with its version switcher) and the answer, or, while the turn is
// pending, its job's progress.
export function TurnBubble({ turn, turnNumber, siblings, isLeaf, isBranchPoint, switchingDisabled, onSelectSibling, onOpenImage, onOpenInput, actions }: Props) {
  const settings = settingsSummary(settingsFromStored(turn.storedParams));
  const index = siblings.findIndex((sibling) => sibling.id === turn.id);
  const job = useTurnJob(turn.id, turn.status === "pending");
  return (
    <article aria-label={`Turn ${turnNumber}`} className="space-y-3" data-testid="turn" data-turn-id={turn.id}>
      <UserMessage
        text={turn.userText}
        images={turn.inputImages}
        settings={settings}
        onOpenImage={onOpenInput}
        switcher={
          siblings.length > 1 ? (
            <BranchSwitcher index={index} count={siblings.length} disabled={switchingDisabled} onSelect={(next) => onSelectSibling(siblings[next]!)} />
          ) : null
        }
      />
      {turn.status === "pending" && job ? (
        <TurnProgress job={job} turnNumber={turnNumber} />
      ) : (
        <AssistantAnswer
          turn={turn}
          turnNumber={turnNumber}
          settings={settings}
          isLeaf={isLeaf}
          isBranchPoint={isBranchPoint}
          onOpenImage={onOpenImage}
          actions={actions}
        />
      )}
    </article>
  );
}
