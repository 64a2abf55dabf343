import { MemorySaver } from "@langchain/langgraph";
import { ensureConfiguration } from "../judges/configuration.js";
import { ConfigError } from "../judges/config-error.js";
import { ensureConsensusConfiguration } from "../nodes/consensus/configuration.js";
import type { Protocol } from "../results/meta.js";
import { buildBaremGraph } from "../graphs/barem.js";
import { buildChecklistGraph, ASSESSOR_CONCURRENCY } from "../graphs/checklist.js";
import { buildConsensusGraph } from "../graphs/consensus.js";
import { buildPanelGraph } from "../graphs/panel.js";
import { PROTOCOLS } from "../graphs/registry.js";
import { toConfigurable, wantsHumanReview, type ConsensusOptions, type CreateJudgeOptions, type JudgeOptions } from "./options.js";

/** The protocol's default rubric (from the CLI registry, so both agree). */
export function defaultRubricOf(protocol: Protocol): string {
  const definition = PROTOCOLS[protocol];
  if (!definition) throw new ConfigError(`unknown protocol ${protocol}; protocols: ${Object.keys(PROTOCOLS).join(", ")}`);
  return definition.defaultRubric;
}

/** Fails at build time, with the configuration's own message, on a bad rubric, model spec or setting. */
function validate(protocol: Protocol, configurable: Record<string, unknown>): void {
  const config = { configurable };
  if (protocol === "consensus") ensureConsensusConfiguration(config);
  else ensureConfiguration(config, defaultRubricOf(protocol));
}

function prepare(protocol: Protocol, options: JudgeOptions | ConsensusOptions) {
  const configurable = toConfigurable(options);
  validate(protocol, configurable);
  const checkpointer = options.checkpointer ?? (wantsHumanReview(options) ? new MemorySaver() : undefined);
  return { configurable, compileOptions: checkpointer ? { checkpointer } : {} };
}

/** The panel graph (evaluator → critic → referee → score) with these options bound. */
export function createPanelGraph(options: JudgeOptions = {}) {
  const { configurable, compileOptions } = prepare("panel", options);
  const graph = buildPanelGraph().compile(compileOptions).withConfig({ configurable });
  graph.name = "panel";
  return graph;
}

/** The consensus graph (strict ∥ generous → debate → consensus [→ human_review]) with these options bound. */
export function createConsensusGraph(options: ConsensusOptions = {}) {
  const { configurable, compileOptions } = prepare("consensus", options);
  const graph = buildConsensusGraph().compile(compileOptions).withConfig({ configurable });
  graph.name = "consensus";
  return graph;
}

/** The checklist graph (one assessor per criterion → gate → score) with these options bound. */
export function createChecklistGraph(options: JudgeOptions = {}) {
  const { configurable, compileOptions } = prepare("checklist", options);
  const graph = buildChecklistGraph().compile(compileOptions).withConfig({ configurable, maxConcurrency: ASSESSOR_CONCURRENCY });
  graph.name = "checklist";
  return graph;
}

/** The barem graph (one judge with the detailed barem → score) with these options bound. */
export function createBaremGraph(options: JudgeOptions = {}) {
  const { configurable, compileOptions } = prepare("barem", options);
  const graph = buildBaremGraph().compile(compileOptions).withConfig({ configurable });
  graph.name = "barem";
  return graph;
}

/** The compiled graph `createJudge` returns for each protocol. */
export interface JudgeGraphs {
  panel: ReturnType<typeof createPanelGraph>;
  consensus: ReturnType<typeof createConsensusGraph>;
  checklist: ReturnType<typeof createChecklistGraph>;
  barem: ReturnType<typeof createBaremGraph>;
}

/** One entry point for every protocol: `createJudge({ protocol: "consensus", model: "openai:gpt-4o-mini" })`. */
export function createJudge(options: { protocol: "panel" } & JudgeOptions): JudgeGraphs["panel"];
export function createJudge(options: { protocol: "consensus" } & ConsensusOptions): JudgeGraphs["consensus"];
export function createJudge(options: { protocol: "checklist" } & JudgeOptions): JudgeGraphs["checklist"];
export function createJudge(options: { protocol: "barem" } & JudgeOptions): JudgeGraphs["barem"];
export function createJudge(options: CreateJudgeOptions): JudgeGraphs[Protocol];
export function createJudge(options: CreateJudgeOptions): JudgeGraphs[Protocol] {
  const { protocol, ...rest } = options;
  switch (protocol) {
    case "panel":
      return createPanelGraph(rest);
    case "consensus":
      return createConsensusGraph(rest);
    case "checklist":
      return createChecklistGraph(rest);
    case "barem":
      return createBaremGraph(rest);
    default:
      throw new ConfigError(`unknown protocol ${String(protocol)}; protocols: ${Object.keys(PROTOCOLS).join(", ")}`);
  }
}
