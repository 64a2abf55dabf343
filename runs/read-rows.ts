import { createReadStream, existsSync } from "node:fs";
import { createInterface } from "node:readline";
import type { Json } from "../results/fields.js";
import { resultRow, type ResultRow, type RowReader } from "./result-row.js";

/** The row of every line of a results file written by this configuration (a resumed `--out`, already checked line by line). */
export async function readRows(path: string, reader: RowReader): Promise<ResultRow[]> {
  const rows: ResultRow[] = [];
  if (!existsSync(path)) return rows;
  for await (const text of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
    if (text.trim() !== "") rows.push(resultRow(JSON.parse(text) as Json, reader));
  }
  return rows;
}
