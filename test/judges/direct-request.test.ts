/**
 * When nothing listens, an OpenAI model's request skips LangChain's run around it
 * (judges/providers/openai.ts `directRequestOf`). What reaches the server and what comes back must
 * be exactly what LangChain's own `invoke` sends and returns when a handler listens.
 */
import { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import { HumanMessage, SystemMessage, type AIMessage, type BaseMessage } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { ChatOpenAI } from "@langchain/openai";
import { createLlmJudge } from "../../judges/chat-model.js";
import { injectedJudge } from "../../judges/judge.js";
import { classifyError } from "../../judges/classify-error.js";
import { retryDecision, retrySettingsOf } from "../../judges/retry.js";
import { modeSender, type SendMode } from "../../judges/output-mode.js";
import { startOpenAIStub, type OpenAIStub } from "../support/openai-stub.js";

class ChatModelRuns extends BaseCallbackHandler {
  name = "chat-model-runs";
  started: string[] = [];
  override handleChatModelStart(_llm: unknown, _messages: unknown, _runId: string, _parentRunId?: string, _extra?: unknown, _tags?: string[], _metadata?: unknown, runName?: string): void {
    this.started.push(runName ?? "");
  }
}

const schema = z.object({ verdict: z.string(), score: z.number() });
const task = { role: "evaluator", schema, toolset: [{ name: "evaluator", schema }, { name: "critic", schema: z.object({ agree: z.boolean() }) }] };
const messages: BaseMessage[] = [new SystemMessage("You judge dialogues."), new HumanMessage("[0] USER: hello")];

function judgeFor(stub: OpenAIStub) {
  return createLlmJudge({ provider: "openai", model: "gpt-4o-mini" }, { apiKey: "sk-test-direct", baseUrl: stub.baseUrl, timeoutMs: 10_000, maxRetries: 0, temperature: 0 });
}

/** What a caller reads of a reply. */
function readable(raw: BaseMessage) {
  const message = raw as AIMessage;
  return { content: message.content, tool_calls: message.tool_calls, invalid_tool_calls: message.invalid_tool_calls, usage: message.usage_metadata };
}

describe("an OpenAI request when nothing listens", () => {
  let stub: OpenAIStub | undefined;
  afterEach(async () => {
    await stub?.close();
    stub = undefined;
  });

  for (const mode of ["tools", "json", "text"] as const satisfies readonly SendMode[]) {
    it(`${mode}: the same request body and the same reply as LangChain's traced invoke`, async () => {
      stub = await startOpenAIStub(() => ({ json: { verdict: "fine", score: 80 }, usage: { prompt_tokens: 120, completion_tokens: 9 } }));
      const send = modeSender(mode, task, judgeFor(stub));
      const runs = new ChatModelRuns();
      const traced = await send(messages, { callbacks: [runs], runName: "evaluator" } satisfies RunnableConfig);
      const direct = await send(messages, { runName: "evaluator" });

      expect(runs.started.length).toBeGreaterThan(0);
      const [tracedRequest, directRequest] = stub.requests;
      expect(directRequest!.rawBody).toBe(tracedRequest!.rawBody);
      if (mode === "tools") expect(directRequest!.body.tool_choice).toEqual({ type: "function", function: { name: "evaluator" } });
      if (mode === "json") expect(directRequest!.body.response_format).toEqual({ type: "json_object" });
      // The stub numbers its tool calls by request; everything else must match.
      const sameIds = (r: ReturnType<typeof readable>) => ({ ...r, tool_calls: r.tool_calls?.map((c) => ({ ...c, id: "call" })) });
      expect(sameIds(readable(direct.raw))).toEqual(sameIds(readable(traced.raw)));
      expect(readable(direct.raw).usage).toMatchObject({ input_tokens: 120, output_tokens: 9, total_tokens: 129 });
    });
  }

  it("a caller's own model with handlers of its own still goes through invoke, so they see the call", async () => {
    stub = await startOpenAIStub(() => ({ json: { verdict: "fine", score: 80 } }));
    const runs = new ChatModelRuns();
    const model = new ChatOpenAI({ model: "gpt-4o-mini", apiKey: "sk-test-direct", maxRetries: 0, callbacks: [runs], configuration: { baseURL: stub.baseUrl } });
    const send = modeSender("tools", task, injectedJudge(model));
    const { raw } = await send(messages, {});
    expect((raw as AIMessage).tool_calls?.[0]?.args).toEqual({ verdict: "fine", score: 80 });
    expect(runs.started).toHaveLength(1);
  });

  it("a rate limit with Retry-After is classified alike on both paths", async () => {
    stub = await startOpenAIStub(() => ({ status: 429, headers: { "retry-after": "7" } }));
    const send = modeSender("tools", task, judgeFor(stub));
    const failure = async (config: RunnableConfig) => {
      const error = await send(messages, config).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeDefined();
      const failed = classifyError("evaluator", error);
      return { failed, decision: retryDecision(failed, error, 0, retrySettingsOf({ maxRetries: 3 }).settings, () => 0.5) };
    };
    const traced = await failure({ callbacks: [new ChatModelRuns()] });
    const direct = await failure({});
    expect(direct).toEqual(traced);
    expect(direct.failed.kind).toBe("rate_limited");
    expect(direct.decision).toMatchObject({ retry: true, waitMs: 7000 });
  });

  it("an aborted signal stops the request before it is sent", async () => {
    stub = await startOpenAIStub(() => ({ json: { verdict: "fine", score: 80 } }));
    const send = modeSender("tools", task, judgeFor(stub));
    const controller = new AbortController();
    controller.abort(new Error("stopped by the caller"));
    await expect(send(messages, { signal: controller.signal })).rejects.toThrow();
    expect(stub.requests).toHaveLength(0);
  });
});
