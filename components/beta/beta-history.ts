import type { GenerationHistorySource } from "@/components/images/generation-history-query";

export const betaHistoryKey = ["beta", "generations"] as const;

/** The designer's beta generations (GET /api/beta/generations, cursor pages). */
export const betaHistory: GenerationHistorySource = { key: betaHistoryKey, path: "/api/beta/generations" };
