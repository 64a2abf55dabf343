import { closeSync, createReadStream, existsSync, fsyncSync, openSync, renameSync, rmSync, statSync, truncateSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { ConfigError } from "../judges/config-error.js";
import { juryOf } from "../results/jury.js";

/** A dialogue id as a set key: `1` and `"1"` are different dialogues. */
export function idKey(id: unknown): string {
  return `${typeof id}:${String(id)}`;
}

export interface ResumeScan {
  /** Ids of the dialogues whose line is kept: scored (and, with `retryFallbacks`, without a fallback). */
  done: Set<string>;
  /** Ids of the dialogues whose line is judged again (unscored, or fell back with `retryFallbacks`), with its 1-based line number. */
  redo: Map<string, { line: number; why: RedoReason }>;
  lines: number;
  /** Bytes up to the end of the last whole line: what a torn last line is cut back to. */
  wholeBytes: number;
  /** Bytes after the last newline: a line cut off when the process was killed mid-write (0 if none). */
  tornBytes: number;
}

/** Why a line is judged again: it is `unscored`, or an agent fell back to the offline judge or a jury member failed (`--retry-fallbacks`). */
export type RedoReason = "unscored" | "fallback";

interface LineMeta {
  config_hash?: unknown;
  protocol?: unknown;
  rubric?: unknown;
  model?: unknown;
  status?: unknown;
  fallbacks?: unknown;
}

function describeDifference(meta: LineMeta, expected: { protocol: string; rubric: string; model: string }): string {
  const differences = (["protocol", "rubric", "model"] as const)
    .filter((k) => meta[k] !== expected[k])
    .map((k) => `${k} ${String(meta[k] ?? "?")} vs ${expected[k]} now`);
  return differences.length > 0 ? differences.join(", ") : "same protocol, rubric id and model: the rubric's content, the prompt version or --blind/--temperature/--samples differ";
}

/**
 * Every whole line of a file with its 1-based number and its bytes (without the newline), read in
 * chunks; `torn` receives the bytes after the last newline (a line cut off mid-write), never yielded.
 */
async function* wholeLines(path: string, torn: (bytes: number) => void): AsyncGenerator<{ lineNo: number; bytes: Buffer }> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let lineNo = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    let start = 0;
    for (let nl = chunk.indexOf(0x0a, start); nl !== -1; nl = chunk.indexOf(0x0a, start)) {
      const piece = chunk.subarray(start, nl);
      yield { lineNo: ++lineNo, bytes: pending.length > 0 ? Buffer.concat([...pending, piece]) : piece };
      pending = [];
      pendingBytes = 0;
      start = nl + 1;
    }
    if (start < chunk.length) {
      pending.push(Buffer.from(chunk.subarray(start)));
      pendingBytes += chunk.length - start;
    }
  }
  torn(pendingBytes);
}

/** Why this line is judged again, or undefined when it is kept. */
export function redoReason(line: { status?: unknown; meta?: LineMeta; jury?: unknown }, retryFallbacks: boolean): RedoReason | undefined {
  if (line.status === "unscored" || line.meta?.status === "unscored") return "unscored";
  if (retryFallbacks && Array.isArray(line.meta?.fallbacks) && line.meta.fallbacks.length > 0) return "fallback";
  // A jury member that failed is the jury's fallback: the verdict lacks a member's vote.
  if (retryFallbacks && (juryOf(line)?.failed.length ?? 0) > 0) return "fallback";
  return undefined;
}

/**
 * Reads the lines already in `path` for `--resume`: every whole line must be a result line of this
 * configuration (`meta.config_hash`), once per dialogue; anything else is a ConfigError naming the
 * line. A scored line is kept; an `unscored` line (and with `retryFallbacks`, a line where an agent
 * fell back to the offline judge) is to be judged again. A last line without its newline (the
 * process was killed while writing it) is not read.
 */
export async function scanResults(
  path: string,
  expected: { hash: string; protocol: string; rubric: string; model: string },
  options: { retryFallbacks?: boolean } = {},
): Promise<ResumeScan> {
  const scan: ResumeScan = { done: new Set(), redo: new Map(), lines: 0, wholeBytes: 0, tornBytes: 0 };
  if (!existsSync(path)) return scan;
  const firstLine = new Map<string, number>();
  const fail = (lineNo: number, what: string): never => {
    throw new ConfigError(`cannot resume: ${path} line ${lineNo} ${what}`);
  };
  for await (const { lineNo, bytes } of wholeLines(path, (torn) => (scan.tornBytes = torn))) {
    scan.lines = lineNo;
    scan.wholeBytes += bytes.length + 1;
    const text = bytes.toString("utf8");
    if (text.trim() === "") continue;
    let line: { dialogue_id?: unknown; status?: unknown; meta?: LineMeta };
    try {
      line = JSON.parse(text) as typeof line;
    } catch {
      return fail(lineNo, "is not a JSON result line; move the file away or use another --out");
    }
    if (typeof line?.dialogue_id !== "string" && typeof line?.dialogue_id !== "number") return fail(lineNo, "has no dialogue_id; it is not a tribunal result line");
    const hash = line.meta?.config_hash;
    if (hash !== expected.hash) {
      const why = hash === undefined ? "has no meta.config_hash (written by an older version or another tool)" : `was written by another configuration (${describeDifference(line.meta ?? {}, expected)})`;
      return fail(lineNo, `${why}; resume with the options of that run, or write to another --out`);
    }
    const key = idKey(line.dialogue_id);
    const first = firstLine.get(key);
    if (first !== undefined) return fail(lineNo, `repeats dialogue ${JSON.stringify(line.dialogue_id)} (first at line ${first})`);
    firstLine.set(key, lineNo);
    const why = redoReason(line, options.retryFallbacks === true);
    if (why) scan.redo.set(key, { line: lineNo, why });
    else scan.done.add(key);
  }
  return scan;
}

/** Cuts a torn last line off, so the next append starts on a fresh line. */
export function dropTornLine(path: string, scan: ResumeScan): void {
  if (scan.tornBytes > 0) truncateSync(path, scan.wholeBytes);
}

const NEWLINE = Buffer.from("\n");

/**
 * Rewrites `path` without the lines numbered in `drop` (and without a torn last line), atomically:
 * the kept lines go to a temporary file beside it, which is fsynced and renamed over the original.
 * A kill at any point leaves either the old file or the new one, never a mix.
 */
export async function rewriteWithout(path: string, drop: ReadonlySet<number>): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.resume-${process.pid}.tmp`);
  const fd = openSync(temporary, "w", statSync(path).mode & 0o777);
  try {
    let batch: Buffer[] = [];
    let batchBytes = 0;
    const flush = () => {
      const bytes = Buffer.concat(batch);
      for (let offset = 0; offset < bytes.length; ) offset += writeSync(fd, bytes, offset);
      batch = [];
      batchBytes = 0;
    };
    for await (const { lineNo, bytes } of wholeLines(path, () => undefined)) {
      if (drop.has(lineNo)) continue;
      batch.push(Buffer.from(bytes), NEWLINE);
      batchBytes += bytes.length + 1;
      if (batchBytes >= 1 << 20) flush();
    }
    flush();
    fsyncSync(fd);
  } catch (e) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw e;
  }
  closeSync(fd);
  renameSync(temporary, path);
}


/** What `--resume` found in the results file and will do. */
export interface ResumePlan {
  /** Lines kept as they are (their dialogues are skipped). */
  kept: number;
  /** Lines removed from the file because their dialogues are judged again, by reason. */
  redo: Record<RedoReason, number>;
  /** A torn last line (a killed process) was cut off. */
  tornDropped: boolean;
}

/**
 * Prepares `path` for `--resume` against the input's dialogue ids: the lines of input dialogues to
 * judge again are taken out of the file (atomically, so it ends with exactly one line per dialogue
 * once they are appended again), a torn last line is cut off, and the ids whose line is kept are
 * returned. A line whose dialogue is not in the input is left alone.
 */
export async function prepareResume(
  path: string,
  expected: { hash: string; protocol: string; rubric: string; model: string },
  ids: ReadonlySet<string>,
  options: { retryFallbacks?: boolean } = {},
): Promise<{ done: Set<string>; plan: ResumePlan }> {
  const scan = await scanResults(path, expected, options);
  const redo = [...scan.redo].filter(([key]) => ids.has(key));
  if (redo.length > 0) await rewriteWithout(path, new Set(redo.map(([, r]) => r.line)));
  else dropTornLine(path, scan);
  const plan: ResumePlan = { kept: scan.done.size, redo: { unscored: 0, fallback: 0 }, tornDropped: scan.tornBytes > 0 };
  for (const [, r] of redo) plan.redo[r.why]++;
  return { done: scan.done, plan };
}

/** One stderr line about a resume: `tribunal: resuming results.jsonl: 8 lines kept; judging again 2 unscored, 1 with an offline fallback`. */
export function formatResumePlan(plan: ResumePlan, path: string): string {
  const again = [plan.redo.unscored > 0 ? `${plan.redo.unscored} unscored` : "", plan.redo.fallback > 0 ? `${plan.redo.fallback} with an offline fallback` : ""].filter((s) => s !== "");
  return `tribunal: resuming ${path}: ${plan.kept} line${plan.kept === 1 ? "" : "s"} kept${again.length > 0 ? `; judging again ${again.join(", ")} (their old lines removed)` : ""}${plan.tornDropped ? "; a torn last line dropped" : ""}`;
}
