/** `--format`: what stdout shows of the result lines. */
export const OUTPUT_FORMATS = ["table", "jsonl", "json"] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/**
 * The format stdout gets: the one asked for; else a table for a person at a terminal and JSONL for
 * a pipe. With `--out` (which always gets JSONL) stdout stays empty unless a format is asked for.
 */
export function stdoutFormat(asked: OutputFormat | undefined, where: { stdoutIsTTY: boolean; out: boolean }): OutputFormat | undefined {
  if (asked) return asked;
  if (where.out) return undefined;
  return where.stdoutIsTTY ? "table" : "jsonl";
}
