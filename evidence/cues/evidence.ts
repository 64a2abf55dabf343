import type { Dialogue } from "../../dialogues/dialogue.js";
import { bestHit, findCues, type CompiledCue, type CueHit } from "./match.js";
import type { FeatureEvidence } from "./schema.js";

/** Evidence whose cue is known: what detectors return. */
export type CueEvidence = FeatureEvidence & { cue: string };

export type Turn = Dialogue["turns"][number];

/** A turn with its 1-based position in the dialogue. */
export interface NumberedTurn {
  turn: number;
  speaker: Turn["speaker"];
  text: string;
}

/** The turns of a dialogue numbered from 1, reading only speaker and text (never ratings or acts). */
export function numberTurns(d: Dialogue): NumberedTurn[] {
  return d.turns.map((t, i) => ({ turn: i + 1, speaker: t.speaker, text: t.text }));
}

export interface TurnHits {
  turn: NumberedTurn;
  hits: CueHit[];
}

/** Turns with at least one cue of the lexicon. */
export function turnsWithCues(turns: readonly NumberedTurn[], cues: readonly CompiledCue[]): TurnHits[] {
  return turns.map((turn) => ({ turn, hits: findCues(turn.text, cues) })).filter((t) => t.hits.length > 0);
}

/** How many separate places of the text fired: overlapping cues ("that's not what I asked") count once. */
export function separateHits(hits: readonly CueHit[]): number {
  let count = 0;
  let end = -1;
  for (const hit of [...hits].sort((a, b) => a.index - b.index)) {
    if (hit.index >= end) count++;
    end = Math.max(end, hit.index + hit.match.length);
  }
  return count;
}

/** Most telling first: most separate cues, then the most specific (longest) cue, then earliest. */
export function rankByCues(list: readonly TurnHits[]): TurnHits[] {
  const longest = (t: TurnHits) => bestHit(t.hits)?.match.length ?? 0;
  return [...list].sort(
    (a, b) => separateHits(b.hits) - separateHits(a.hits) || longest(b) - longest(a) || a.turn.turn - b.turn.turn,
  );
}

export function cueEvidence(t: TurnHits): CueEvidence {
  return { turn: t.turn.turn, speaker: t.turn.speaker, text: t.turn.text, cue: bestHit(t.hits)?.match ?? "" };
}

export function evidenceOf(turn: NumberedTurn, cue?: string): FeatureEvidence {
  return cue === undefined
    ? { turn: turn.turn, speaker: turn.speaker, text: turn.text }
    : { turn: turn.turn, speaker: turn.speaker, text: turn.text, cue };
}
