/**
 * Offsets inside JSON text, which `JSON.parse` does not always report (V8 says "Unexpected token
 * 'x', ... is not valid JSON" without a position). Both scans are iterative and linear, so deeply
 * nested or multi-megabyte input cannot overflow the stack.
 */

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
const ESCAPES = new Set(['"', "\\", "/", "b", "f", "n", "r", "t"]);

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= "0" && c <= "9";
}

/**
 * The 0-based offset of the first JSON syntax error in `text` (`text.length` for unexpected end of
 * input), or undefined when the text is valid JSON.
 */
export function jsonSyntaxErrorOffset(text: string): number | undefined {
  const n = text.length;
  let i = 0;
  const stack: string[] = [];
  type State = "value" | "firstValueOrEnd" | "key" | "firstKeyOrEnd" | "afterValue";
  let state: State = "value";

  const skipWhitespace = (): void => {
    while (i < n && WHITESPACE.has(text.charCodeAt(i))) i++;
  };
  /** At an opening quote; advances past the string or returns the error offset. */
  const scanString = (): number | undefined => {
    i++;
    for (;;) {
      if (i >= n) return n;
      const c = text[i];
      if (c === '"') {
        i++;
        return undefined;
      }
      if (c === "\\") {
        const e = text[i + 1];
        if (e === undefined) return n;
        if (e === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return i;
          i += 6;
        } else if (ESCAPES.has(e)) {
          i += 2;
        } else {
          return i + 1;
        }
        continue;
      }
      if (text.charCodeAt(i) < 0x20) return i;
      i++;
    }
  };
  const scanDigits = (): boolean => {
    if (!isDigit(text[i])) return false;
    while (isDigit(text[i])) i++;
    return true;
  };
  const scanNumber = (): number | undefined => {
    if (text[i] === "-") i++;
    if (text[i] === "0") i++;
    else if (!scanDigits()) return i;
    if (text[i] === ".") {
      i++;
      if (!scanDigits()) return i;
    }
    if (text[i] === "e" || text[i] === "E") {
      i++;
      if (text[i] === "+" || text[i] === "-") i++;
      if (!scanDigits()) return i;
    }
    return undefined;
  };

  for (;;) {
    skipWhitespace();
    if (state === "value" || state === "firstValueOrEnd") {
      if (state === "firstValueOrEnd" && text[i] === "]") {
        i++;
        stack.pop();
        state = "afterValue";
        continue;
      }
      if (i >= n) return n;
      const c = text[i] ?? "";
      if (c === "{" || c === "[") {
        stack.push(c);
        i++;
        state = c === "{" ? "firstKeyOrEnd" : "firstValueOrEnd";
        continue;
      }
      let error: number | undefined;
      if (c === '"') error = scanString();
      else if (c === "-" || isDigit(c)) error = scanNumber();
      else {
        const literal = ["true", "false", "null"].find((word) => text.startsWith(word, i));
        if (!literal) return i;
        i += literal.length;
      }
      if (error !== undefined) return error;
      state = "afterValue";
      continue;
    }
    if (state === "key" || state === "firstKeyOrEnd") {
      if (state === "firstKeyOrEnd" && text[i] === "}") {
        i++;
        stack.pop();
        state = "afterValue";
        continue;
      }
      if (i >= n) return n;
      if (text[i] !== '"') return i;
      const error = scanString();
      if (error !== undefined) return error;
      skipWhitespace();
      if (i >= n) return n;
      if (text[i] !== ":") return i;
      i++;
      state = "value";
      continue;
    }
    // afterValue
    const top = stack[stack.length - 1];
    if (top === undefined) return i < n ? i : undefined;
    if (i >= n) return n;
    const c = text[i];
    if (c === ",") {
      i++;
      state = top === "{" ? "key" : "value";
      continue;
    }
    if ((c === "}" && top === "{") || (c === "]" && top === "[")) {
      i++;
      stack.pop();
      continue;
    }
    return i;
  }
}

/** 1-based line and column of `offset` in `text`. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let nl = text.indexOf("\n"); nl !== -1 && nl < offset; nl = text.indexOf("\n", nl + 1)) {
    line++;
    lineStart = nl + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** 1-based line of each offset; `offsets` must be ascending. One pass over the text. */
export function linesOfOffsets(text: string, offsets: readonly number[]): number[] {
  const lines: number[] = [];
  let line = 1;
  let scanned = 0;
  for (const offset of offsets) {
    for (let nl = text.indexOf("\n", scanned); nl !== -1 && nl < offset; nl = text.indexOf("\n", nl + 1)) {
      line++;
      scanned = nl + 1;
    }
    lines.push(line);
  }
  return lines;
}

/** Offsets where the elements of a top-level JSON array start. `text` must be valid JSON. */
export function topLevelArrayElementOffsets(text: string): number[] {
  const offsets: number[] = [];
  let depth = 0;
  let inString = false;
  let escaped = false;
  let expecting = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (c === "\\") escaped = true;
      else if (c === '"') inString = false;
      continue;
    }
    if (depth === 1 && expecting && !WHITESPACE.has(text.charCodeAt(i)) && c !== "]") {
      offsets.push(i);
      expecting = false;
    }
    if (c === '"') inString = true;
    else if (c === "[" || c === "{") {
      depth++;
      if (depth === 1) expecting = c === "[";
    } else if (c === "]" || c === "}") depth--;
    else if (c === "," && depth === 1) expecting = true;
  }
  return offsets;
}
