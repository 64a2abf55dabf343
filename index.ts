/**
 * Tribunal's library entry: typed builders for each protocol's graph, one-call evaluation,
 * openevals / LangSmith evaluator adapters (one run, or two runs compared), and the pieces they are
 * made of.
 */

// Build a judge: compiled LangGraph graphs with their configuration bound.
export { createJudge, createPanelGraph, createConsensusGraph, createChecklistGraph, createBaremGraph, type JudgeGraphs } from "./api/builders.js";
export type { JudgeOptions, ConsensusOptions, CreateJudgeOptions, ProtocolOptions } from "./api/options.js";

// Judge dialogues from a script.
export { evaluateDialogue, evaluateMany } from "./api/evaluate.js";
export { createDialogueJudge, type DialogueJudge, type DialogueJudgeOptions } from "./api/judge-dialogue.js";
// Juries: the protocol once per member, their verdicts aggregated (`jury` option, `--jury`).
export { createJuryJudge, createRunJudge } from "./api/jury-judge.js";
export { juryMembers, readJurySpec, type JuryMember, type JuryMemberInput } from "./api/jury-members.js";
export { JuryTally, juryOf, type JuryAgreement, type JuryBlock } from "./results/jury.js";
export type { DialogueInput, EvaluateOptions, EvaluateManyOptions, JudgeResult, ReviewRequest, RunOptions } from "./api/evaluate.js";

// Drop a protocol into LangSmith's `evaluate()` or an openevals pipeline.
export { createEvaluator } from "./api/evaluator.js";
export type { EvaluatorOptions, EvaluatorParams, EvaluatorResult } from "./api/evaluator.js";
export { headlineOf, type Headline } from "./api/headline.js";
export { conversationToDialogue } from "./api/conversation.js";
// Compare two experiments in LangSmith's evaluateComparative() with the pairwise protocol.
export { createPairwiseEvaluator } from "./api/pairwise-evaluator.js";
export type { ComparedRun, PairwiseEvaluatorArgs, PairwiseEvaluatorOptions, PairwiseEvaluatorResult } from "./api/pairwise-evaluator.js";

// LangSmith tracing.
export { defaultProjectName, flushTraces, projectTracer, runLabels, traceConfig, type RunLabels } from "./api/trace.js";

// The graphs as LangGraph Studio serves them, and the protocol registry.
export { buildPanelGraph } from "./graphs/panel.js";
export { buildConsensusGraph } from "./graphs/consensus.js";
export { buildChecklistGraph } from "./graphs/checklist.js";
export { buildBaremGraph } from "./graphs/barem.js";
export { buildPairwiseGraph } from "./graphs/pairwise.js";
export { PROTOCOLS, PROTOCOL_IDS, ProtocolId, type ProtocolEntry } from "./graphs/registry.js";
export { JudgeInput, dialogueFromInput, type JudgeInputValue } from "./nodes/read-input.js";

// Dialogues, rubrics, configuration and contracts.
export { Dialogue, Turn, Speaker, parseDialogues, readDialogues, formatTranscript, formatTurnBlocks, dialogueHash } from "./dialogues/index.js";
export { RubricSchema, type Rubric } from "./rubrics/schema.js";
export { builtInRubricIds, loadRubric } from "./rubrics/load.js";
export { ConfigurationSchema, type ConfigurationInput } from "./judges/configuration.js";
export { ConsensusConfigurationSchema, ConsensusSettingsSchema } from "./nodes/consensus/configuration.js";
export { ReviewDecision, type ReviewDecisionInput } from "./nodes/consensus/review-decision.js";
// Pairwise: a pair travels as one Dialogue (`pairDialogue`); `readPairs` reads `{id, a, b}` JSONL.
export { PairDialogue, pairDialogue, isPairDialogue } from "./nodes/pairwise/pair.js";
export { readPairs } from "./nodes/pairwise/read-pairs.js";
export { PairwiseConfigurationSchema, PairwiseSettingsSchema } from "./nodes/pairwise/configuration.js";
export { summariseComparison, formatComparison, type ComparisonSummary } from "./nodes/pairwise/summary.js";
export { joinDialogueFiles, isPairJoinError, type JoinedFiles } from "./nodes/pairwise/join-files.js";
export { pairsFileLine } from "./nodes/pairwise/pairs-file.js";
export type { ResultMeta } from "./results/meta.js";
export type { ProtocolId as Protocol } from "./graphs/registry.js";

// Errors: name-based guards.
export { ConfigError, isConfigError } from "./judges/config-error.js";
export { RubricError, isRubricError } from "./rubrics/errors.js";
export { DialogueParseError, isDialogueParseError } from "./dialogues/errors.js";
export { InputError, isInputError } from "./nodes/input-error.js";
