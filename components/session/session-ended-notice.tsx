"use client";

import { onDemand } from "@/components/ui/on-demand";
import { useSessionEnded } from "./use-session-ended";

/** The dialog's code loads only in a tab whose session ended (static files need no session). */
const SessionEndedDialog = onDemand(async () => (await import("./session-ended-dialog")).SessionEndedDialog);

/** "Your session ended", shown once the studio has answered this tab with a 401. */
export function SessionEndedNotice() {
  return useSessionEnded() ? <SessionEndedDialog /> : null;
}
