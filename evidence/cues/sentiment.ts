import Sentiment from "sentiment";
import { evidenceOf, type NumberedTurn } from "./evidence.js";
import { LEXICONS } from "./lexicons.js";
import { findCues } from "./match.js";
import type { Feature } from "./schema.js";

// AFINN-165 word valences with negation handling ("not good" is negative), from the `sentiment` package.
const analyzer = new Sentiment();

/** AFINN valence per word of the turn (score / words), in about [-5, 5]. */
export function turnValence(text: string): number {
  return analyzer.analyze(text).comparative;
}

// One dialogue's features read each turn's valence several times (mean, shares, last third).
const valences = new WeakMap<NumberedTurn, number>();

/**
 * The turn's valence, computed once per turn object. A user turn that voices dissatisfaction is never
 * positive: its praise words are sarcasm ("Great, just great.") or beside the point.
 */
export function valenceOf(turn: NumberedTurn): number {
  let v = valences.get(turn);
  if (v === undefined) {
    v = turnValence(turn.text);
    if (v > 0 && turn.speaker === "user" && findCues(turn.text, LEXICONS.userDissatisfaction).length > 0) v = 0;
    valences.set(turn, v);
  }
  return v;
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((s, v) => s + v, 0) / values.length;
}

/** Mean valence of the turns; evidence: the turns that pull it most in its own direction. */
export function meanValence(turns: readonly NumberedTurn[]): Feature {
  const scored = turns.map((turn) => ({ turn, valence: valenceOf(turn) }));
  const value = mean(scored.map((s) => s.valence));
  const telling = scored
    .filter((s) => (value >= 0 ? s.valence > 0 : s.valence < 0))
    .sort((a, b) => Math.abs(b.valence) - Math.abs(a.valence) || a.turn.turn - b.turn.turn)
    .slice(0, 3)
    .map((s) => evidenceOf(s.turn, `valence ${s.valence.toFixed(2)}`));
  return { value, evidence: telling };
}

/** Share of turns whose valence has the given sign; evidence: the strongest ones. */
export function valenceShare(turns: readonly NumberedTurn[], sign: 1 | -1): Feature {
  const hits = turns
    .map((turn) => ({ turn, valence: valenceOf(turn) }))
    .filter((s) => Math.sign(s.valence) === sign)
    .sort((a, b) => Math.abs(b.valence) - Math.abs(a.valence) || a.turn.turn - b.turn.turn);
  return {
    value: turns.length === 0 ? 0 : hits.length / turns.length,
    evidence: hits.slice(0, 3).map((s) => evidenceOf(s.turn, `valence ${s.valence.toFixed(2)}`)),
  };
}
