import { readFile } from "node:fs/promises";
import { describeIssues } from "../util/zod-issues.js";
import { AgreementInputError } from "./errors.js";
import { ResultLine } from "./result-line.js";

/** One line of a results file, validated, with its 1-based line number. */
export interface NumberedResult {
  line: number;
  result: ResultLine;
}

/** Parses `tribunal evaluate` JSONL: one JSON object per non-blank line; errors name file and line. */
export function parseResults(text: string, file: string): NumberedResult[] {
  const out: NumberedResult[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (raw.trim() === "") return;
    const where = `${file}:${i + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (e) {
      throw new AgreementInputError(`${where}: not a JSON line (${(e as Error).message.split("\n")[0]}); expected one result object per line as written by tribunal evaluate`);
    }
    const parsed = ResultLine.safeParse(value);
    if (!parsed.success) throw new AgreementInputError(`${where}: not a result line: ${describeIssues(parsed.error)}`);
    out.push({ line: i + 1, result: parsed.data });
  });
  if (out.length === 0) throw new AgreementInputError(`${file}: no result lines; expected the JSONL written by tribunal evaluate`);
  return out;
}

export async function readResults(file: string): Promise<NumberedResult[]> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (e) {
    throw new AgreementInputError(`${file}: cannot read the results file (${(e as { code?: string }).code ?? (e as Error).message})`);
  }
  return parseResults(text, file);
}
