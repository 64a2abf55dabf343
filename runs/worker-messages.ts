import type { Dialogue } from "../dialogues/dialogue.js";
import type { Judged, RunSpec } from "./line-judge.js";

/** An error as it crosses between processes: ConfigErrors keep their kind (they stop the run with exit 2). */
export interface WireError {
  name: string;
  message: string;
}

/** From the run to a worker process. */
export type ToWorker =
  | { type: "start"; spec: RunSpec; gated: boolean }
  | { type: "judge"; id: number; dialogue: Dialogue }
  /** `--rpm`: the call waiting on `acquire` may go. */
  | { type: "granted"; id: number };

/** From a worker process to the run. */
export type FromWorker =
  | { type: "ready" }
  | { type: "start-failed"; error: WireError }
  | { type: "judged"; id: number; judged: Judged }
  | { type: "failed"; id: number; error: WireError }
  /** `--rpm`: a model call asks the run's one gate for its turn. */
  | { type: "acquire"; id: number };

export function toWire(error: unknown): WireError {
  const e = error as { name?: unknown; message?: unknown };
  return { name: typeof e?.name === "string" ? e.name : "Error", message: typeof e?.message === "string" ? e.message : String(error) };
}
