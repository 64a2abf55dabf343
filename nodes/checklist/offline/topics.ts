import type { TurnBlock } from "../../../dialogues/turn-blocks.js";
import { compileCues, findCues, type CompiledCue, type CueSource } from "../../../evidence/cues/index.js";

/**
 * Life areas a coaching conversation is about, for the multi-topic criteria (MT1–MT6). A topic is
 * "raised" when a user turn names it and "addressed" when an assistant turn names it too.
 */
export const TOPIC_CUES: Readonly<Record<string, readonly CueSource[]>> = {
  work: [/(?<!\b(?:would|could|might|will|can|that|this|it|to|does|did)\s+)\bwork\b(?!\s+(?:for|out|through|on\s+it))/, "working", "job", "boss", "manager", "colleague*", "coworker*", "career", "office", "deadline*", "promotion", "workload", "shift", "shifts"],
  sleep: ["sleep*", "insomnia", "nightmare*", "bedtime", "awake", "tired"],
  relationship: ["partner", "boyfriend", "girlfriend", "husband", "wife", "marriage", "relationship*", "dating", "breakup", "broke up", "spouse"],
  family: ["family", "mother", "mom", "mum", "father", "dad", "parent*", "sister", "brother", "sibling*", "kids", "children", "son", "daughter"],
  health: ["health", "exercise", "workout", "gym", "diet", "eating", "weight", "illness", "sick", "pain"],
  money: ["money", "finances", "financial", "debt", "rent", "bills", "budget", "salary", "loan*", "savings"],
  study: ["study", "studying", "exam*", "school", "university", "college", "class", "classes", "course", "thesis", "grades"],
  friends: ["friend*", "lonely", "loneliness", "social", "isolated"],
  confidence: ["confidence", "confident", "self-esteem", "self esteem", "not good enough", "imposter", "impostor"],
};

const COMPILED: Record<string, CompiledCue[]> = Object.fromEntries(Object.entries(TOPIC_CUES).map(([topic, cues]) => [topic, compileCues(cues)]));

/** Topics named in a text, in lexicon order. */
export function topicsIn(text: string): string[] {
  return Object.keys(COMPILED).filter((topic) => findCues(text, COMPILED[topic] ?? []).length > 0);
}

/** Where a topic first comes up in the user's turns. */
export interface RaisedTopic {
  topic: string;
  /** The Turn N of the first user mention. */
  turn: number;
}

export function raisedTopics(blocks: readonly TurnBlock[]): RaisedTopic[] {
  const seen = new Map<string, number>();
  for (const block of blocks) {
    for (const topic of topicsIn(block.user.map((u) => u.text).join("\n"))) if (!seen.has(topic)) seen.set(topic, block.turn);
  }
  return [...seen].map(([topic, turn]) => ({ topic, turn }));
}

/** The first Turn N at or after `from` whose assistant reply names the topic, if any. */
export function addressedAt(topic: string, blocks: readonly TurnBlock[], from: number): number | undefined {
  return blocks.find((b) => b.turn >= from && topicsIn(b.assistant.map((u) => u.text).join("\n")).includes(topic))?.turn;
}
