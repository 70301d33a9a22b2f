import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { nearestTier } from "./alpha-v35-params";
import {
  AUTH,
  control,
  dataUrl,
  download,
  meanDifference,
  postJson,
  regionMean,
  solidImage,
  startImageHost,
  useImageEmulator,
  userText,
  V35_PATH,
} from "./test-support";

const MODEL = "alpha-image-v3.5-preview";
const request = (extra: Record<string, unknown> = {}) => ({
  model: MODEL,
  size: "256x256",
  seed: 7,
  messages: [userText("a red house on a hill")],
  ...extra,
});

describe("alpha v3.5 preview (spec 4.2, 2.2, 2.3)", () => {
  const host = useImageEmulator();
  const generate = (body: Record<string, unknown>) => postJson(host.url, V35_PATH, body);
  const expect400 = async (body: Record<string, unknown>, param?: string) => {
    const reply = await generate(body);
    expect(reply.status).toBe(400);
    if (param !== undefined) expect(reply.body.error.param).toBe(param);
  };
  const sizeOf = async (frame: any) => {
    const meta = await sharp(await download(frame.choices[0].delta.image.url)).metadata();
    return `${meta.width}x${meta.height}`;
  };


  it("final frame carries every field of 2.2 and the three-message assembled_history of 2.3", async () => {
    const { status, body: frame, headers } = await generate(request());
    expect(status).toBe(200);
    expect(headers.get("content-type")).toMatch(/application\/json/);
    expect(frame).toMatchObject({
      id: expect.any(String),
      object: "image.chat.completion.chunk",
      created: expect.any(Number),
      round: expect.any(Number),
      request_id: expect.any(String),
    });
    expect(frame.model).not.toBe(MODEL);
    expect(frame.choices).toHaveLength(1);
    const choice = frame.choices[0];
    expect(choice.index).toBe(0);
    expect(choice.finish_reason).toBeNull();
    expect(choice.delta.type).toBe("image");
    expect(choice.delta.image).toMatchObject({ width: 256, height: 256, source: "generate" });
    expect(frame.usage.total_tokens).toBeGreaterThan(0);
    expect(frame.gateway_usage.total_tokens).toBe(frame.usage.total_tokens);
    expect(frame.error).toBeUndefined();

    const [call, tool, closing] = frame.assembled_history;
    expect(frame.assembled_history).toHaveLength(3);
    expect(call.role).toBe("assistant");
    expect(typeof call.reasoning).toBe("string");
    expect(call.tool_calls[0]).toMatchObject({ type: "function", function: { name: expect.any(String) } });
    expect(() => JSON.parse(call.tool_calls[0].function.arguments)).not.toThrow();
    expect(tool.role).toBe("tool");
    expect(tool.tool_call_id).toBe(call.tool_calls[0].id);
    expect(choice.delta.image.tool_call_id).toBe(call.tool_calls[0].id);
    expect(tool.content[0]).toMatchObject({ type: "image_url", is_generate: true });
    expect(tool.content[0].image_url.url).not.toBe(choice.delta.image.url);
    expect(closing).toMatchObject({ role: "assistant", content: [{ type: "text" }] });
    expect(closing.reasoning).toBeUndefined();
    expect(await sizeOf(frame)).toBe("256x256");
  });

  it("rejects a wrong model", async () => {
    await expect400(request({ model: "alpha-image-v3" }), "model");
  });

  it("validates the message structure (roles, content elements, replay-only fields)", async () => {
    const text = { type: "text", text: "x" };
    await expect400(request({ messages: [] }), "messages");
    await expect400(request({ messages: "hi" }), "messages");
    await expect400(request({ messages: [{ role: "system", content: [text] }] }), "messages[0].role");
    await expect400(request({ messages: [{ role: "user", content: "text" }] }), "messages[0].content");
    await expect400(request({ messages: [{ role: "user" }] }), "messages[0].content");
    await expect400(request({ messages: [{ role: "user", content: [{ type: "video", text: "x" }] }] }), "messages[0].content[0].type");
    await expect400(request({ messages: [{ role: "user", content: [{ type: "text" }] }] }), "messages[0].content[0].text");
    await expect400(request({ messages: [{ role: "user", content: [{ type: "image_url", image_url: "u" }] }] }), "messages[0].content[0].image_url");
    await expect400(request({ messages: [{ role: "user", content: [text], reasoning: "r" }] }), "messages[0].reasoning");
    await expect400(request({ messages: [{ role: "user", content: [text], tool_calls: [] }] }), "messages[0].tool_calls");
    await expect400(request({ messages: [{ role: "user", content: [text], tool_call_id: "a" }] }), "messages[0].tool_call_id");
    await expect400(request({ messages: [{ role: "user", content: [{ type: "text", text: "   " }] }] }), "messages");
    await expect400(
      request({
        messages: [
          userText("x"),
          { role: "assistant", tool_calls: [{ id: "c1", type: "function", function: { name: "g", arguments: "{not json" } }] },
        ],
      }),
      "messages[1].tool_calls[0].function.arguments",
    );
  });

  it("is_generate is allowed only under role tool", async () => {
    const url = dataUrl(await solidImage(32, 32, [0, 0, 0]));
    await expect400(
      request({ messages: [{ role: "user", content: [{ type: "text", text: "x" }, { type: "image_url", image_url: { url }, is_generate: true }] }] }),
      "messages[0].content[1].is_generate",
    );
  });

  it("tool_call_id must match an earlier assistant tool call character for character", async () => {
    const { body: turn1 } = await generate(request());
    const history = turn1.assembled_history;
    const replay = (toolCallId: string) =>
      request({
        messages: [
          userText("a red house on a hill"),
          history[0],
          { ...history[1], tool_call_id: toolCallId },
          history[2],
          userText("add a tree"),
        ],
      });
    const id: string = history[0].tool_calls[0].id;
    await expect400(replay(id.toUpperCase()), "messages[2].tool_call_id");
    await expect400(replay(`${id} `), "messages[2].tool_call_id");
    // A tool message before the assistant message that declares the id is refused too.
    await expect400(
      request({ messages: [userText("x"), history[1], history[0], userText("y")] }),
      "messages[1].tool_call_id",
    );
    expect((await generate(replay(id))).status).toBe(200);
  });

  it("size: positive integers within [256, 8192] per side, area at most 16777216", async () => {
    for (const size of ["255x256", "256x8193", "4097x4096", "0x300", "300", "-300x300"]) await expect400(request({ size }), "size");
    expect((await generate(request({ size: "8192x256" }))).status).toBe(200);
  });

  it("size omitted or empty: the prompt's ratio at the default 1.5K tier", async () => {
    const square = await generate(request({ size: "" }));
    expect(await sizeOf(square.body)).toBe("1536x1536");
  });

  it("generate_max_pixels: tiers with nearest-tier assignment", async () => {
    expect(nearestTier(1)).toBe(1_048_576);
    // Midpoint of 1K and 1.5K is 1703936.
    expect(nearestTier(1_703_935)).toBe(1_048_576);
    expect(nearestTier(1_703_937)).toBe(2_359_296);
    expect(nearestTier(3_000_000)).toBe(2_359_296);
    expect(nearestTier(3_400_000)).toBe(4_194_304);
    expect(nearestTier(99_000_000)).toBe(4_194_304);
    const oneK = await generate(request({ size: undefined, generate_max_pixels: 1_000_000 }));
    expect(await sizeOf(oneK.body)).toBe("1024x1024");
    const wide = await generate(request({ size: undefined, generate_max_pixels: 1_048_576, messages: [userText("a beach, 16:9")] }));
    expect(await sizeOf(wide.body)).toBe("1360x768");
    await expect400(request({ generate_max_pixels: 0 }), "generate_max_pixels");
    await expect400(request({ generate_max_pixels: 1.5 }), "generate_max_pixels");
  });

  it("size with generate_max_pixels: the size's ratio at the tier's area (usage note, our choice)", async () => {
    const reply = await generate(request({ size: "512x256", generate_max_pixels: 1_048_576 }));
    expect(await sizeOf(reply.body)).toBe("1456x720");
  });

  it("seed: int64, negative refused, same seed gives byte-identical images", async () => {
    await expect400(request({ seed: -1 }), "seed");
    await expect400(request({ seed: 1.25 }), "seed");
    await expect400(request({ seed: 2 ** 64 }), "seed");
    expect((await generate(request({ seed: 9_223_372_036_854_775_807 }))).status).toBe(200);
    const [a, b, c] = await Promise.all([generate(request()), generate(request()), generate(request({ seed: 8 }))]);
    const [bytesA, bytesB, bytesC] = await Promise.all([a, b, c].map((reply) => download(reply.body.choices[0].delta.image.url)));
    expect(bytesA.equals(bytesB)).toBe(true);
    expect(bytesA.equals(bytesC)).toBe(false);
  });

  it("footnote: at most 16 code points (16 emoji ok, 17 refused), drawn on the final image only", async () => {
    await expect400(request({ footnote: "🎨".repeat(17) }), "footnote");
    await expect400(request({ footnote: 5 }), "footnote");
    const { status, body } = await generate(request({ footnote: "🎨".repeat(16) }));
    expect(status).toBe(200);
    const final = await download(body.choices[0].delta.image.url);
    const intermediate = await download(body.assembled_history[1].content[0].image_url.url);
    const corner = { left: 0.5, top: 0.85, width: 0.5, height: 0.15 };
    const [finalCorner, intermediateCorner] = await Promise.all([regionMean(final, corner), regionMean(intermediate, corner)]);
    expect(Math.max(...finalCorner.map((v, i) => Math.abs(v - intermediateCorner[i])))).toBeGreaterThan(10);
  });

  it("use_search_tool must be {value: boolean}", async () => {
    for (const value of [true, { value: "yes" }, { value: true, extra: 1 }, []]) {
      await expect400(request({ use_search_tool: value }), "use_search_tool");
    }
    expect((await generate(request({ use_search_tool: { value: true }, session: "s-1" }))).status).toBe(200);
  });

  it("at most 20 images: trims from the oldest turn and says so in X-Emulator-Images-Trimmed", async () => {
    const oldest = dataUrl(await solidImage(20, 20, [255, 0, 0]));
    const others = dataUrl(await solidImage(16, 16, [0, 0, 255]));
    const { status, headers } = await generate(
      request({
        messages: [userText("first", [oldest, others, others]), userText("now", Array(18).fill(others))],
      }),
    );
    expect(status).toBe(200);
    expect(headers.get("x-emulator-images-trimmed")).toBe("1");
    const sizes = headers.get("x-emulator-input-sizes")?.split(",") ?? [];
    expect(sizes).toHaveLength(20);
    expect(sizes).not.toContain("20x20");
    const exact = await generate(request({ messages: [userText("twenty", Array(20).fill(others))] }));
    expect(exact.headers.get("x-emulator-images-trimmed")).toBe("0");
  });

  it("input images: png/jpeg only, each at most 20 MB, resized to resize_max_pixels", async () => {
    const big = dataUrl(await solidImage(2000, 1000, [0, 128, 0], "jpeg"), "jpeg");
    const reply = await generate(request({ resize_max_pixels: 500_000, messages: [userText("shrink", [big])] }));
    expect(reply.status).toBe(200);
    expect(reply.headers.get("x-emulator-input-sizes")).toBe("1000x500");
    const byDefault = await generate(request({ messages: [userText("shrink", [big])] }));
    expect(byDefault.headers.get("x-emulator-input-sizes")).toBe("1448x724");
    await expect400(request({ resize_max_pixels: -5 }), "resize_max_pixels");
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } }).gif().toBuffer();
    await expect400(request({ messages: [userText("gif", [dataUrl(gif, "gif")])] }), "messages[0].content");
    const png = await solidImage(16, 16, [1, 2, 3]);
    const huge = Buffer.concat([png, Buffer.alloc(20 * 1024 * 1024 + 1 - png.length)]);
    await expect400(request({ messages: [userText("huge", [dataUrl(huge)])] }), "messages[0].content");
  });

  it("multi-turn edit: turn 2's image is derived from the image replayed in the history", async () => {
    const first = await generate(request({ footnote: "v1" }));
    const second = await generate(
      request({
        footnote: "v2",
        messages: [userText("a red house on a hill"), ...first.body.assembled_history, userText("paint the door green")],
      }),
    );
    expect(second.status).toBe(200);
    const turn1 = await download(first.body.assembled_history[1].content[0].image_url.url);
    const turn2 = await download(second.body.assembled_history[1].content[0].image_url.url);
    expect(turn1.equals(turn2)).toBe(false);
    // The edit mirrors the replayed image and redraws the caption band at the top.
    const mirrored = await sharp(turn1).flop().png().toBuffer();
    const belowBand = { top: 0.3 };
    expect(await meanDifference(turn2, mirrored, 64, belowBand)).toBeLessThan(2);
    expect(await meanDifference(turn2, turn1, 64, belowBand)).toBeGreaterThan(5);
    expect(second.body.assembled_history[0].tool_calls[0].id).not.toBe(first.body.assembled_history[0].tool_calls[0].id);
  });

  it("multi-turn edit works from a data URL and from a plain http(s) URL in the history", async () => {
    const { body: turn1 } = await generate(request());
    const [call, tool, closing] = turn1.assembled_history;
    const green = await solidImage(256, 256, [0, 200, 0]);
    const host = await startImageHost({ "/green.png": green });
    try {
      for (const url of [dataUrl(green), `${host.url}/green.png`]) {
        const replayed = { ...tool, content: [{ type: "image_url", image_url: { url }, is_generate: true }] };
        const { status, body } = await generate(
          request({ messages: [userText("a red house on a hill"), call, replayed, closing, userText("make it night")] }),
        );
        expect(status).toBe(200);
        const edited = await download(body.choices[0].delta.image.url);
        const [r, g, b] = await regionMean(edited, { left: 0.1, top: 0.4, width: 0.8, height: 0.3 });
        expect(g).toBeGreaterThan(180);
        expect(r + b).toBeLessThan(30);
      }
    } finally {
      await host.close();
    }
  });

  it("a replayed URL the emulator cannot fetch is a 400", async () => {
    const { body: turn1 } = await generate(request());
    const [call, tool, closing] = turn1.assembled_history;
    const broken = { ...tool, content: [{ type: "image_url", image_url: { url: "http://127.0.0.1:1/nothing.png" }, is_generate: true }] };
    await expect400(request({ messages: [userText("x"), call, broken, closing, userText("y")] }));
  });

  it("a blocked prompt gives a final frame with empty delta, finish_reason error and a content_filter error", async () => {
    const { status, body } = await generate(request({ messages: [userText("draw something forbidden")] }));
    expect(status).toBe(200);
    expect(body.choices[0]).toMatchObject({ index: 0, delta: {}, finish_reason: "error" });
    expect(body.error).toMatchObject({ type: "invalid_request_error", code: "content_filter", request_id: body.request_id });
    expect(body.assembled_history).toBeUndefined();
  });

  it("the prompt may hold at most 100k tokens", async () => {
    await expect400(request({ messages: [userText("word ".repeat(81_000))] }), "messages");
  });
});

describe("alpha v3.5 server-sent events wire format", () => {
  const host = useImageEmulator({ v35WireFormat: "sse" });

  const stream = async (body: unknown) => {
    const response = await fetch(host.url + V35_PATH, {
      method: "POST",
      headers: { ...AUTH, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    const events = text
      .split("\n\n")
      .filter((block) => block.startsWith("data: "))
      .map((block) => block.slice("data: ".length));
    return { response, events };
  };

  it("streams progress frames, then the final frame, then [DONE]", async () => {
    const { response, events } = await stream(request());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/text\/event-stream/);
    expect(events.at(-1)).toBe("[DONE]");
    const frames = events.slice(0, -1).map((event) => JSON.parse(event));
    expect(frames.length).toBeGreaterThanOrEqual(2);
    for (const progress of frames.slice(0, -1)) {
      expect(progress.object).toBe("image.chat.completion.chunk");
      expect(progress.choices[0].delta.image).toBeUndefined();
    }
    const final = frames.at(-1);
    expect(final.choices[0].delta.image.url).toMatch(/^http/);
    expect(final.assembled_history).toHaveLength(3);
  });

  it("streams the blocked-prompt error frame too", async () => {
    const { events } = await stream(request({ messages: [userText("blocked-word please")] }));
    const final = JSON.parse(events.at(-2) as string);
    expect(final.choices[0].finish_reason).toBe("error");
    expect(final.error.code).toBe("content_filter");
  });

  it("validation errors stay plain JSON with an HTTP status", async () => {
    const { response } = await stream(request({ seed: -3 }));
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
  });

  it("the wire format switches at run time through PATCH /__emulator/config", async () => {
    await control(host.url, "PATCH", "/config", { v35WireFormat: "json" });
    const { body } = await postJson(host.url, V35_PATH, request());
    expect(body.choices[0].delta.image.url).toMatch(/^http/);
    await control(host.url, "PATCH", "/config", { v35WireFormat: "sse" });
  });
});
