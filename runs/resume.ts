import { createReadStream, existsSync, truncateSync } from "node:fs";
import { ConfigError } from "../judges/config-error.js";

/** A dialogue id as a set key: `1` and `"1"` are different dialogues. */
export function idKey(id: unknown): string {
  return `${typeof id}:${String(id)}`;
}

export interface ResumeScan {
  /** Ids of the dialogues that already have a line. */
  done: Set<string>;
  lines: number;
  /** Bytes up to the end of the last whole line: what a torn last line is cut back to. */
  wholeBytes: number;
  /** Bytes after the last newline: a line cut off when the process was killed mid-write (0 if none). */
  tornBytes: number;
}

interface LineMeta {
  config_hash?: unknown;
  protocol?: unknown;
  rubric?: unknown;
  model?: unknown;
}

function describeDifference(meta: LineMeta, expected: { protocol: string; rubric: string; model: string }): string {
  const differences = (["protocol", "rubric", "model"] as const)
    .filter((k) => meta[k] !== expected[k])
    .map((k) => `${k} ${String(meta[k] ?? "?")} vs ${expected[k]} now`);
  return differences.length > 0 ? differences.join(", ") : "same protocol, rubric id and model: the rubric's content, the prompt version or --blind/--temperature/--samples differ";
}

/**
 * Reads the lines already in `path` for `--resume`: every whole line must be a result line of this
 * configuration (`meta.config_hash`), once per dialogue; anything else is a ConfigError naming the
 * line. A last line without its newline (the process was killed while writing it) is not read.
 */
export async function scanResults(path: string, expected: { hash: string; protocol: string; rubric: string; model: string }): Promise<ResumeScan> {
  const scan: ResumeScan = { done: new Set(), lines: 0, wholeBytes: 0, tornBytes: 0 };
  if (!existsSync(path)) return scan;
  const firstLine = new Map<string, number>();
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const fail = (lineNo: number, what: string): never => {
    throw new ConfigError(`cannot resume: ${path} line ${lineNo} ${what}`);
  };
  const readLine = (bytes: Buffer) => {
    scan.lines++;
    const lineNo = scan.lines;
    const text = bytes.toString("utf8");
    if (text.trim() === "") return;
    let line: { dialogue_id?: unknown; meta?: LineMeta };
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
    scan.done.add(key);
  };
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    let start = 0;
    for (let nl = chunk.indexOf(0x0a, start); nl !== -1; nl = chunk.indexOf(0x0a, start)) {
      const piece = chunk.subarray(start, nl);
      readLine(pending.length > 0 ? Buffer.concat([...pending, piece]) : piece);
      scan.wholeBytes += pendingBytes + piece.length + 1;
      pending = [];
      pendingBytes = 0;
      start = nl + 1;
    }
    if (start < chunk.length) {
      pending.push(Buffer.from(chunk.subarray(start)));
      pendingBytes += chunk.length - start;
    }
  }
  scan.tornBytes = pendingBytes;
  return scan;
}

/** Cuts a torn last line off, so the next append starts on a fresh line. */
export function dropTornLine(path: string, scan: ResumeScan): void {
  if (scan.tornBytes > 0) truncateSync(path, scan.wholeBytes);
}
