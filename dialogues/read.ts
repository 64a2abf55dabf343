import { open, type FileHandle } from "node:fs/promises";
import { createInterface } from "node:readline";
import { Transform, type TransformCallback } from "node:stream";
import type { Dialogue } from "./dialogue.js";
import { DialogueParseError, isDialogueParseError } from "./errors.js";
import { LINE_LENGTH_EXPECTED, MAX_LINE_LENGTH, SNIFF_LENGTH, TEXT_FILE_EXPECTED, createDialogueParser } from "./parse.js";

/** Lines as `node:readline` cuts them: at `\r\n`, `\n` or a lone `\r`; no empty line after a final terminator. */
function* splitLines(text: string): Generator<string> {
  const terminator = /\r\n|\n|\r/g;
  let start = 0;
  for (let m = terminator.exec(text); m; m = terminator.exec(text)) {
    yield text.slice(start, m.index);
    start = m.index + m[0].length;
  }
  if (start < text.length) yield text.slice(start);
}

/** Parses transcript text held in memory (same parser as `readDialogues`); `file` names it in errors. */
export function parseDialogues(text: string, file = "<input>"): Dialogue[] {
  const parser = createDialogueParser(file);
  const dialogues: Dialogue[] = [];
  for (const line of splitLines(text)) {
    for (const dialogue of parser.push(line)) dialogues.push(dialogue);
  }
  for (const dialogue of parser.end()) dialogues.push(dialogue);
  return dialogues;
}

function errnoCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : String((error as { message?: unknown } | null)?.message ?? error);
}

/** Rejects a NUL byte or invalid UTF-8 in the first bytes of the file, naming the line. */
function sniffText(head: Buffer, complete: boolean, file: string): void {
  let lineStart = 0;
  for (let lineNo = 1; lineStart <= head.length; lineNo++) {
    const newline = head.indexOf(0x0a, lineStart);
    const last = newline === -1;
    const bytes = head.subarray(lineStart, last ? head.length : newline);
    const shown = (): string => bytes.subarray(0, 240).toString("utf8");
    if (bytes.includes(0)) {
      throw new DialogueParseError(file, lineNo, `${TEXT_FILE_EXPECTED} (found a NUL byte)`, shown());
    }
    try {
      // The sniffed block may end inside a multi-byte character: only a complete file's last line
      // must end on a character boundary.
      new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: last && !complete });
    } catch {
      throw new DialogueParseError(file, lineNo, `${TEXT_FILE_EXPECTED} (found invalid UTF-8)`, shown());
    }
    if (last) return;
    lineStart = newline + 1;
  }
}

/**
 * Passes bytes through unchanged but fails as soon as one line exceeds `max` bytes, so that
 * readline never buffers an unbounded line.
 */
class LineLengthGuard extends Transform {
  private lineNo = 1;
  private length = 0;
  private prefix: Buffer[] = [];
  private prefixLength = 0;

  constructor(
    private readonly file: string,
    private readonly max: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(0x0a, start);
      const end = newline === -1 ? chunk.length : newline;
      if (this.prefixLength < 240) {
        const piece = Buffer.from(chunk.subarray(start, Math.min(end, start + 240 - this.prefixLength)));
        this.prefix.push(piece);
        this.prefixLength += piece.length;
      }
      this.length += end - start;
      if (this.length > this.max) {
        const shown = Buffer.concat(this.prefix).toString("utf8");
        callback(new DialogueParseError(this.file, this.lineNo, LINE_LENGTH_EXPECTED, shown));
        return;
      }
      if (newline === -1) break;
      this.lineNo++;
      this.length = 0;
      this.prefix = [];
      this.prefixLength = 0;
      start = newline + 1;
    }
    callback(null, chunk);
  }
}

async function openTextFile(path: string, name: string): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await open(path, "r");
  } catch (error) {
    throw new DialogueParseError(name, 0, "an existing readable file", errnoCode(error), { cause: error });
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new DialogueParseError(name, 0, "an existing readable file", "not a regular file");
    const head = Buffer.alloc(SNIFF_LENGTH);
    const { bytesRead } = await handle.read(head, 0, SNIFF_LENGTH, 0);
    sniffText(head.subarray(0, bytesRead), bytesRead < SNIFF_LENGTH, name);
    return handle;
  } catch (error) {
    await handle.close();
    if (isDialogueParseError(error)) throw error;
    throw new DialogueParseError(name, 0, "an existing readable file", errnoCode(error), { cause: error });
  }
}

/**
 * Streams the dialogues of a transcript file in file order. Line-based formats (USS, seed variant,
 * JSONL, turn text) are read line by line with `node:readline`, holding one dialogue at a time; a
 * `.json` document is read whole. Every problem is a `DialogueParseError` naming file and line.
 * `name` is what errors and `dialogue.source.file` call the file (`-` for stdin buffered to `path`).
 */
export async function* readDialogues(path: string, name = path): AsyncGenerator<Dialogue, void, undefined> {
  const handle = await openTextFile(path, name);
  const source = handle.createReadStream({ start: 0, autoClose: true });
  const guard = new LineLengthGuard(name, MAX_LINE_LENGTH);
  source.on("error", (error) => guard.destroy(error));
  source.pipe(guard);
  const lines = createInterface({ input: guard, crlfDelay: Infinity });
  const parser = createDialogueParser(name);
  try {
    for await (const line of lines) {
      for (const dialogue of parser.push(line)) yield dialogue;
    }
    for (const dialogue of parser.end()) yield dialogue;
  } catch (error) {
    if (isDialogueParseError(error)) throw error;
    throw new DialogueParseError(name, parser.lineNumber + 1, "a readable file", errnoCode(error), { cause: error });
  } finally {
    lines.close();
    guard.destroy();
    source.destroy();
  }
}
