// The Anthropic and Gemini stubs against the official clients LangChain drives (@anthropic-ai/sdk via
// @langchain/anthropic, @google/generative-ai via @langchain/google-genai), all on 127.0.0.1.
import { ChatAnthropic } from "@langchain/anthropic";
import { AIMessage, HumanMessage, SystemMessage, ToolMessage } from "@langchain/core/messages";
import { ChatGoogleGenerativeAI } from "@langchain/google-genai";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { startAnthropicStub, type AnthropicStub, type AnthropicStubHandler } from "./anthropic-stub.js";
import { deadPort } from "./dead-port.js";
import { startGeminiStub, type GeminiStub, type GeminiStubHandler } from "./gemini-stub.js";

const schema = z.object({ score: z.number().describe("0-10"), reason: z.string() });
const verdict = { score: 7, reason: "mostly right" };
const evaluatorTool = { name: "evaluator", description: "Scores the answer.", schema };
const SYSTEM = "You are a strict evaluator. ".repeat(20);

function failure(promise: Promise<unknown>): Promise<Error & { status?: number; cause?: unknown }> {
  return promise.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (e: unknown) => e as Error & { status?: number },
  );
}

let stubs: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(stubs.map((s) => s.close()));
  stubs = [];
});

describe("anthropic stub with ChatAnthropic", () => {
  async function start(handler: AnthropicStubHandler): Promise<AnthropicStub> {
    const stub = await startAnthropicStub(handler);
    stubs.push(stub);
    return stub;
  }
  const model = (baseUrl: string) => new ChatAnthropic({ model: "claude-sonnet-4-5", apiKey: "test-key", anthropicApiUrl: baseUrl, maxRetries: 0 });
  const cachedSystem = () => new SystemMessage({ content: [{ type: "text", text: SYSTEM, cache_control: { type: "ephemeral" } }] });

  it("answers a forced tool call with the JSON as tool_use input, and simulates prompt caching", async () => {
    const stub = await start(() => ({ json: verdict }));
    const llm = model(stub.baseUrl).bindTools([evaluatorTool], { tool_choice: "evaluator" });
    const messages = [cachedSystem(), new HumanMessage("Rate this answer: 42.")];
    const first = await llm.invoke(messages);
    const second = await llm.invoke(messages);

    expect(first.tool_calls?.[0]).toMatchObject({ name: "evaluator", args: verdict, id: "toolu_0" });
    expect(second.tool_calls?.[0]?.args).toEqual(verdict);
    expect(first.usage_metadata).toBeDefined();
    const [a, b] = stub.requests;
    expect(a!.body.tool_choice).toEqual({ type: "tool", name: "evaluator" });
    expect(a!.body.tools?.[0]?.name).toBe("evaluator");
    expect(a!.body.system).toEqual([{ type: "text", text: SYSTEM, cache_control: { type: "ephemeral" } }]);
    expect(a!.headers["x-api-key"]).toBe("test-key");
    expect(a!.headers["anthropic-version"]).toBe("2023-06-01");
    expect(a!.schemaName).toBe("evaluator");
    expect(a!.system).toBe(SYSTEM);
    // First call writes the tools+system prefix, the identical second call reads it.
    expect(a!.cacheCreation).toBeGreaterThan(0);
    expect(a!.cacheRead).toBe(0);
    expect(b!.cacheRead).toBe(a!.cacheCreation);
    expect(b!.cacheCreation).toBe(0);
    // LangChain reports input_tokens = input + cache_creation + cache_read.
    expect(first.usage_metadata?.input_token_details).toEqual({ cache_creation: a!.cacheCreation, cache_read: 0 });
    expect(second.usage_metadata?.input_token_details).toEqual({ cache_creation: 0, cache_read: b!.cacheRead });
    expect(second.usage_metadata?.input_tokens).toBe(first.usage_metadata?.input_tokens);
  });

  it("reads the longest cached prefix of a growing conversation and writes the rest", async () => {
    const stub = await start(() => ({ content: "ok" }));
    const llm = model(stub.baseUrl);
    const user = (text: string, cached: boolean) =>
      new HumanMessage({ content: [{ type: "text", text, ...(cached ? { cache_control: { type: "ephemeral" } } : {}) }] });
    await llm.invoke([cachedSystem(), user("first question", true)]);
    await llm.invoke([cachedSystem(), user("first question", false), new AIMessage("first answer"), user("second question", true)]);
    const [a, b] = stub.requests;
    expect(a!.cacheRead).toBe(0);
    expect(b!.cacheRead).toBe(a!.cacheCreation);
    expect(b!.cacheCreation).toBeGreaterThan(0);
  });

  it("sends a ToolMessage back as a tool_result block keeping the tool_use id", async () => {
    const stub = await start(() => ({ content: "done" }));
    const reply = await model(stub.baseUrl)
      .bindTools([evaluatorTool])
      .invoke([
        new SystemMessage("sys"),
        new HumanMessage("go"),
        new AIMessage({ content: "", tool_calls: [{ id: "toolu_abc", name: "evaluator", args: verdict }] }),
        new ToolMessage({ content: "ok", tool_call_id: "toolu_abc" }),
      ]);
    expect(reply.content).toBe("done"); // not a JSON object: a text block even though tools are offered
    const { body, system } = stub.requests[0]!;
    expect(system).toBe("sys");
    expect(body.system).toBe("sys");
    expect(body.messages).toEqual([
      { role: "user", content: "go" },
      { role: "assistant", content: [{ type: "tool_use", id: "toolu_abc", name: "evaluator", input: verdict }] },
      { role: "user", content: [{ type: "tool_result", content: "ok", tool_use_id: "toolu_abc" }] },
    ]);
  });

  it("answers structured output (jsonSchema: output_config.format) with a JSON text block", async () => {
    const stub = await start(() => ({ json: verdict }));
    const out = await model(stub.baseUrl).withStructuredOutput(schema, { method: "jsonSchema" }).invoke("rate");
    expect(out).toEqual(verdict);
    const { body } = stub.requests[0]!;
    expect(body.output_config?.format?.type).toBe("json_schema");
    expect(body.tools).toBeUndefined();
  });

  it("answers a plain text call", async () => {
    const stub = await start(() => ({ content: "hello there" }));
    const reply = await model(stub.baseUrl).invoke([new HumanMessage("hi")]);
    expect(reply.content).toBe("hello there");
    expect(stub.requests[0]!.cacheRead + stub.requests[0]!.cacheCreation).toBe(0);
    expect(reply.usage_metadata?.input_token_details).toEqual({ cache_creation: 0, cache_read: 0 });
  });

  it("an error status reaches the caller with its status and Anthropic's error body", async () => {
    const stub = await start(() => ({ status: 404 }));
    const error = await failure(model(stub.baseUrl).invoke("hi"));
    // NotFoundError (an APIError); message `404 {"type":"error","error":{"type":"not_found_error",…}}` plus
    // LangChain's "Troubleshooting URL … MODEL_NOT_FOUND" suffix.
    expect(error.constructor.name).toBe("NotFoundError");
    expect(error.status).toBe(404);
    expect(error.message).toContain('"type":"not_found_error"');
  });

  it("a dead port: APIConnectionError 'Connection error.' caused by fetch's TypeError caused by ECONNREFUSED", async () => {
    // Recorded with @anthropic-ai/sdk 0.122 / @langchain/anthropic 1.5.11 on Node 20 (LangChain passes it through):
    //   class APIConnectionError (extends APIError extends AnthropicError extends Error), name "Error",
    //   message "Connection error.", status undefined,
    //   cause: TypeError, name "TypeError", message "fetch failed",
    //     cause: Error, name "Error", message "connect ECONNREFUSED 127.0.0.1:<port>", code "ECONNREFUSED".
    const port = await deadPort();
    const error = await failure(model(`http://127.0.0.1:${port}`).invoke("hi"));
    expect(error.constructor.name).toBe("APIConnectionError");
    expect(error.name).toBe("Error");
    expect(error.message).toBe("Connection error.");
    expect(error.status).toBeUndefined();
    const cause = error.cause as Error & { cause?: Error & { code?: string } };
    expect(cause).toBeInstanceOf(TypeError);
    expect(cause.message).toBe("fetch failed");
    expect(cause.cause?.code).toBe("ECONNREFUSED");
  });
});

describe("gemini stub with ChatGoogleGenerativeAI", () => {
  async function start(handler: GeminiStubHandler): Promise<GeminiStub> {
    const stub = await startGeminiStub(handler);
    stubs.push(stub);
    return stub;
  }
  const model = (baseUrl: string, name = "gemini-2.5-flash") => new ChatGoogleGenerativeAI({ model: name, apiKey: "test-key", baseUrl, maxRetries: 0 });

  it("answers a forced function call with the JSON as functionCall args", async () => {
    const stub = await start(() => ({ json: verdict }));
    const llm = model(stub.baseUrl).bindTools([evaluatorTool], { tool_choice: "evaluator" });
    const reply = await llm.invoke([new SystemMessage("You are a strict evaluator."), new HumanMessage("Rate this answer: 42.")]);
    expect(reply.tool_calls?.[0]).toMatchObject({ name: "evaluator", args: verdict });
    expect(reply.usage_metadata?.input_tokens).toBeGreaterThan(0);
    const request = stub.requests[0]!;
    expect(request.body.toolConfig?.functionCallingConfig).toEqual({ mode: "ANY", allowedFunctionNames: ["evaluator"] });
    expect(request.body.tools?.[0]?.functionDeclarations?.[0]?.name).toBe("evaluator");
    expect(request.body.systemInstruction).toEqual({ role: "system", parts: [{ text: "You are a strict evaluator." }] });
    expect(request.body.contents).toEqual([{ role: "user", parts: [{ text: "Rate this answer: 42." }] }]);
    expect(request.headers["x-goog-api-key"]).toBe("test-key");
    expect(request.model).toBe("gemini-2.5-flash");
    expect(request.schemaName).toBe("evaluator");
    expect(request.system).toBe("You are a strict evaluator.");
  });

  it("sends a ToolMessage back as a functionResponse part (no id: Gemini has no tool call ids)", async () => {
    const stub = await start(() => ({ content: "not json" }));
    const reply = await model(stub.baseUrl)
      .bindTools([evaluatorTool])
      .invoke([
        new SystemMessage("sys"),
        new HumanMessage("go"),
        new AIMessage({ content: "", tool_calls: [{ id: "call_abc", name: "evaluator", args: verdict }] }),
        new ToolMessage({ content: "ok", tool_call_id: "call_abc" }),
      ]);
    expect(reply.content).toBe("not json"); // not a JSON object: a text part even though tools are offered
    expect(reply.tool_calls).toEqual([]);
    expect(stub.requests[0]!.body.contents).toEqual([
      { role: "user", parts: [{ text: "go" }] },
      { role: "model", parts: [{ functionCall: { name: "evaluator", args: verdict } }] },
      { role: "user", parts: [{ functionResponse: { name: "evaluator", response: { result: "ok" } } }] },
    ]);
  });

  it("answers structured output (jsonSchema: generationConfig.responseSchema) with a JSON text part", async () => {
    const stub = await start(() => ({ json: verdict }));
    const out = await model(stub.baseUrl).withStructuredOutput(schema, { method: "jsonSchema", includeRaw: true }).invoke("rate");
    expect(out.parsed).toEqual(verdict);
    expect(out.raw.content).toBe(JSON.stringify(verdict));
    const { body } = stub.requests[0]!;
    expect(body.generationConfig?.responseMimeType).toBe("application/json");
    expect(body.generationConfig?.responseSchema).toMatchObject({ type: "object", required: ["score", "reason"] });
    expect(body.tools).toBeUndefined();
  });

  it("takes the system text from the first user turn when a model has no systemInstruction", async () => {
    const stub = await start(() => ({ content: "fine" }));
    await model(stub.baseUrl, "gemini-pro").invoke([new SystemMessage("sys"), new HumanMessage("hi")]);
    const request = stub.requests[0]!;
    expect(request.body.systemInstruction).toBeUndefined();
    expect(request.body.contents).toEqual([{ role: "user", parts: [{ text: "sys" }, { text: "hi" }] }]);
    expect(request.system).toBe("sys");
  });

  it("an error status reaches the caller with its status and Google's error message", async () => {
    const stub = await start(() => ({ status: 404 }));
    const error = await failure(model(stub.baseUrl).invoke("hi"));
    // GoogleGenerativeAIFetchError; message "[GoogleGenerativeAI Error]: Error fetching from <url>: [404 Not Found] stub error 404".
    expect(error.constructor.name).toBe("GoogleGenerativeAIFetchError");
    expect(error.status).toBe(404);
    expect(error.message).toContain("[404 Not Found] stub error 404");
  });

  it("a dead port: GoogleGenerativeAIError '… fetch failed' with no cause and no status", async () => {
    // Recorded with @google/generative-ai 0.24.1 / @langchain/google-genai 2.3.2 on Node 20 (LangChain passes it through):
    //   class GoogleGenerativeAIError (extends Error), name "Error", status undefined, cause undefined,
    //   message "[GoogleGenerativeAI Error]: Error fetching from http://127.0.0.1:<port>/v1beta/models/gemini-2.5-flash:generateContent: fetch failed".
    // The SDK drops fetch's TypeError (and its ECONNREFUSED cause) but copies its stack, so `stack` starts
    // with "TypeError: fetch failed". Only the message tells a connection failure from other SDK errors.
    const port = await deadPort();
    const error = await failure(model(`http://127.0.0.1:${port}`).invoke("hi"));
    expect(error.constructor.name).toBe("GoogleGenerativeAIError");
    expect(error.name).toBe("Error");
    expect(error.message).toBe(`[GoogleGenerativeAI Error]: Error fetching from http://127.0.0.1:${port}/v1beta/models/gemini-2.5-flash:generateContent: fetch failed`);
    expect(error.status).toBeUndefined();
    expect(error.cause).toBeUndefined();
    expect(error.stack?.startsWith("TypeError: fetch failed")).toBe(true);
  });
});
