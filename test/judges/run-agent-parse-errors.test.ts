/**
 * The OpenAI client parses json_schema replies itself and throws (SyntaxError, ZodError) instead of
 * returning the raw message: runAgent must treat that as invalid output (one repair, then fallback),
 * not as a provider error.
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { injectedJudge } from "../../judges/judge.js";
import { runAgent, type AgentTask } from "../../judges/run-agent.js";

const Answer = z.object({ verdict: z.string(), score: z.number() });
type Answer = z.infer<typeof Answer>;

/** A model whose structured runnable answers from a list: an Error is thrown, anything else is the reply. */
function fakeModel(replies: (Error | Answer)[]): { model: BaseChatModel; seen: BaseMessage[][] } {
  const seen: BaseMessage[][] = [];
  const model = {
    withStructuredOutput: () => ({
      invoke: async (messages: BaseMessage[]) => {
        seen.push(messages);
        const reply = replies[seen.length - 1];
        if (!reply) throw new Error("no more scripted replies");
        if ("stack" in reply) throw reply;
        return { raw: new AIMessage({ content: JSON.stringify(reply), usage_metadata: { input_tokens: 10, output_tokens: 3, total_tokens: 13 } }), parsed: reply };
      },
    }),
  } as unknown as BaseChatModel;
  return { model, seen };
}

const task = (): AgentTask<Answer> => ({
  role: "judge",
  schema: Answer,
  messages: [new HumanMessage("judge this")],
  offline: () => ({ verdict: "offline", score: 1 }),
});

const zodError = () => Answer.safeParse({ verdict: "x", score: "high" }).error as Error;

describe("runAgent with answers the client could not parse", () => {
  it("a SyntaxError gets one repair request that names the problem, then the repaired answer is used", async () => {
    const { model, seen } = fakeModel([new SyntaxError("Unexpected end of JSON input"), { verdict: "fine", score: 4 }]);
    const result = await runAgent(task(), injectedJudge(model), "fallback");
    expect(result).toMatchObject({ ok: true, output: { verdict: "fine", score: 4 }, record: { source: "llm", attempts: 2 } });
    expect(result.record.invalid).toEqual([{ kind: "malformed_json", message: "the reply is not valid JSON (Unexpected end of JSON input)" }]);
    expect(seen).toHaveLength(2);
    expect(String(seen[1]?.at(-1)?.content)).toContain("- malformed_json: the reply is not valid JSON");
    expect(result.record.inputTokens).toBe(10);
  });

  it("a ZodError is a schema problem naming the field", async () => {
    const { model, seen } = fakeModel([zodError(), zodError()]);
    const result = await runAgent(task(), injectedJudge(model), "fallback");
    expect(seen).toHaveLength(2);
    expect(result.record.invalid.map((p) => p.kind)).toEqual(["schema_invalid", "schema_invalid"]);
    expect(result.record.invalid[0]?.message).toMatch(/^score: /);
    expect(result).toMatchObject({ ok: true, output: { verdict: "offline", score: 1 }, record: { source: "fallback", error: { agent: "judge", kind: "invalid_output" } } });
  });

  it("two malformed answers with onFailure=unscored fail as invalid_output", async () => {
    const { model } = fakeModel([new SyntaxError("Unexpected token }"), new SyntaxError("Unexpected token }")]);
    const result = await runAgent(task(), injectedJudge(model), "unscored");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.failure).toEqual({ agent: "judge", kind: "invalid_output", message: expect.stringMatching(/^malformed_json: /) });
  });

  it("a provider error is not repaired: one call, classified, then the fallback", async () => {
    const { model, seen } = fakeModel([Object.assign(new Error("500 upstream"), { name: "InternalServerError", status: 500 })]);
    // maxRetries 0: the retry layer (judges/retry.ts) would otherwise resend the 500 before falling back.
    const result = await runAgent(task(), injectedJudge(model), "fallback", { configurable: { maxRetries: 0 } });
    expect(seen).toHaveLength(1);
    expect(result.record).toMatchObject({ source: "fallback", attempts: 1, invalid: [], error: { kind: "server_error", message: "HTTP 500: upstream" } });
  });
});
