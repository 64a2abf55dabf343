/**
 * The panel graph over the real `@langchain/openai` client and a local OpenAI-compatible stub:
 * what goes over the wire (schema names, shared prefix, role inputs last, no human labels) and what
 * comes back into the line (scores, repairs, token usage).
 */
import { afterEach, describe, expect, it } from "vitest";
import { startOpenAIStub, type OpenAIStub, type StubRequest } from "../support/openai-stub.js";
import {
  ACTS,
  agreeAll,
  CRITERIA,
  evaluatorAnswer,
  lastMessage,
  OVERALL_RATINGS,
  runPanel,
  stubUsage,
  TURN_RATINGS,
  USS_TRANSCRIPT,
  ussDialogue,
  useTestApiKey,
  weighted,
  withoutMeta,
  type Scores,
} from "./helpers.js";

const SCORES: Scores = { TaskSuccess: 80, Helpfulness: 60, Accuracy: 100, Understanding: 80, Empathy: 40, Fluency: 60 };
const QUOTE = 'USER: "The marmalade scenes were hilarious."';

describe("panel over HTTP (one shared toolset, the role's tool forced)", () => {
  const apiKey = useTestApiKey();
  let stub: OpenAIStub | undefined;
  afterEach(async () => {
    await stub?.close();
    stub = undefined;
  });

  /** A stub answering the evaluator with `scores` (or `evaluator(attempt)`; a string is sent as is) and the critic with agreement. */
  async function scriptedStub(evaluator: (attempt: number) => unknown = () => evaluatorAnswer(SCORES, QUOTE)) {
    const replies: string[] = [];
    let evaluatorCalls = 0;
    stub = await startOpenAIStub((request: StubRequest) => {
      const answer = request.schemaName === "evaluator" ? evaluator(evaluatorCalls++) : agreeAll();
      const content = typeof answer === "string" ? answer : JSON.stringify(answer);
      replies.push(content);
      return { content };
    });
    return { stub, replies };
  }

  const configurable = (baseUrl: string, model = "openai:gpt-4o-mini") => ({ model, baseUrl, maxRetries: 0, timeoutMs: 5_000 });

  it("sends evaluator then critic with byte-identical tools and system message (the cached prefix), each forcing its own tool", async () => {
    const { stub } = await scriptedStub();
    await runPanel(ussDialogue(), configurable(stub.baseUrl), apiKey());

    expect(stub.requests.map((r) => r.schemaName)).toEqual(["evaluator", "critic"]);
    const [evaluator, critic] = stub.requests as [StubRequest, StubRequest];
    for (const request of stub.requests) {
      expect(request.body.response_format).toBeUndefined();
      expect(request.body.tools?.map((t) => t.function.name)).toEqual(["evaluator", "critic"]);
      expect(request.body.tools?.every((t) => t.type === "function" && t.function.strict === true)).toBe(true);
      expect(request.body.tool_choice).toEqual({ type: "function", function: { name: request.schemaName } });
      expect(request.headers.authorization).toBe(`Bearer ${apiKey()}`);
      expect(request.body.messages[0]?.role).toBe("system");
    }
    // The evaluator's contract names every criterion; the critic's is the `critic` list of docs/protocols.md#panel.
    const parameters = evaluator.body.tools?.[0]?.function.parameters as { properties: Record<string, unknown>; required: string[] };
    expect(parameters.required).toEqual([...CRITERIA]);
    expect(Object.keys((critic.body.tools?.[1]?.function.parameters as { properties: object }).properties)).toEqual(["critic"]);
    expect(critic.body.tools).toEqual(evaluator.body.tools);
    const prefix = evaluator.body.messages[0]?.content ?? "";
    expect(critic.body.messages[0]?.content).toBe(prefix);
    // Byte for byte on the wire too, as a provider's prompt cache would compare it: tools first, then the system message.
    const wireTools = JSON.stringify(evaluator.body.tools);
    const wirePrefix = JSON.stringify(evaluator.body.messages[0]);
    for (const request of [evaluator, critic]) {
      expect(request.rawBody).toContain(`"tools":${wireTools}`);
      expect(request.rawBody).toContain(wirePrefix);
    }
    expect(prefix).toContain(`<transcript>\n${USS_TRANSCRIPT}\n</transcript>`);
    expect(prefix.indexOf("<transcript>")).toBeGreaterThan(prefix.indexOf("TaskSuccess"));
  });

  it("puts the evaluator's scores in the critic's last message, and nowhere in the evaluator's request", async () => {
    const { stub } = await scriptedStub();
    await runPanel(ussDialogue(), configurable(stub.baseUrl), apiKey());
    const [evaluator, critic] = stub.requests as [StubRequest, StubRequest];

    const last = lastMessage(critic);
    expect(last.role).toBe("user");
    for (const c of CRITERIA) {
      const entry = last.content.match(new RegExp(`\\{[^{}]*"criterion":\\s*"${c}"[^{}]*\\}`))?.[0];
      expect(entry, `critic prompt entry for ${c}`).toBeDefined();
      expect(entry).toMatch(new RegExp(`"score":\\s*${SCORES[c]}\\b`));
      expect(entry).toContain(`Marker-${c}`);
    }
    expect(critic.body.messages.slice(0, -1).some((m) => m.content.includes("Marker-"))).toBe(false);
    expect(evaluator.rawBody).not.toContain("Marker-");
  });

  it("scores from the model's answers and sums the provider's token usage of both calls into meta", async () => {
    const { stub, replies } = await scriptedStub();
    const result = await runPanel(ussDialogue(), configurable(stub.baseUrl), apiKey());

    // 80*0.40 + 60*0.15 + 100*0.15 + 80*0.10 + 40*0.10 + 60*0.10 = 74 → floor bucket 60.
    expect(weighted(SCORES)).toBe(74);
    expect(result.evaluator).toMatchObject({ ...Object.fromEntries(CRITERIA.map((c) => [c, { score: SCORES[c] }])), numeric_weighted_average: 74 });
    expect(result.referee_final).toMatchObject({ numeric_weighted_average: 74, OverallExperience: 60 });
    expect(result.meta).toMatchObject({ status: "scored", model: "openai:gpt-4o-mini", calls: 2, fallbacks: [], invalid_outputs: [] });

    expect(replies).toHaveLength(2);
    const usage = stubUsage(stub.requests, replies);
    expect(usage.input).toBeGreaterThan(500);
    expect(result.meta.tokens).toEqual({ input: usage.input, output: usage.output, total: usage.input + usage.output });
  });

  it("never sends human ratings or dialogue acts", async () => {
    const dialogue = ussDialogue();
    // The labels are really in the parsed dialogue, so a leak would be possible.
    expect(dialogue.turns[1]?.ratings).toEqual([5, 1, 5, 1, 2]);
    expect(dialogue.overallRatings).toEqual([1, 5, 1, 5]);
    expect(dialogue.turns.map((t) => t.act)).toEqual(ACTS.slice(0, 5));

    const { stub } = await scriptedStub();
    await runPanel(dialogue, configurable(stub.baseUrl), apiKey());
    expect(stub.requests).toHaveLength(2);
    for (const request of stub.requests) {
      for (const label of [TURN_RATINGS, OVERALL_RATINGS, "[5,1,5,1,2]", "[1,5,1,5]", "OVERALL", ...ACTS, "ZQX_"]) {
        expect(request.rawBody, `request ${request.index} leaks ${label}`).not.toContain(label);
      }
    }
  });

  it("sends the same shared toolset to gpt-4 (no json_schema support): schema names are the forced function names", async () => {
    const { stub, replies } = await scriptedStub();
    const result = await runPanel(ussDialogue(), configurable(stub.baseUrl, "openai:gpt-4"), apiKey());

    expect(stub.requests.map((r) => r.schemaName)).toEqual(["evaluator", "critic"]);
    for (const request of stub.requests) {
      expect(request.body.response_format).toBeUndefined();
      expect(request.body.tools?.map((t) => t.function.name)).toEqual(["evaluator", "critic"]);
      expect(request.body.tool_choice).toEqual({ type: "function", function: { name: request.schemaName } });
    }
    expect(stub.requests[1]?.body.tools).toEqual(stub.requests[0]?.body.tools);
    expect(stub.requests[1]?.body.messages[0]).toEqual(stub.requests[0]?.body.messages[0]);
    expect(result.meta).toMatchObject({ status: "scored", model: "openai:gpt-4", fallbacks: [], invalid_outputs: [] });
    expect(result.referee_final).toMatchObject({ TaskSuccess: { score: 80 }, Empathy: { score: 40 }, numeric_weighted_average: 74, OverallExperience: 60 });
    const usage = stubUsage(stub.requests, replies);
    expect(result.meta.tokens).toEqual({ input: usage.input, output: usage.output, total: usage.input + usage.output });
  });

  it("repairs an out-of-scale score with exactly one request that names the problem", async () => {
    const { stub, replies } = await scriptedStub((attempt) => evaluatorAnswer(attempt === 0 ? { ...SCORES, TaskSuccess: 55 } : SCORES, QUOTE));
    const result = await runPanel(ussDialogue(), configurable(stub.baseUrl), apiKey());

    expect(stub.requests.map((r) => r.schemaName)).toEqual(["evaluator", "evaluator", "critic"]);
    const [first, repair] = stub.requests as [StubRequest, StubRequest];
    expect(repair.body.messages.slice(0, first.body.messages.length)).toEqual(first.body.messages);
    expect(repair.body.tools).toEqual(first.body.tools);
    // The bad answer goes back as the assistant's evaluator call, the problems as that call's result.
    const previous = repair.body.messages[repair.body.messages.length - 2];
    expect(previous?.role).toBe("assistant");
    const call = previous?.tool_calls?.[0];
    expect(call?.function.name).toBe("evaluator");
    expect(call?.function.arguments).toContain('"score":55');
    const last = lastMessage(repair);
    expect(last.role).toBe("tool");
    expect(repair.body.messages.at(-1)?.tool_call_id).toBe(call?.id);
    expect(last.content).toContain("out_of_scale: TaskSuccess: 55 is not one of 20, 40, 60, 80, 100");

    expect(result.evaluator).toMatchObject({ TaskSuccess: { score: 80 }, numeric_weighted_average: 74 });
    expect(result.meta).toMatchObject({
      status: "scored",
      calls: 2,
      fallbacks: [],
      invalid_outputs: [{ agent: "evaluator", kind: "out_of_scale", message: "TaskSuccess: 55 is not one of 20, 40, 60, 80, 100" }],
    });
    const usage = stubUsage(stub.requests, replies);
    expect(result.meta.tokens).toEqual({ input: usage.input, output: usage.output, total: usage.input + usage.output });
  });

  it("repairs tool-call arguments that are not JSON: malformed_json, answered as that call's result", async () => {
    const { stub } = await scriptedStub((attempt) => (attempt === 0 ? '{"TaskSuccess": {"score": 80,' : evaluatorAnswer(SCORES, QUOTE)));
    const result = await runPanel(ussDialogue(), configurable(stub.baseUrl), apiKey());

    expect(stub.requests.map((r) => r.schemaName)).toEqual(["evaluator", "evaluator", "critic"]);
    const repair = stub.requests[1] as StubRequest;
    const call = repair.body.messages.at(-2)?.tool_calls?.[0];
    expect(call?.function.arguments).toBe('{"TaskSuccess": {"score": 80,');
    expect(repair.body.messages.at(-1)).toMatchObject({ role: "tool", tool_call_id: call?.id });
    expect(lastMessage(repair).content).toContain("- malformed_json: the reply is not valid JSON");
    expect(result.meta).toMatchObject({ status: "scored", fallbacks: [], invalid_outputs: [{ agent: "evaluator", kind: "malformed_json" }] });
    expect(result.evaluator).toMatchObject({ TaskSuccess: { score: 80 }, numeric_weighted_average: 74 });
  });

  it("repairs an answer that breaks the schema (a criterion missing)", async () => {
    const { stub } = await scriptedStub((attempt) => {
      const answer = evaluatorAnswer(SCORES, QUOTE);
      if (attempt === 0) delete answer.Fluency;
      return answer;
    });
    const result = await runPanel(ussDialogue(), configurable(stub.baseUrl), apiKey());

    expect(stub.requests.map((r) => r.schemaName)).toEqual(["evaluator", "evaluator", "critic"]);
    expect(lastMessage(stub.requests[1] as StubRequest).content).toMatch(/- schema_invalid: Fluency: /);
    expect(result.meta).toMatchObject({ status: "scored", fallbacks: [], invalid_outputs: [{ agent: "evaluator", kind: "schema_invalid", message: expect.stringMatching(/^Fluency: /) }] });
    expect(result.evaluator).toMatchObject({ Fluency: { score: 60 }, numeric_weighted_average: 74 });
  });

  it("falls back to the offline evaluator after one failed repair, never to a low score", async () => {
    const { stub } = await scriptedStub(() => evaluatorAnswer({ ...SCORES, TaskSuccess: 55 }, QUOTE));
    const result = await runPanel(ussDialogue(), configurable(stub.baseUrl), apiKey());
    const offline = await runPanel(ussDialogue(), { model: "offline" });

    expect(stub.requests.map((r) => r.schemaName)).toEqual(["evaluator", "evaluator", "critic"]);
    expect(result.meta.fallbacks).toEqual([{ agent: "evaluator", kind: "invalid_output", message: expect.stringContaining("out_of_scale") }]);
    expect(result.meta.invalid_outputs.map((p) => p.kind)).toEqual(["out_of_scale", "out_of_scale"]);
    expect(result.evaluator).toEqual(offline.evaluator);
    expect(withoutMeta(result)).not.toHaveProperty("status");
  });
});
