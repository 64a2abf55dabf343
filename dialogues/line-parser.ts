import type { Dialogue } from "./dialogue.js";

/**
 * A streaming parser for one transcript format. It is fed the file's lines in order and hands back
 * each dialogue as soon as it is complete, so it holds at most one dialogue in memory (the JSON
 * document format, which needs the whole text, is the exception).
 */
export interface LineParser {
  /** One line without its terminator; `lineNo` is 1-based. Returns the dialogues this line completed. */
  push(line: string, lineNo: number): Dialogue[];
  /** End of input: returns the dialogues still pending. */
  end(): Dialogue[];
}
