import { open } from "node:fs/promises";
import { createInterface } from "node:readline";

/** One line of a text file: its text (a byte-order mark on the first line dropped) and 1-based number. */
export interface NumberedLine {
  text: string;
  lineNo: number;
}

/**
 * The non-blank lines of a text file, in order, read as a stream; the file is closed when the loop
 * ends, returns early or throws. `maxBytes` stops reading after that many bytes (for sniffing a format).
 */
export async function* nonBlankLines(path: string, options: { maxBytes?: number } = {}): AsyncGenerator<NumberedLine, void, undefined> {
  const handle = await open(path, "r");
  const stream = handle.createReadStream(options.maxBytes === undefined ? { start: 0 } : { start: 0, end: options.maxBytes - 1 });
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let lineNo = 0;
  try {
    for await (const raw of lines) {
      lineNo++;
      const text = lineNo === 1 ? raw.replace(/^\uFEFF/, "") : raw;
      if (text.trim() !== "") yield { text, lineNo };
    }
  } finally {
    lines.close();
    await handle.close();
  }
}
