import { ReducedValue } from "@langchain/langgraph";
import { z } from "zod";
import { Dialogue } from "../dialogues/dialogue.js";
import type { CallRecord } from "../judges/run-agent.js";

const appendAll = <T>(current: T[], next: T[]) => [...current, ...next];

/** A list that nodes append to (in parallel too): each update's items are added at the end. */
export const appended = <S extends z.ZodType>(item: S) =>
  new ReducedValue(z.array(item).default(() => []), { inputSchema: z.array(item), reducer: appendAll<z.infer<S>> });

/** The fields every protocol's state has: the dialogue, the calls and warnings met on the way, the output line. */
export const sharedStateFields = () => ({
  dialogue: Dialogue,
  /** Every agent call made for this dialogue, in order of completion. */
  calls: appended(z.custom<CallRecord>()),
  warnings: appended(z.string()),
  /** The output line: the protocol's JSON (docs/protocols.md) plus `dialogue_id` and `meta`. */
  result: z.record(z.string(), z.unknown()).optional(),
});
