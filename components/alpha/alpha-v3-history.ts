import type { GenerationHistorySource } from "@/components/images/generation-history-query";

export const alphaV3HistoryKey = ["alpha-v3", "generations"] as const;

/** The designer's alpha v3 generations (GET /api/alpha/v3/generations, cursor pages). */
export const alphaV3History: GenerationHistorySource = { key: alphaV3HistoryKey, path: "/api/alpha/v3/generations" };
