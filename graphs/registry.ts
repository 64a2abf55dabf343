import type { RunnableConfig } from "@langchain/core/runnables";
import type { BaseCheckpointSaver, Command } from "@langchain/langgraph";
import { z } from "zod";
import type { Dialogue } from "../dialogues/dialogue.js";
import type { LlmJudge } from "../judges/judge.js";
import type { Configuration } from "../judges/configuration.js";
import type { AgentResult } from "../judges/run-agent.js";
import type { JuryAggregator } from "../results/jury.js";
import type { ResultSpec } from "../results/spec.js";
import type { Rubric } from "../rubrics/schema.js";
import { BAREM, checkBaremRubric } from "../nodes/barem/defaults.js";
import { baremProbe } from "../nodes/barem/probe.js";
import { baremJury } from "../nodes/barem/jury.js";
import { baremResult } from "../nodes/barem/result-line.js";
import { CHECKLIST, checkChecklistRubric } from "../nodes/checklist/defaults.js";
import { checklistProbe } from "../nodes/checklist/probe.js";
import { checklistJury } from "../nodes/checklist/jury.js";
import { checklistResult } from "../nodes/checklist/result-line.js";
import { ConsensusSettingsSchema, scoreBounds } from "../nodes/consensus/configuration.js";
import { CONSENSUS, CONSENSUS_PATHS } from "../nodes/consensus/defaults.js";
import { AGENT_OF } from "../nodes/consensus/ask-agent.js";
import { consensusProbe } from "../nodes/consensus/probe.js";
import { consensusJury } from "../nodes/consensus/jury.js";
import { consensusResult } from "../nodes/consensus/result-line.js";
import { readConsensusInput } from "../nodes/consensus/submissions.js";
import { PairwiseSettingsSchema } from "../nodes/pairwise/configuration.js";
import { checkPairwiseRubric, PAIRWISE, PAIRWISE_PATHS } from "../nodes/pairwise/defaults.js";
import { PAIR_PROBE_DIALOGUE, pairwiseProbe } from "../nodes/pairwise/probe.js";
import { readPairs } from "../nodes/pairwise/read-pairs.js";
import { pairwiseJury } from "../nodes/pairwise/jury.js";
import { pairwiseResult } from "../nodes/pairwise/result-line.js";
import { checkPanelRubric, PANEL } from "../nodes/panel/defaults.js";
import { panelProbe } from "../nodes/panel/probe.js";
import { panelJury } from "../nodes/panel/jury.js";
import { panelResult } from "../nodes/panel/result-line.js";
import { buildBaremGraph } from "./barem.js";
import { ASSESSOR_CONCURRENCY, buildChecklistGraph } from "./checklist.js";
import { buildConsensusGraph } from "./consensus.js";
import { buildPairwiseGraph } from "./pairwise.js";
import { buildPanelGraph } from "./panel.js";

/** The judging protocols: one graph in graphs/ and one folder in nodes/ each. */
export const ProtocolId = z.enum(["panel", "consensus", "checklist", "barem", "pairwise"]);
export type ProtocolId = z.infer<typeof ProtocolId>;

/** What every protocol's compiled graph offers: a dialogue in, a `result` line out. */
export interface CompiledJudge {
  name?: string | undefined;
  /** A dialogue to judge, or a `Command` resuming a run paused for human review. */
  invoke(input: { dialogue: Dialogue } | Command<unknown, never, never>, config?: RunnableConfig): Promise<{ result?: Record<string, unknown> | undefined; __interrupt__?: unknown }>;
  withConfig(config: RunnableConfig): CompiledJudge;
}

/** A protocol's graph builder: `build().compile(…)` gives its runnable graph. */
export interface JudgeGraphBuilder {
  compile(options?: { checkpointer?: BaseCheckpointSaver }): CompiledJudge;
}

export interface ProtocolEntry {
  id: ProtocolId;
  description: string;
  /** The rubric used when none is configured. */
  defaultRubric: string;
  /** The roles a model can be assigned to (`--model evaluator=…,critic=…`). */
  roles: readonly string[];
  /** The role whose model answers a call, by the call's role, when they differ (consensus: `debate_critique` is generous's). */
  modelRoleOf?: (callRole: string) => string;
  build: () => JudgeGraphBuilder;
  /** What the protocol needs of a rubric beyond being written for it (a scale kind); throws a RubricError or ConfigError. */
  checkRubric: (rubric: Rubric) => void;
  /** Settings of the protocol's own beyond the shared configuration (consensus: tolerance, maxRounds, …). */
  settings: z.ZodObject;
  /** Run options every compiled graph of the protocol gets (checklist: how many assessors at once). */
  runConfig: { maxConcurrency?: number };
  /** For a protocol whose number of calls depends on the answers: settings giving its shortest and longest path. */
  paths?: { shortest: Record<string, unknown>; longest: Record<string, unknown> };
  /** The protocol also judges candidate submissions (one user turn holding the content): that shape is not warned about as one-sided. */
  judgesSubmissions?: boolean;
  /** The protocol's input reader when it accepts more than `readDialogues` does (consensus: candidate submissions); `name` is what errors call the file. */
  readInput?: (file: string, name?: string) => AsyncIterable<Dialogue>;
  /** Its scored line's schema and readers (headline, continuous, bucketed, criteria, range, detail). */
  result: ResultSpec;
  /** How a jury's members' scored lines make one line of this protocol (`--jury`). */
  jury: JuryAggregator;
  /** A short ordinary input of the protocol's shape, when it is not a plain dialogue (`PROBE_DIALOGUE`): what a run's size estimate starts from (api/input-size.ts). */
  baseDialogue?: Dialogue;
  /** The call a run makes to each of its models before the first dialogue, to check the model answers the protocol's contract. */
  probe: (configuration: Configuration, dialogue: Dialogue, config: RunnableConfig, judge: LlmJudge) => Promise<AgentResult<unknown>>;
}

const NO_SETTINGS = z.object({});

/** THE list of protocols: builders, CLI choices, headline readers and report dispatch derive from it. */
export const PROTOCOLS = {
  panel: {
    id: PANEL.protocol,
    description: "evaluator → critic → referee → score",
    defaultRubric: PANEL.defaultRubric,
    roles: PANEL.roles,
    build: buildPanelGraph,
    checkRubric: checkPanelRubric,
    settings: NO_SETTINGS,
    runConfig: {},
    result: panelResult,
    jury: panelJury,
    probe: panelProbe,
  },
  consensus: {
    id: CONSENSUS.protocol,
    description: "strict ∥ generous → agreement? → debate round(s) → 0.6·strict + 0.4·generous; also reads candidate submissions {id, content}",
    defaultRubric: CONSENSUS.defaultRubric,
    roles: CONSENSUS.roles,
    modelRoleOf: (callRole: string) => AGENT_OF[callRole as keyof typeof AGENT_OF] ?? callRole,
    build: buildConsensusGraph,
    checkRubric: scoreBounds,
    settings: ConsensusSettingsSchema,
    runConfig: {},
    judgesSubmissions: true,
    readInput: readConsensusInput,
    paths: CONSENSUS_PATHS,
    result: consensusResult,
    jury: consensusJury,
    probe: consensusProbe,
  },
  checklist: {
    id: CHECKLIST.protocol,
    description: "one assessor per criterion (parallel) → gate → YES/(YES+NO) score",
    defaultRubric: CHECKLIST.defaultRubric,
    roles: CHECKLIST.roles,
    build: buildChecklistGraph,
    checkRubric: checkChecklistRubric,
    settings: NO_SETTINGS,
    runConfig: { maxConcurrency: ASSESSOR_CONCURRENCY },
    result: checklistResult,
    jury: checklistJury,
    probe: checklistProbe,
  },
  barem: {
    id: BAREM.protocol,
    description: "one judge with the detailed barem and few-shot examples → score",
    defaultRubric: BAREM.defaultRubric,
    roles: BAREM.roles,
    build: buildBaremGraph,
    checkRubric: checkBaremRubric,
    settings: NO_SETTINGS,
    runConfig: {},
    result: baremResult,
    jury: baremJury,
    probe: baremProbe,
  },
  pairwise: {
    id: PAIRWISE.protocol,
    description: "(A,B) ∥ (B,A) → consistent? → one reconsideration round → winner A|B|tie (a tie when the orders still disagree); reads pairs {id, a, b}",
    defaultRubric: PAIRWISE.defaultRubric,
    roles: PAIRWISE.roles,
    // Both roles of a call (comparison, reconsideration) are the one judge's.
    modelRoleOf: () => "judge",
    build: buildPairwiseGraph,
    checkRubric: checkPairwiseRubric,
    settings: PairwiseSettingsSchema,
    runConfig: {},
    readInput: readPairs,
    paths: PAIRWISE_PATHS,
    result: pairwiseResult,
    jury: pairwiseJury,
    probe: pairwiseProbe,
    baseDialogue: PAIR_PROBE_DIALOGUE,
  },
} as const satisfies Record<ProtocolId, ProtocolEntry>;

export type Protocols = typeof PROTOCOLS;

/** The protocol ids in registry order (the CLI's `--protocol` choices). */
export const PROTOCOL_IDS: readonly ProtocolId[] = ProtocolId.options;
