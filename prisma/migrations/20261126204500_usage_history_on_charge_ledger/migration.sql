-- The usage pages now read the charge ledger. What was spent before it existed (work whose job took
-- no reservation) is written onto it once, at no cost: prices did not exist then. Work whose job has
-- a reservation is left to its own settlement, so nothing is counted twice. A charge without a job is
-- keyed by its usage row's id, which no job shares.
INSERT INTO "ChargeEntry" ("id", "kind", "at", "jobId", "userId", "teamId", "model", "tokens", "images", "videoSeconds",
                           "per1kTokensMicros", "perImageMicros", "perVideoSecondMicros", "amountMicros")
SELECT gen_random_uuid()::text, 'charge', u."at", COALESCE(j."id", u."id"), u."userId", u."teamId", u."model",
       u."tokens", u."images", u."videoSeconds", 0, 0, 0, 0
  FROM "UsageEntry" u
  LEFT JOIN "Job" j ON j."generationId" = u."generationId" OR j."turnId" = u."turnId" OR j."videoJobId" = u."videoJobId"
 WHERE NOT EXISTS (SELECT 1 FROM "ChargeEntry" c WHERE c."jobId" = j."id");
