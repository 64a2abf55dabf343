/**
 * `createPairwiseEvaluator()` inside langsmith's own `evaluateComparative` and `evaluate([a, b], …)`,
 * against a local stand-in for the LangSmith API: two experiments of a support bot on one dataset,
 * judged offline; the feedback LangSmith records scores the better run of each example 1 and the other 0.
 */
import { randomUUID } from "node:crypto";
import { Client } from "langsmith";
import { evaluate, evaluateComparative } from "langsmith/evaluation";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createPairwiseEvaluator, type Dialogue } from "../../index.js";
import { BAD, GOOD } from "../pairwise/helpers.js";
import { startComparativeApi, type ComparativeApi } from "./comparative-api.js";

const VARIABLES = ["LANGSMITH_TRACING", "LANGSMITH_TRACING_V2", "LANGCHAIN_TRACING_V2", "LANGSMITH_ENDPOINT", "LANGSMITH_API_KEY", "LANGSMITH_PROJECT"] as const;
const saved = Object.fromEntries(VARIABLES.map((name) => [name, process.env[name]]));
const asMessages = (d: Dialogue) => d.turns.map((t) => ({ role: t.speaker, content: t.text }));

/** v1 solves the refund and fails the second customer; v2 the other way round. */
const REFUND = randomUUID();
const RETRY = randomUUID();
const examples = [
  { id: REFUND, inputs: { scenario: "refund" } },
  { id: RETRY, inputs: { scenario: "refund, second customer" } },
];
const experiments = [
  { name: "bot-v1", outputs: { [REFUND]: { messages: asMessages(GOOD) }, [RETRY]: { messages: asMessages(BAD) } } },
  { name: "bot-v2", outputs: { [REFUND]: { messages: asMessages(BAD) }, [RETRY]: { messages: asMessages(GOOD) } } },
];

let api: ComparativeApi;
let client: Client;

beforeAll(async () => {
  // Nothing may be traced anywhere else: the judge's own runs stay untraced.
  for (const name of VARIABLES) delete process.env[name];
  api = await startComparativeApi(examples, experiments);
  client = new Client({ apiUrl: api.url, apiKey: "lsv2-test-key", timeout_ms: 10_000, autoBatchTracing: false });
  // evaluateComparative prints the experiment name and its URL.
  vi.spyOn(console, "log").mockImplementation(() => undefined);
});

afterAll(async () => {
  vi.restoreAllMocks();
  for (const name of VARIABLES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  await api?.close();
});

/** Feedback score by run id, for one comparative experiment. */
const scoresOf = (experimentId: unknown) => Object.fromEntries(api.feedback.filter((f) => f.comparative_experiment_id === experimentId).map((f) => [f.run_id, f.score]));

describe("createPairwiseEvaluator in LangSmith's comparative evaluation (local API, offline judge)", () => {
  it("evaluateComparative(['bot-v1', 'bot-v2'], …): one comparison per example, feedback on every run", async () => {
    const result = await evaluateComparative(["bot-v1", "bot-v2"], { evaluators: [createPairwiseEvaluator()], client, experimentPrefix: "tribunal" });
    const v1 = api.runIds["bot-v1"] as Record<string, string>;
    const v2 = api.runIds["bot-v2"] as Record<string, string>;
    // The runs come in experiment order, so bot-v1's run is A: preference for A 1 on the refund, 0 on the second customer.
    expect(result.results).toHaveLength(2);
    expect(result.results.map((r) => r.scores)).toEqual(
      expect.arrayContaining([
        { [v1[REFUND] as string]: 1, [v2[REFUND] as string]: 0 },
        { [v1[RETRY] as string]: 0, [v2[RETRY] as string]: 1 },
      ]),
    );
    expect(result.results.every((r) => r.key === "tribunal_pairwise")).toBe(true);
    expect(api.comparativeExperiments).toHaveLength(1);
    const experiment = api.comparativeExperiments[0] as { id: string; experiment_ids: string[]; reference_dataset_id: string };
    expect(experiment).toMatchObject({ experiment_ids: [api.projectIds["bot-v1"], api.projectIds["bot-v2"]], reference_dataset_id: api.datasetId });
    expect(result.comparativeExperiment.id).toBe(experiment.id);
    expect(scoresOf(experiment.id)).toEqual({ [v1[REFUND] as string]: 1, [v2[REFUND] as string]: 0, [v1[RETRY] as string]: 0, [v2[RETRY] as string]: 1 });
    expect(api.feedback.every((f) => f.key === "tribunal_pairwise")).toBe(true);
    // Each feedback goes to the run's own experiment.
    for (const f of api.feedback) expect(f.session_id).toBe(Object.keys(v1).some((x) => v1[x] === f.run_id) ? api.projectIds["bot-v1"] : api.projectIds["bot-v2"]);
  }, 60_000);

  it("evaluate(['bot-v2', 'bot-v1'], { evaluators }) (the non-deprecated form) with a custom key: bot-v2 is A now", async () => {
    const result = await evaluate(["bot-v2", "bot-v1"], { evaluators: [createPairwiseEvaluator({ key: "preferred" })], client });
    const v1 = api.runIds["bot-v1"] as Record<string, string>;
    const v2 = api.runIds["bot-v2"] as Record<string, string>;
    expect(result.results.every((r) => r.key === "preferred")).toBe(true);
    expect(scoresOf(result.comparativeExperiment.id)).toEqual({ [v2[REFUND] as string]: 0, [v1[REFUND] as string]: 1, [v2[RETRY] as string]: 1, [v1[RETRY] as string]: 0 });
  }, 60_000);
});
