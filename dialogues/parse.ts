/**
 * The one parsing path behind both `parseDialogues` (text in memory) and `readDialogues` (a file
 * streamed line by line): whole-file checks, format detection on the first non-blank line, then the
 * format's streaming parser.
 */
import { createJsonDocumentParser, createJsonlParser } from "./chat-json.js";
import { detectFormat, type DialogueFormat } from "./detect.js";
import type { Dialogue } from "./dialogue.js";
import { DialogueParseError } from "./errors.js";
import type { LineParser } from "./line-parser.js";
import { createTurnTextParser } from "./turns.js";
import { createUssParser } from "./uss.js";

/** Longest accepted line: 10 MB (characters here, bytes in the file reader). */
export const MAX_LINE_LENGTH = 10 * 1024 * 1024;
/** How much of the start of a file is checked for binary content. */
export const SNIFF_LENGTH = 8 * 1024;

export const TEXT_FILE_EXPECTED = "a UTF-8 text file";
export const LINE_LENGTH_EXPECTED = `lines of at most ${MAX_LINE_LENGTH} bytes (10 MB)`;

export function createFormatParser(format: DialogueFormat, file: string): LineParser {
  switch (format) {
    case "uss-tsv":
      return createUssParser(file, "tsv");
    case "uss-loose":
      return createUssParser(file, "loose");
    case "json":
      return createJsonDocumentParser(file);
    case "jsonl":
      return createJsonlParser(file);
    case "turns":
      return createTurnTextParser(file);
  }
}

export interface DialogueStreamParser {
  /** The next line of the file, without its terminator. Returns the dialogues it completed. */
  push(line: string): Dialogue[];
  /** End of the file. Returns the remaining dialogues; throws if the file held none. */
  end(): Dialogue[];
  /** The 1-based number of the last line pushed (0 before the first). */
  readonly lineNumber: number;
  /** The detected format, once the first non-blank line has been seen. */
  readonly format: DialogueFormat | undefined;
}

export function createDialogueParser(file: string): DialogueStreamParser {
  let lineNo = 0;
  let sniffed = 0;
  let produced = 0;
  let format: DialogueFormat | undefined;
  let parser: LineParser | undefined;

  return {
    get lineNumber() {
      return lineNo;
    },
    get format() {
      return format;
    },
    push(raw) {
      lineNo++;
      const line = lineNo === 1 && raw.startsWith("\uFEFF") ? raw.slice(1) : raw;
      if (line.length > MAX_LINE_LENGTH) {
        throw new DialogueParseError(file, lineNo, LINE_LENGTH_EXPECTED, line);
      }
      if (sniffed < SNIFF_LENGTH) {
        if (line.slice(0, SNIFF_LENGTH - sniffed).includes("\0")) {
          throw new DialogueParseError(file, lineNo, `${TEXT_FILE_EXPECTED} (found a NUL byte)`, line);
        }
        sniffed += line.length + 1;
      }
      if (!parser) {
        if (line.trim() === "") return [];
        format = detectFormat(line, file, lineNo);
        parser = createFormatParser(format, file);
      }
      const out = parser.push(line, lineNo);
      produced += out.length;
      return out;
    },
    end() {
      const out = parser ? parser.end() : [];
      produced += out.length;
      if (produced === 0) {
        throw new DialogueParseError(file, Math.max(lineNo, 1), "at least one dialogue", "");
      }
      return out;
    },
  };
}
