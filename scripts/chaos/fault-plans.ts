/**
 * The faults of a chaos run, per emulator port (emulator/README.md, POST /__emulator/faults).
 * Image port: spec 7.1/7.2 errors and slow or dropped calls on the generation endpoints, and result
 * downloads cut off (spec 4.1: URLs are downloaded by the client). Agent port: the same on the
 * video endpoints, plus a submit whose answer is lost after the job was created (spec 4.4: the
 * POST is not idempotent).
 */
const CALL_FAULTS = [
  { rate: 0.2, fault: { kind: "429", retryAfter: 1 } },
  { rate: 0.1, fault: { kind: "500" } },
  { rate: 0.1, fault: { kind: "slow", ms: 400 } },
  { rate: 0.05, fault: { kind: "drop" } },
];

export const IMAGE_PORT_FAULTS = {
  rates: [...CALL_FAULTS.map((rule) => ({ ...rule, pathPrefix: "/v1/" })), { rate: 0.2, fault: { kind: "cut-body" }, pathPrefix: "/files/" }],
};

export const AGENT_PORT_FAULTS = {
  rates: [...CALL_FAULTS.map((rule) => ({ ...rule, pathPrefix: "/v1/videos" })), { rate: 0.1, fault: { kind: "lose-answer" }, pathPrefix: "/v1/videos" }],
};
