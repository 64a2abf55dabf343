/**
 * runAgent with a protocol toolset: every call binds the same tools in the same order and forces its
 * role's own; the answer is read from the tool call, and a bad one is repaired as that call's result.
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { injectedJudge } from "../../judges/judge.js";
import { runAgent, type AgentTask, type RoleTool } from "../../judges/run-agent.js";
import { ScriptedChatModel, type Script } from "../support/scripted-model.js";

const Verdict = z.object({ verdict: z.string(), score: z.number() });
type Verdict = z.infer<typeof Verdict>;
const Note = z.object({ note: z.string() });
const TOOLS: readonly RoleTool[] = [
  { name: "judge", description: "the judge's verdict", schema: Verdict },
  { name: "reviewer", schema: Note },
];

const task = (toolset: readonly RoleTool[] | null = TOOLS): AgentTask<Verdict> => ({
  role: "judge",
  schema: Verdict,
  messages: [new HumanMessage("judge this")],
  ...(toolset ? { toolset } : {}),
  check: (output) => (output.score > 5 ? [{ kind: "out_of_scale", message: `score: ${output.score} is above 5` }] : []),
  offline: () => ({ verdict: "offline", score: 1 }),
});

const llm = (model: BaseChatModel) => injectedJudge(model);

describe("runAgent with a toolset", () => {
  it("binds every tool in order, forces the role's, and reads the answer from the tool call", async () => {
    const model = new ScriptedChatModel(() => ({ verdict: "fine", score: 4 }));
    const result = await runAgent(task(), llm(model), "fallback");
    expect(result).toMatchObject({ ok: true, output: { verdict: "fine", score: 4 }, record: { agent: "judge", source: "llm", attempts: 1, invalid: [] } });
    expect(model.calls.map((c) => [c.role, c.tools])).toEqual([["judge", ["judge", "reviewer"]]]);
    // "judge this" is 10 characters: ⌈10 / 4⌉ input tokens, read from usage_metadata.
    expect(result.record.inputTokens).toBe(3);
  });

  it("answers a failed check as the tool call's result, then uses the repaired answer", async () => {
    const model = new ScriptedChatModel(({ attempt }) => ({ verdict: "fine", score: attempt === 0 ? 9 : 4 }));
    const result = await runAgent(task(), llm(model), "fallback");
    expect(result).toMatchObject({ ok: true, output: { score: 4 }, record: { attempts: 2, invalid: [{ kind: "out_of_scale", message: "score: 9 is above 5" }] } });
    const repair = model.calls[1]?.messages ?? [];
    expect(repair.map((m) => m.getType())).toEqual(["human", "ai", "tool"]);
    const call = (repair[1] as AIMessage).tool_calls?.[0];
    expect(call).toMatchObject({ name: "judge", args: { verdict: "fine", score: 9 } });
    expect(repair[2]).toMatchObject({ tool_call_id: call?.id });
    expect(String(repair[2]?.content)).toContain("- out_of_scale: score: 9 is above 5");
  });

  it("a text reply that is not JSON is malformed_json, repaired with a user message (no tool call to answer)", async () => {
    const script: Script = ({ attempt }) => (attempt === 0 ? "I think it is fine, 4/5" : { verdict: "fine", score: 4 });
    const model = new ScriptedChatModel(script);
    const result = await runAgent(task(), llm(model), "fallback");
    expect(result.record.invalid).toEqual([{ kind: "malformed_json", message: expect.stringMatching(/^the reply is not valid JSON \(/) }]);
    expect(model.calls[1]?.messages.map((m) => m.getType())).toEqual(["human", "ai", "human"]);
    expect(result).toMatchObject({ ok: true, output: { score: 4 } });
  });

  it("tool-call arguments the client could not parse are malformed_json, answered as that call's result", async () => {
    const seen: BaseMessage[][] = [];
    const replies = [
      new AIMessage({ content: "", invalid_tool_calls: [{ name: "judge", args: '{"verdict": "fine", "score":', id: "call_bad", error: "bad JSON", type: "invalid_tool_call" }] }),
      new AIMessage({ content: "", tool_calls: [{ name: "judge", args: { verdict: "fine", score: 4 }, id: "call_ok", type: "tool_call" }] }),
    ];
    const bound: { tools?: unknown[]; kwargs?: unknown } = {};
    const model = {
      bindTools: (tools: unknown[], kwargs: unknown) => {
        Object.assign(bound, { tools, kwargs });
        return { invoke: async (messages: BaseMessage[]) => replies[seen.push(messages) - 1] };
      },
    } as unknown as BaseChatModel;
    const result = await runAgent(task(), llm(model), "unscored");
    expect(bound.kwargs).toEqual({ tool_choice: "judge", strict: true });
    expect(bound.tools).toEqual([
      { name: "judge", description: "the judge's verdict", schema: Verdict },
      { name: "reviewer", schema: Note },
    ]);
    expect(result.record.invalid).toEqual([{ kind: "malformed_json", message: expect.stringMatching(/^the reply is not valid JSON \(/) }]);
    expect(seen[1]?.at(-1)).toMatchObject({ tool_call_id: "call_bad" });
    expect(result).toMatchObject({ ok: true, output: { verdict: "fine", score: 4 } });
  });

  it("without a toolset (or a model that cannot bind tools) the role's json_schema path is used", async () => {
    const model = new ScriptedChatModel(() => ({ verdict: "fine", score: 4 }));
    await runAgent(task(null), llm(model), "fallback");
    expect(model.calls.map((c) => [c.role, c.tools])).toEqual([["judge", undefined]]);

    let structured = 0;
    const plain = {
      withStructuredOutput: () => ({
        invoke: async () => {
          structured++;
          return { raw: new AIMessage(JSON.stringify({ verdict: "plain", score: 2 })), parsed: null };
        },
      }),
    } as unknown as BaseChatModel;
    const result = await runAgent(task(), llm(plain), "fallback");
    expect(structured).toBe(1);
    expect(result).toMatchObject({ ok: true, output: { verdict: "plain", score: 2 } });
  });

  it("a toolset without the role's tool is a programming error", async () => {
    const model = new ScriptedChatModel(() => ({ verdict: "fine", score: 4 }));
    await expect(runAgent(task([{ name: "reviewer", schema: Note }]), llm(model), "fallback")).rejects.toThrow('the toolset (reviewer) has no tool for role "judge"');
    expect(model.calls).toEqual([]);
  });
});
