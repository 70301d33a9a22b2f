// A comparison as the /compare page shows it. Browser-safe: no owner ids, dates as ISO strings.
import type { JobDto } from "@/lib/jobs/job-dto";
import type { ComparisonModel } from "./comparison-models";

export type ComparisonMemberDto = {
  model: ComparisonModel;
  job: JobDto;
  /** The upstream's token count and the time from admission to stored result, once it succeeded. */
  tokens: number | null;
  durationMs: number | null;
  /** The first result image, once stored. */
  image: { assetId: string; url: string; thumbnailUrl: string } | null;
  /** The v3.5 member's new conversation, which the chat editor continues. */
  conversationId: string | null;
  /** Whether its gallery entry (or entries, for a group set) still exists. */
  inGallery: boolean;
};

export type ComparisonDto = {
  id: string;
  prompt: string;
  createdAt: string;
  /** The member kept as the gallery entry, once the designer picked one. */
  keptJobId: string | null;
  members: ComparisonMemberDto[];
};

/** One earlier comparison in the /compare page's list. */
export type ComparisonSummaryDto = {
  id: string;
  prompt: string;
  createdAt: string;
  models: ComparisonModel[];
  /** Whether the designer picked a member to keep. */
  kept: boolean;
};
