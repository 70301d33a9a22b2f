import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { failureOf } from "@/lib/http/client-error";
import { InvalidEnvironmentError } from "@/lib/settings";
import { VideoApiError, VideoResponseError, VideoTransportError } from "@/lib/upstream/video/errors";
import { videoServiceFailure, upstreamFailureDetails } from "./video-service-failure";

const refusal = (status: number, code: string, extra: Partial<ConstructorParameters<typeof VideoApiError>[0]> = {}) =>
  new VideoApiError({ service: "video agent", status, code, param: null, requestId: null, retryAfterSeconds: null, upstreamMessage: null, ...extra });

const answered = (error: unknown) => failureOf(videoServiceFailure(error, "video agent", "switch its partition to ref2va"));

// An upstream that is down or refuses is never a 500 of the studio's admin pages.
describe("videoServiceFailure", () => {
  it("answers an agent that cannot be reached or does not answer in time with 502, saying so", () => {
    const network = answered(new VideoTransportError("network", "video agent could not be reached for POST /v1/partition: fetch failed"));
    expect(network.status).toBe(502);
    expect(network.error.message).toContain("could not reach the video agent to switch its partition to ref2va");
    const timeout = answered(new VideoTransportError("timeout", "video agent did not answer POST /v1/partition within 15000 ms"));
    expect(timeout.status).toBe(502);
    expect(timeout.error.message).toContain("did not answer in time");
  });

  it("keeps the agent's code, field, wording and request id for the admin, and its Retry-After (spec 7.3)", () => {
    const failure = answered(refusal(503, "partition_detect_failed", { param: "partition", requestId: "req_42", retryAfterSeconds: 30, upstreamMessage: "cannot read the mode" }));
    expect(failure.status).toBe(502);
    expect(failure.headers).toEqual({ "Retry-After": "30" });
    expect(failure.error).toMatchObject({ code: "upstream_failed", retryAfterSeconds: 30 });
    expect(failure.error.message).toBe(
      "The video agent refused to switch its partition to ref2va: HTTP 503 partition_detect_failed (field partition): “cannot read the mode”. It asks to try again in 30 s. Its request id: req_42.",
    );
  });

  it("answers 404 as not found and 409 as a conflict", () => {
    expect(answered(refusal(404, "not_found")).status).toBe(404);
    expect(answered(refusal(409, "content_not_ready")).status).toBe(409);
    expect(answered(refusal(500, "internal_error")).status).toBe(502);
  });

  it("answers an unreadable answer and a missing address with 502", () => {
    expect(answered(new VideoResponseError("video agent", 200, "not JSON")).status).toBe(502);
    const unset = answered(new InvalidEnvironmentError("VIDEO_AGENT_URL must be set (npm start sets it to the emulator)"));
    expect(unset.status).toBe(502);
    expect(unset.error.message).toContain("VIDEO_AGENT_URL must be set");
  });

  it("leaves the studio's own failures alone", () => {
    const own = new TypeError("a bug");
    expect(videoServiceFailure(own, "video agent", "report its health")).toBe(own);
    const refused = new AppError("forbidden", "no");
    expect(videoServiceFailure(refused, "video agent", "report its health")).toBe(refused);
  });
});

describe("upstreamFailureDetails", () => {
  it("keeps what finds the request in the service's logs", () => {
    expect(upstreamFailureDetails(refusal(503, "moderation_unavailable", { requestId: "req_7" }))).toEqual({ httpStatus: 503, code: "moderation_unavailable", requestId: "req_7" });
    expect(upstreamFailureDetails(new VideoTransportError("timeout", "late"))).toEqual({ code: "timeout" });
    expect(upstreamFailureDetails(new Error("bug"))).toEqual({ code: "internal_error" });
  });
});
