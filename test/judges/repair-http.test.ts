/**
 * The repair turn over the real HTTP path (@langchain/openai against the local stub): the reply that
 * called a tool is answered by a tool message with the problems, and LangChain never prints its
 * "New LangChain packages are available…" warning, not even for tool-call arguments that are not JSON.
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { HumanMessage } from "@langchain/core/messages";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createLlmJudge } from "../../judges/chat-model.js";
import { JudgeAzureChatOpenAI, JudgeChatOpenAI } from "../../judges/providers/openai.js";
import { injectedJudge } from "../../judges/judge.js";
import { runAgent, type AgentTask } from "../../judges/run-agent.js";
import { useStub } from "../support/test-env.js";

const Verdict = z.object({ verdict: z.string(), score: z.number() });
type Verdict = z.infer<typeof Verdict>;
const TOOLS = [{ name: "judge", description: "the judge's verdict", schema: Verdict }];
const WARNING = "New LangChain packages";

const task = (toolset: boolean): AgentTask<Verdict> => ({
  role: "judge",
  schema: Verdict,
  messages: [new HumanMessage("judge this")],
  ...(toolset ? { toolset: TOOLS } : {}),
  check: (output) => (output.score > 5 ? [{ kind: "out_of_scale", message: `score: ${output.score} is above 5` }] : []),
  offline: () => ({ verdict: "offline", score: 1 }),
});

const settings = (baseUrl: string) => ({ apiKey: "sk-test-repairhttp0000", baseUrl, timeoutMs: 5_000, maxRetries: 0, temperature: 0 });
const configurable = { maxRetries: 0, timeoutMs: 5_000 };

describe("the repair turn over HTTP", () => {
  const stub = useStub();
  let written: string[] = [];
  beforeEach(() => {
    written = [];
    vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => void written.push(args.map(String).join(" ")));
    const write = process.stderr.write.bind(process.stderr);
    vi.spyOn(process.stderr, "write").mockImplementation(((chunk: unknown, ...rest: never[]) => {
      written.push(String(chunk));
      return write(chunk as string, ...rest);
    }) as typeof process.stderr.write);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const warned = () => written.filter((w) => w.includes(WARNING));

  it("a tool call that fails a check is answered by a tool message with the problems (createLlmJudge)", async () => {
    const s = await stub.start((r) => ({ json: { verdict: "fine", score: r.index === 0 ? 9 : 4 } }));
    const model = createLlmJudge({ provider: "openai", model: "gpt-4o-mini" }, settings(s.baseUrl)).model;
    const result = await runAgent(task(true), injectedJudge(model), "unscored", { configurable });
    expect(result).toMatchObject({ ok: true, output: { score: 4 }, record: { attempts: 2, invalid: [{ kind: "out_of_scale" }] } });
    const repair = s.requests[1]?.body.messages ?? [];
    expect(repair.map((m) => m.role)).toEqual(["user", "assistant", "tool"]);
    expect(repair[1]?.tool_calls).toEqual([{ id: "call_0", type: "function", function: { name: "judge", arguments: '{"verdict":"fine","score":9}' } }]);
    expect(repair[2]).toMatchObject({ tool_call_id: "call_0", content: expect.stringContaining("- out_of_scale: score: 9 is above 5") });
    expect(warned()).toEqual([]);
  });

  it("a json_schema answer that fails a check is followed by a user message (createLlmJudge)", async () => {
    const s = await stub.start((r) => ({ json: { verdict: "fine", score: r.index === 0 ? 9 : 4 } }));
    const model = createLlmJudge({ provider: "openai", model: "gpt-4o-mini" }, settings(s.baseUrl)).model;
    const result = await runAgent(task(false), injectedJudge(model), "unscored", { configurable });
    expect(result).toMatchObject({ ok: true, output: { score: 4 } });
    expect(s.requests[1]?.body.messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
    expect(warned()).toEqual([]);
  });

  it("tool-call arguments that are not JSON: no warning, and the call goes back as sent, answered by its result", async () => {
    const bad = '{"verdict": "fine", "score":';
    const s = await stub.start((r) => (r.index === 0 ? { content: bad } : { json: { verdict: "fine", score: 4 } }));
    const model: BaseChatModel = new JudgeChatOpenAI({ model: "gpt-4o-mini", apiKey: "sk-test-repairhttp0000", configuration: { baseURL: s.baseUrl }, timeout: 5_000, maxRetries: 0, temperature: 0 });
    const result = await runAgent(task(true), injectedJudge(model), "unscored", { configurable });
    expect(result).toMatchObject({ ok: true, output: { score: 4 }, record: { attempts: 2, invalid: [{ kind: "malformed_json" }] } });
    const repair = s.requests[1]?.body.messages ?? [];
    expect(repair.map((m) => m.role)).toEqual(["user", "assistant", "tool"]);
    expect(repair[1]?.tool_calls).toEqual([{ id: "call_0", type: "function", function: { name: "judge", arguments: bad } }]);
    expect(repair[2]).toMatchObject({ tool_call_id: "call_0", content: expect.stringContaining("- malformed_json: the reply is not valid JSON") });
    expect(warned()).toEqual([]);
  });
});

describe("JudgeAzureChatOpenAI", () => {
  it("replaces the completions client Azure's constructor sets with the quiet one", () => {
    const model = new JudgeAzureChatOpenAI({ azureOpenAIApiKey: "x", azureOpenAIApiInstanceName: "i", azureOpenAIApiDeploymentName: "d", azureOpenAIApiVersion: "2024-10-21", maxRetries: 0, timeout: 1_000 });
    const completions = (model as unknown as { completions: object }).completions;
    expect(Object.getPrototypeOf(completions).constructor.name).toBe("QuietAzureCompletions");
    expect((completions as { azureOpenAIApiDeploymentName?: string }).azureOpenAIApiDeploymentName).toBe("d");
  });
});
