/**
 * The data a report embeds (once, as JSON) and its page renders. Built in Node by `summarise*.ts`,
 * `details*.ts` and `agreement.ts`; read in the browser by `report/client/` (type imports only).
 */
import type { AgreementReport } from "../agreement/report.js";
import type { ProtocolId } from "../graphs/registry.js";
import type { Estimate } from "../metrics/bootstrap.js";

export type { ProtocolId };

/** One bar: a label and how many. */
export interface Count {
  key: string;
  count: number;
}

/** Counts over ordered categories (discrete scores, or bins of a continuous score). */
export interface Distribution {
  labels: string[];
  counts: number[];
  /** Values that went into it (nulls left out). */
  n: number;
  mean: number | null;
  median: number | null;
}

/** `counts[s][c]`: how many times series `s` (a score, an answer, an action) occurs for column `c` (a criterion). */
export interface Stacked {
  columns: string[];
  series: string[];
  counts: number[][];
}

export interface RuleTally {
  rule: string;
  criterion: string | null;
  /** Lines where the rule was considered (recorded in the audit). */
  considered: number;
  fired: number;
}

interface ProtocolCommon {
  /** Lines of this protocol (scored and unscored). */
  lines: number;
  scored: number;
  unscored: number;
  rubrics: string[];
  models: string[];
  /** The headline score: bucketed overall (panel/barem), overall_score (consensus), score (checklist). */
  overall: { field: string; distribution: Distribution };
  /** The continuous score behind a bucketed overall (panel/barem). */
  continuous: { field: string; distribution: Distribution } | null;
  /** Criterion scores (checklist: answers) by criterion. */
  criteria: Stacked & { field: string; means: (number | null)[] };
}

export interface PanelSummary extends ProtocolCommon {
  protocol: "panel";
  /** Referee decisions over every criterion of every scored line. */
  actions: Count[];
  actionsByCriterion: Stacked;
  /** Lines where the critic's version was adopted entirely. */
  adopted: number;
  /** Lines with at least one critic disagreement. */
  disputed: number;
  quotes: { evaluator: { verified: number; unverified: number }; referee: { verified: number; unverified: number } };
  rules: RuleTally[];
}

export interface BaremSummary extends ProtocolCommon {
  protocol: "barem";
  rules: RuleTally[];
}

export interface ConsensusSummary extends ProtocolCommon {
  protocol: "consensus";
  paths: Count[];
  rounds: Count[];
  /** |strict − generous| at the end. */
  gap: Distribution;
}

export interface ChecklistSummary extends ProtocolCommon {
  protocol: "checklist";
  outcomes: Count[];
  /** Lines rejected by the safety gate, and which safety criteria tripped it. */
  gate: { tripped: number; byCriterion: Count[] };
  invalidNa: Count[];
  passThreshold: number | null;
}

export interface PairwiseSummary extends ProtocolCommon {
  protocol: "pairwise";
  /** How the pairs ended, always in this order: A wins, tie, tie (position bias), B wins. */
  outcomes: Count[];
  /** Mean preference for A over the scored pairs (A = 1, tie = ½, B = 0), with its percentile bootstrap interval over pairs. */
  winRateA: Estimate;
  /** Coverage of every interval in this section (0.95). */
  level: number;
  /** Scored lines whose (A,B) and (B,A) judgements agreed in their last round. */
  positionConsistent: number;
  /** Scored lines whose first round disagreed, so the reconsideration round ran; `resolved`: of those, the ones consistent afterwards. */
  reconsidered: { count: number; resolved: number };
  /** Ties because the two orders still disagreed at the end. */
  positionBiasTies: number;
  /** Per criterion (the stacked chart's columns): A / tie / B counts and A's win rate with its interval. */
  criterionWinRates: { criterion: string; A: number; tie: number; B: number; winRateA: Estimate }[];
}

export type ProtocolSummary = PanelSummary | BaremSummary | ConsensusSummary | ChecklistSummary | PairwiseSummary;

export interface Operations {
  lines: number;
  scored: number;
  unscored: number;
  /** `agent · kind` of the unscored lines' errors. */
  unscoredBy: Count[];
  /** Fallbacks and invalid outputs: lines with at least one, occurrences, by `agent · kind`. */
  fallbacks: { lines: number; total: number; by: Count[] };
  invalidOutputs: { lines: number; total: number; by: Count[] };
  /** Requests retried after a rate limit, a 5xx, a time-out or a dropped connection (`meta.retries`). */
  retries: { lines: number; total: number; by: Count[] };
  warnings: { lines: number; total: number; top: Count[] };
  tokens: { input: number; output: number; total: number; lines: number };
  /** Sum of `meta.cost_usd` over the lines that carry it; null when none does. */
  cost: { usd: number; lines: number } | null;
  calls: number;
  latency: { totalMs: number; distribution: Distribution };
  byModel: { model: string; lines: number; tokens: number; costUsd: number | null }[];
}

export interface QuoteMark {
  quote: string;
  verified: boolean;
  turn: number | null;
}

export interface PanelCriterionDetail {
  criterion: string;
  evaluator: { score: number | null; justification: string; quotes: QuoteMark[] };
  critic: { agree: boolean | null; comment: string; suggested: number | null } | null;
  decision: { action: string; reason: string; suggested: number | null; quotes: QuoteMark[] } | null;
  final: { score: number | null; justification: string | null };
}

export interface RuleFired {
  rule: string;
  criterion: string | null;
  fired: boolean;
  detail: string;
}

export interface PanelDetail {
  protocol: "panel";
  criteria: PanelCriterionDetail[];
  average: number | null;
  adjusted: number | null;
  overall: number | null;
  weightedCalc: string;
  mappingRule: string;
  decisionRules: string;
  adopted: boolean;
  evidenceUsed: string[];
  rules: RuleFired[];
}

export interface BaremDetail {
  protocol: "barem";
  criteria: { criterion: string; score: number | null; justification: string }[];
  overall: { score: number | null; justification: string };
  average: number | null;
  weightedCalc: string;
  mappingRule: string;
  rules: RuleFired[];
}

export interface ScoreSet {
  overall: number | null;
  criteria: Record<string, number>;
}

export interface ConsensusDetail {
  protocol: "consensus";
  overall: number | null;
  method: string;
  rounds: number | null;
  strictFinal: number | null;
  generousFinal: number | null;
  criteria: { criterion: string; score: number | null; reasoning: string; strict: string; generous: string }[];
  strictReasoning: string;
  generousReasoning: string;
  debate: {
    round: number | null;
    critique: string;
    strictBefore: ScoreSet | null;
    strictAfter: ScoreSet | null;
    generousBefore: ScoreSet | null;
    generousAfter: ScoreSet | null;
    reasoning: string;
    difference: number | null;
    agreed: boolean | null;
  }[];
}

export interface ChecklistDetail {
  protocol: "checklist";
  score: number | null;
  yes: number | null;
  no: number | null;
  na: number | null;
  errors: number | null;
  passed: boolean | null;
  rejected: boolean | null;
  passThreshold: number | null;
  gate: { tripped: boolean; criteria: string[] };
  criteria: { id: string; category: string | null; answer: string; countedAs: string; invalidNa: boolean; safety: boolean; reasoning: string }[];
}

/** One order's judgement in one round, told in sides (A, B, tie). */
export interface PairwiseVerdictDetail {
  winner: string;
  reasoning: string;
  criteria: { criterion: string; preference: string; reasoning: string }[];
}

export interface PairwiseDetail {
  protocol: "pairwise";
  pair: { a: string; b: string };
  /** A, B or tie. */
  winner: string;
  tieReason: string | null;
  positionConsistent: boolean | null;
  roundsConducted: number | null;
  /** Each order's overall reasoning in the last round. */
  reasoning: { ab: string; ba: string };
  /** The final answer per criterion, with each side's quotes (from both orders of the last round) checked against that side's dialogue. */
  criteria: { criterion: string; preference: string; consistent: boolean | null; tieReason: string | null; reasoning: { ab: string; ba: string }; evidenceA: QuoteMark[]; evidenceB: QuoteMark[] }[];
  /** Round 1 is the two comparisons; round 2, when it ran, the two reconsiderations. */
  rounds: { round: number | null; consistent: boolean | null; ab: PairwiseVerdictDetail; ba: PairwiseVerdictDetail }[];
}

export interface UnscoredDetail {
  protocol: "unscored";
  error: { agent: string; kind: string; message: string };
}

export interface MetaDetail {
  protocol: string | null;
  rubric: string | null;
  model: string | null;
  tokens: { input: number; output: number; total: number } | null;
  latencyMs: number | null;
  calls: number | null;
  costUsd: number | null;
  configHash: string | null;
  fallbacks: { agent: string; kind: string; message: string }[];
  invalidOutputs: { agent: string; kind: string; message: string }[];
  retries: { agent: string; kind: string; waitMs: number | null }[];
  warnings: string[];
}

/** A jury line's members: each one's headline score (null when it failed) and the rule that combined them. */
export interface JuryDetail {
  aggregation: string;
  members: { member: string; status: "scored" | "unscored"; headline: number | null; error: string | null }[];
}

export interface Detail {
  meta: MetaDetail;
  body: PanelDetail | BaremDetail | ConsensusDetail | ChecklistDetail | PairwiseDetail | UnscoredDetail | null;
  /** Set on a jury's line (`--jury`). */
  jury?: JuryDetail;
}

/** A protocol's jury over the run (`--jury`): Krippendorff's α across the members, overall and per criterion. */
export interface JurySummary {
  protocol: ProtocolId;
  members: string[];
  /** Jury lines. */
  dialogues: number;
  failures: Record<string, number>;
  metric: string;
  overall: number | null;
  criteria: { criterion: string; alpha: number | null }[];
}

/** One row of the per-dialogue table. */
export interface Row {
  /** Line of the results file. */
  line: number;
  id: string;
  protocol: ProtocolId | null;
  status: "scored" | "unscored";
  /** The headline score as shown (bucket, 1–5 score, checklist ratio); null when unscored or not applicable. */
  overall: number | null;
  /** The continuous score behind it (panel/barem weighted average). */
  score: number | null;
  /** Searchable markers: referee actions, fired rules, unverified quotes, gate, fallbacks… */
  flags: string[];
  tokens: number | null;
  costUsd: number | null;
  latencyMs: number | null;
  model: string | null;
  /** Unscored: the error's message. */
  error: string | null;
  /** Mean human OVERALL rating (1–5) of the line's dialogue; null without labels, for a pair or an unrated dialogue. */
  human: number | null;
  /** |judge − human| on the humans' 1–5 scale (see ReportData.gapRule); null when either side is missing. */
  gap: number | null;
}

/** Who pointed at a turn: a quote of a verdict, or a turn it cites (checklist `Turn N`: every utterance of that turn). */
export interface TurnMark {
  /** The agent and criterion, e.g. `evaluator · TaskSuccess`. */
  by: string;
  kind: "quote" | "turn";
  /** The quoted words, or the cited turn (`Turn 3`). */
  text: string;
}

export interface TranscriptTurn {
  /** 1-based, as quotes record it and the judges saw it (`[3] USER: …`). */
  index: number;
  /** The turn's speaker as the dialogue readers give it (`user`, `assistant`, …). */
  role: string;
  text: string;
  /** The human ratings of this turn (USS rating column), if any. */
  ratings: number[] | null;
  /** The verdicts' quotes found in this turn: the turn is highlighted when there is any. */
  marks: TurnMark[];
}

export interface TranscriptView {
  /** `Transcript`, or for a pair `A` / `B`. */
  label: string;
  dialogueId: string;
  systemPrompt: string | null;
  turns: TranscriptTurn[];
  /** What is placed on no turn: quotes not found when judged or not in this transcript, turns it does not have. */
  unplaced: TurnMark[];
}

/** The human OVERALL ratings of a line's dialogue (a pair: of each side), and the judge beside them on the same footing. */
export interface HumanView {
  rated: { label: string; ratings: number[]; mean: number }[];
  /** The judge's continuous score, mapped onto 1–5, and |judge − human mean|; null for a pair. */
  judge: { field: string; value: number; onHumanScale: number; gap: number } | null;
}

/** What the detail panel shows beside the verdicts: the transcript(s) and the human rating. */
export interface DialoguePanel {
  /** One transcript, or a pair's two (A, then B); empty when the dialogues were not given or the line's is not found. */
  transcripts: TranscriptView[];
  human: HumanView | null;
  /** Why something is missing (no dialogues given, id not in the file) or may not match (quotes not in the transcript). */
  notes: string[];
}

/** Judge against the human mean for one protocol's lines. */
export interface AgreementSection {
  protocol: ProtocolId;
  report: AgreementReport;
  /** x = human mean OVERALL (1–5), y = judge continuous score, one point per joined dialogue. */
  scatter: { field: string; ids: string[]; human: number[]; judge: number[] };
  /** `matrix[j][h]`: dialogues whose judge bucket is labels[j] and human bucket labels[h]. */
  confusion: { labels: number[]; judgeField: string; humanMapping: string; matrix: number[][]; exact: number; withinOne: number; n: number };
}

export interface ReportData {
  title: string;
  generatedAt: string;
  /** `dialogues`: the file the transcripts come from (--dialogues, else the labels), or null when there are none. */
  source: { results: string; labels: string | null; dialogues: string | null };
  protocols: ProtocolSummary[];
  operations: Operations;
  agreement: AgreementSection[];
  /** Why an agreement section is missing or partial (no --labels, a protocol without human OVERALL ratings…). */
  agreementNotes: string[];
  rows: Row[];
  /** Same order as rows. */
  details: Detail[];
  /** Same order as rows. */
  dialogues: DialoguePanel[];
  /** How the table's |judge − human| puts the two on one scale; null without labels. */
  gapRule: string | null;
  /** One per protocol whose lines came from a jury. */
  juries: JurySummary[];
}
