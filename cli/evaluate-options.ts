import { InvalidArgumentError, Option } from "@commander-js/extra-typings";
import { LARGE_RUN } from "../runs/evaluate-batch.js";

export function positiveInt(name: string) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`${name} must be a whole number ≥ 1`);
    return n;
  };
}

export function nonNegativeInt(name: string) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError(`${name} must be a whole number ≥ 0`);
    return n;
  };
}

export function positiveNumber(name: string) {
  return (value: string): number => {
    const n = Number(value);
    if (value.trim() === "" || !Number.isFinite(n) || n <= 0) throw new InvalidArgumentError(`${name} must be a number > 0`);
    return n;
  };
}

/** A number from 0 to 1 inclusive: a quality difference, a share. */
export function unitInterval(name: string) {
  return (value: string): number => {
    const n = Number(value);
    if (value.trim() === "" || !Number.isFinite(n) || n < 0 || n > 1) throw new InvalidArgumentError(`${name} must be a number from 0 to 1`);
    return n;
  };
}

/** Any finite number: a score on the rubric's scale (`--fail-under 60`, `--fail-under 0.75`). */
export function score(name: string) {
  return (value: string): number => {
    const n = Number(value);
    if (value.trim() === "" || !Number.isFinite(n)) throw new InvalidArgumentError(`${name} must be a number on the headline score's scale (e.g. 60 for a 20–100 panel, 3.5 for 1–5 consensus, 0.75 for a checklist)`);
    return n;
  };
}

/** `--workers`: a number of processes, or `auto`. */
function workersCount(value: string): number | "auto" {
  if (value === "auto") return "auto";
  return positiveInt("--workers")(value);
}

/** `--workers <n|auto>` of a command judging `items` (dialogues, pairs). */
export function workersOption(items: string) {
  return new Option(
    "--workers <n|auto>",
    `processes judging the ${items} (--concurrency stays the number in flight across all of them); this one still writes --out, resumes, gates --rpm and --budget and shows progress for all of them (1: this process alone; auto: every core but one when the run has ${LARGE_RUN} ${items} or more, else 1). Worth it when one process's CPU is the limit: a high --concurrency against a fast server, or the offline judge`,
  )
    .argParser(workersCount)
    .default("auto" as const);
}

export function temperature(value: string): number {
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n) || n < 0 || n > 2) throw new InvalidArgumentError("--temperature must be a number from 0 to 2");
  return n;
}

export const EXIT_CODES = `Exit codes: 0 when every dialogue was scored by the requested model and every --fail-under /
--fail-under-each gate passed; 1 when some were unscored, fell back to the offline judge (meta.scored_by
says who scored each line) or lacked a failed jury member, or a gate failed (stderr says which and by
how much; unscored lines count for no gate); 2 on bad input, bad options, a rejected API key, a model
the probe found unable to judge, a run stopped by repeated identical failures (lines kept: rerun with
--resume) or a --resume file from another configuration; 3 when --budget stopped the run before every
dialogue was judged (the --out file is complete line by line: rerun with --resume).`;
