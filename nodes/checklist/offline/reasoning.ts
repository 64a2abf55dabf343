import { MAX_REASONING_CHARS, type AssessorAnswer, type AssessorOutput } from "../assessor-contract.js";

const QUOTE_CHARS = 60;

/** `Turn 3: 'That sounds hard'`: a cited turn with a short quote of what fired. */
export function cite(turn: number, text?: string): string {
  if (text === undefined) return `Turn ${turn}`;
  const flat = text.replace(/\s+/g, " ").replace(/'/g, "’").trim();
  const quote = flat.length <= QUOTE_CHARS ? flat : `${flat.slice(0, QUOTE_CHARS - 1).trimEnd()}…`;
  return `Turn ${turn}: '${quote}'`;
}

/**
 * Evidence-first reasoning in the checklist's pattern (docs/protocols.md#checklist): evidence, how the criterion applies, then the
 * answer. Evidence that does not fit in 300 characters is dropped from the end, never the first
 * citation, so the reasoning always cites a turn.
 */
export function verdict(answer: AssessorAnswer, evidence: readonly string[], rule: string): AssessorOutput {
  const tail = `${rule} → ${answer}`;
  const kept: string[] = [];
  for (const e of evidence) {
    const next = [...kept, e].join("; ");
    if (kept.length > 0 && next.length + tail.length + 2 > MAX_REASONING_CHARS) break;
    kept.push(e);
  }
  let reasoning = kept.length > 0 ? `${kept.join("; ")}. ${tail}` : tail;
  if (reasoning.length > MAX_REASONING_CHARS) reasoning = `${reasoning.slice(0, MAX_REASONING_CHARS - 1)}…`;
  return { reasoning, answer };
}

/** `Turns 2, 4` for a list, `Turns 1–5` for a whole conversation. */
export function turnRange(first: number, last: number): string {
  return first === last ? `Turn ${first}` : `Turns ${first}–${last}`;
}
