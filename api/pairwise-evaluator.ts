import type { Dialogue } from "../dialogues/dialogue.js";
import { InputError, isInputError } from "../nodes/input-error.js";
import { pairDialogue } from "../nodes/pairwise/pair.js";
import { num } from "../results/fields.js";
import { isUnscored } from "../results/line.js";
import { conversationToDialogue } from "./conversation.js";
import { judgeSession, type RunOptions } from "./evaluate.js";
import type { ProtocolOptions } from "./options.js";

/**
 * A run as LangSmith's comparative evaluation passes it: the fields this adapter reads. No index
 * signature, so that langsmith's `Run` interface (which has none) stays assignable to it.
 */
export interface ComparedRun {
  id: string;
  outputs?: Record<string, unknown> | undefined;
}

/** What `evaluateComparative` (and `evaluate([exp1, exp2], …)`) gives a one-parameter comparative evaluator. */
export interface PairwiseEvaluatorArgs {
  /** The two runs of one example, one per experiment: the first is side A, the second side B. */
  runs: readonly ComparedRun[];
  example?: { id?: unknown; inputs?: Record<string, unknown>; outputs?: Record<string, unknown> | undefined } | undefined;
  inputs?: Record<string, unknown>;
  /** `runs[i].outputs`, as LangSmith passes them (each run's own `outputs` is read when left out). */
  outputs?: readonly Record<string, unknown>[];
  referenceOutputs?: Record<string, unknown> | undefined;
}

/** LangSmith's comparison result: one score per run id. */
export interface PairwiseEvaluatorResult {
  key: string;
  /** A's run: the preference for A (1 = A wins, 0.5 = tie, 0 = B wins); B's run: 1 − that. Both null when the pair could not be judged. */
  scores: Record<string, number | null>;
}

export type PairwiseEvaluatorOptions = ProtocolOptions["pairwise"] &
  RunOptions & {
    /** Feedback key (default `tribunal_pairwise`). */
    key?: string;
  };

const SIDES = ["A", "B"] as const;

function pairIdOf(example: PairwiseEvaluatorArgs["example"]): string | number {
  const id = example?.id;
  return typeof id === "string" && id !== "" ? id : typeof id === "number" && Number.isInteger(id) && id >= 0 ? id : 0;
}

/**
 * One run's conversation, read from its outputs only (as createEvaluator reads `outputs`): the
 * example's inputs are shared by both runs, so falling back to them would compare a conversation
 * with itself. The side takes the run's id, so the result line's `pair` names the two runs.
 */
function sideOf(args: PairwiseEvaluatorArgs, index: 0 | 1): Dialogue {
  const run = args.runs[index] as ComparedRun;
  const outputs = args.outputs?.[index] ?? run.outputs ?? {};
  try {
    return { ...conversationToDialogue({ outputs, example: args.example }), id: run.id };
  } catch (e) {
    if (isInputError(e)) throw new InputError(`run ${run.id} (side ${SIDES[index]}): ${e.message}; each run's outputs must hold its whole conversation`);
    throw e;
  }
}

function checkRuns(runs: readonly ComparedRun[]): void {
  if (runs.length !== 2) {
    throw new InputError(`the pairwise evaluator compares exactly 2 runs of an example, got ${runs.length}: compare two experiments at a time (evaluateComparative([experimentA, experimentB], …))`);
  }
  if (runs[0]?.id === runs[1]?.id) throw new InputError(`the pairwise evaluator needs two different runs, got run ${String(runs[0]?.id)} twice`);
}

/**
 * The pairwise protocol as a LangSmith comparative evaluator: `evaluateComparative([expA, expB],
 * { evaluators: [createPairwiseEvaluator()] })`. For each example it judges the conversation in the
 * first run's outputs (A) against the second's (B), both orders and the reconsideration round
 * included, and scores A's run with the preference for A and B's run with its complement.
 */
export function createPairwiseEvaluator(options: PairwiseEvaluatorOptions = {}): (args: PairwiseEvaluatorArgs) => Promise<PairwiseEvaluatorResult> {
  const { key = "tribunal_pairwise", ...evaluateOptions } = options;
  const session = judgeSession({ ...evaluateOptions, protocol: "pairwise" });
  // Exactly one declared parameter: LangSmith passes the `{ runs, example, inputs, outputs }` object
  // only to an evaluator whose `length` is 1, and the legacy `(runs, example)` otherwise.
  return async function tribunalPairwise(args: PairwiseEvaluatorArgs): Promise<PairwiseEvaluatorResult> {
    checkRuns(args.runs);
    const [a, b] = [sideOf(args, 0), sideOf(args, 1)];
    const line = await session.judgeInput(pairDialogue(pairIdOf(args.example), a, b));
    const preferenceA = isUnscored(line) ? null : num(line["preference_a"]);
    const [runA, runB] = args.runs as [ComparedRun, ComparedRun];
    return { key, scores: { [runA.id]: preferenceA, [runB.id]: preferenceA === null ? null : 1 - preferenceA } };
  };
}
