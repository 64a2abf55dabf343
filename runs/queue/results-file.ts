import { existsSync, openSync, readSync, closeSync } from "node:fs";
import { dropTornLine, scanResults } from "../resume.js";
import type { RunRecord } from "./run-record.js";

/** The config hash of the first line of a results file, if it has one (what `tribunal collect` collects by default). */
export function hashOfResultsFile(path: string): string | undefined {
  if (!existsSync(path)) return undefined;
  const fd = openSync(path, "r");
  try {
    const buffer = Buffer.alloc(1 << 16);
    const bytes = readSync(fd, buffer, 0, buffer.length, 0);
    const first = buffer.subarray(0, bytes).toString("utf8").split("\n")[0] ?? "";
    const hash = (JSON.parse(first) as { meta?: { config_hash?: unknown } }).meta?.config_hash;
    return typeof hash === "string" ? hash : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * The dialogue id keys that already have a line in `path` (scored or not), checked as `--resume`
 * checks a file (every line of this run's configuration, once per dialogue); a torn last line is cut off.
 */
export async function linesAlreadyIn(path: string, record: RunRecord): Promise<Set<string>> {
  const scan = await scanResults(path, { hash: record.hash, ...record.identity });
  dropTornLine(path, scan);
  return new Set([...scan.done, ...scan.redo.keys()]);
}
