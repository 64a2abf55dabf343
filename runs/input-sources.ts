import { createWriteStream, existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { pipeline } from "node:stream/promises";
import { glob, isDynamicPattern } from "tinyglobby";
import { DialogueParseError } from "../dialogues/errors.js";
import { ConfigError } from "../judges/config-error.js";

/** What `tribunal evaluate` calls standard input among its files. */
export const STDIN_NAME = "-";

/** One input file: where it is read from, and what errors and `meta.source.file` call it (as given, `-` for stdin). */
export interface InputSource {
  path: string;
  name: string;
}

export interface OpenedInputs {
  sources: InputSource[];
  /** Removes stdin's temporary copy, if one was made. */
  close(): Promise<void>;
}

/** A pattern's files, sorted (Node 20 has no `fs.glob`, hence tinyglobby); paths keep the pattern's own form, relative or absolute. */
async function expand(pattern: string): Promise<string[]> {
  const files = await glob(pattern, { onlyFiles: true, expandDirectories: false, absolute: isAbsolute(pattern) });
  if (files.length === 0) throw new DialogueParseError(pattern, 0, "at least one file matching the pattern", "no file matches");
  return files.sort();
}

/**
 * Standard input, copied once to a temporary file. A file, not memory: stdin can be read only once,
 * and a run reads its input twice (the validating scan, then lazily while judging), so a copy on disk
 * keeps memory flat in the input size whatever is piped in.
 */
async function bufferStdin(stdin: NodeJS.ReadableStream): Promise<{ path: string; dir: string }> {
  const dir = await mkdtemp(join(tmpdir(), "tribunal-stdin-"));
  const path = join(dir, "stdin");
  try {
    await pipeline(stdin, createWriteStream(path));
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return { path, dir };
}

/**
 * The input files the arguments name, in order: a file as given; `-` for standard input (once); a
 * glob pattern (`'dir/*.jsonl'`, quoted so the shell leaves it alone) for the files it matches,
 * sorted. A file named twice is read once.
 */
export async function openInputs(args: readonly string[], stdin: NodeJS.ReadableStream): Promise<OpenedInputs> {
  if (args.length === 0) throw new ConfigError("no input: name one or more dialogue files, glob patterns, or - for standard input");
  if (args.filter((a) => a === STDIN_NAME).length > 1) throw new ConfigError("standard input (-) can be named once");
  const names: string[] = [];
  for (const arg of args) {
    if (arg === STDIN_NAME || existsSync(arg) || !isDynamicPattern(arg)) names.push(arg);
    else names.push(...(await expand(arg)));
  }
  const seen = new Set<string>();
  const unique = names.filter((name) => {
    const key = name === STDIN_NAME ? STDIN_NAME : resolve(name);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const copy = unique.includes(STDIN_NAME) ? await bufferStdin(stdin) : undefined;
  return {
    sources: unique.map((name) => ({ path: name === STDIN_NAME && copy ? copy.path : name, name })),
    close: async () => {
      if (copy) await rm(copy.dir, { recursive: true, force: true });
    },
  };
}
