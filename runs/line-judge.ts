import type { Dialogue } from "../dialogues/dialogue.js";
import { PROTOCOLS, type ProtocolId } from "../graphs/registry.js";
import { ConfigError } from "../judges/config-error.js";
import type { SendMode } from "../judges/output-mode.js";
import type { CallGate } from "../judges/retry.js";
import { isPlainData } from "../api/config-hash.js";
import type { DialogueJudge, JudgeResult } from "../api/judge-dialogue.js";
import { createRunJudge } from "../api/jury-judge.js";
import type { JuryMemberInput } from "../api/jury-members.js";
import type { PriceTable } from "../api/prices.js";
import { stabilityOf, type LineStability } from "./stability.js";

/**
 * What judges a run's dialogues, as plain data: the same judge is built from it in this process, in a
 * worker process (`--workers`) or in a queue worker on another machine (`--queue`). API keys are not
 * part of it: each process reads its own environment.
 */
export interface RunSpec {
  protocol: ProtocolId;
  /** The run's settings (model, rubric, blind, timeoutMs, the protocol's own, …), JSON data only. */
  configurable: Record<string, unknown>;
  samples: number;
  jury?: JuryMemberInput[];
  prices?: PriceTable;
  breakerLimit?: number;
  /** Output modes the run's probe settled: a process given them sends no probe of its own. */
  outputModes?: Record<string, SendMode>;
}

/** One dialogue judged for a run: its finished line, every sample, and what the run's totals need. */
export interface Judged {
  line: JudgeResult;
  samples: JudgeResult[];
  costUsd: number;
  /** Instruction-like lines aimed at the judge were found in the dialogue. */
  injected: boolean;
  /** `--samples K` (K > 1): the spread across the K judgements, also in the line's meta. */
  stability?: LineStability;
}

export interface LineJudge {
  judge: DialogueJudge;
  /** Judges the dialogue `samples` times and finishes the first judgement into the dialogue's line. */
  judgeLine(dialogue: Dialogue): Promise<Judged>;
}

/** What a run's spec is made of, as the batch runner's options give it (the protocol as its entry). */
export interface SpecSource {
  protocol: { id: ProtocolId };
  configurable: Record<string, unknown>;
  samples?: number;
  jury?: JuryMemberInput[];
  prices?: PriceTable;
  breakerLimit?: number;
}

/** The run's plain spec from its options (the protocol by id). */
export function runSpecOf(options: SpecSource): RunSpec {
  return {
    protocol: options.protocol.id,
    configurable: options.configurable,
    samples: Math.max(1, options.samples ?? 1),
    ...(options.jury ? { jury: options.jury } : {}),
    ...(options.prices ? { prices: options.prices } : {}),
    ...(options.breakerLimit !== undefined ? { breakerLimit: options.breakerLimit } : {}),
  };
}

/** Refuses a spec that cannot leave this process (a chat model object, a callback), naming the option that needs it. */
export function checkPortable(spec: RunSpec, option: string): void {
  const { configurable, jury } = spec;
  const bad = Object.entries(configurable).find(([, value]) => value !== undefined && !isPlainData(value))?.[0] ?? (jury && !isPlainData(jury) ? "jury" : undefined);
  if (bad) throw new ConfigError(`${option} runs dialogues in other processes, which need the run's settings as data: '${bad}' is not (give models as specs such as openai:gpt-4o-mini)`);
}

/** The run's judge, built from its spec, with the in-process extras (`callGate` for `--rpm`). */
export function createLineJudge(spec: RunSpec, extras: { callGate?: CallGate } = {}): LineJudge {
  const protocol = PROTOCOLS[spec.protocol];
  if (!protocol) throw new ConfigError(`unknown protocol '${String(spec.protocol)}'`);
  const samples = Math.max(1, spec.samples);
  const judge = createRunJudge(
    {
      protocol,
      configurable: extras.callGate ? { ...spec.configurable, callGate: extras.callGate } : spec.configurable,
      samples,
      ...(spec.prices ? { prices: spec.prices } : {}),
      ...(spec.breakerLimit !== undefined ? { breakerLimit: spec.breakerLimit } : {}),
      ...(spec.outputModes ? { outputModes: spec.outputModes } : {}),
    },
    spec.jury,
  );
  const costOf = (line: JudgeResult): number | null => judge.costOf(line.meta);

  const judgeLine = async (dialogue: Dialogue): Promise<Judged> => {
    const first = await judge.judgeOnce(dialogue);
    const results = [first];
    for (let k = 1; k < samples; k++) results.push(await judge.judgeOnce(dialogue));
    const { line, injected } = judge.finish(first, dialogue, dialogue.source?.file ?? null);
    const stability = samples > 1 ? stabilityOf(results, (l) => costOf(l as JudgeResult), judge.configuration.rubric.overallKey) : undefined;
    if (stability) line.meta.stability = stability;
    const costUsd = results.reduce((sum, r) => sum + (costOf(r) ?? 0), 0);
    return { line, samples: results, costUsd, injected, ...(stability ? { stability } : {}) };
  };
  return { judge, judgeLine };
}
