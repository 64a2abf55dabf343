import { ConfigError } from "../judges/config-error.js";
import type { Json } from "../results/fields.js";
import { readRows } from "../runs/read-rows.js";
import { headlineName, resultRow, type ResultRow, type RowReader } from "../runs/result-row.js";
import { checkScoreGates, type GateResult, type ScoreGates } from "../runs/score-gates.js";
import { formatScore } from "../scoring/numbers.js";
import type { OutputFormat } from "./output-format.js";
import { formatResultsTable } from "./results-table.js";

export interface EvaluateOutputOptions {
  /** What stdout shows; undefined for nothing (`--out` without `--format`, `--compare`). */
  format: OutputFormat | undefined;
  gates: ScoreGates;
  /** How the run's lines are read (its protocol's ResultSpec and its rubric), asked for once, when first needed. */
  resolveReader: () => RowReader;
  /** `--resume`: the gates read every line of this file once the run is over, the kept ones too. */
  resumedFile?: string;
}

const gatesAsked = (gates: ScoreGates) => gates.failUnder !== undefined || gates.failUnderEach !== undefined;

/**
 * What `tribunal evaluate` shows of its result lines besides `--out`: stdout in the chosen format
 * (JSONL as each line finishes; the JSON array and the table once the run is over, so a table never
 * interleaves with the progress bar) and the score gates' verdicts.
 */
export class EvaluateOutput {
  private readonly lines: string[] = [];
  private readonly rows: ResultRow[] = [];
  private readonly keepRows: boolean;
  private resolvedReader: RowReader | undefined;

  constructor(private readonly options: EvaluateOutputOptions) {
    this.keepRows = options.format === "table" || (gatesAsked(options.gates) && options.resumedFile === undefined);
    if (gatesAsked(options.gates)) this.checkThresholds();
  }

  private reader(): RowReader {
    return (this.resolvedReader ??= this.options.resolveReader());
  }

  /** A threshold off the headline's scale is a mistake (60 meant on a 0–1 checklist ratio, 0.6 on a 20–100 panel). */
  private checkThresholds(): void {
    const reader = this.reader();
    const { min, max } = reader.spec.range(reader.rubric);
    for (const [option, value] of [
      ["--fail-under", this.options.gates.failUnder],
      ["--fail-under-each", this.options.gates.failUnderEach],
    ] as const) {
      if (value !== undefined && (value < min || value > max)) {
        throw new ConfigError(`${option} ${value} is off the scale of ${headlineName(reader)}, ${formatScore(min)}–${formatScore(max)} (rubric ${reader.rubric.id})`);
      }
    }
  }

  /** A finished line (JSON and its newline): what stdout gets now. */
  add(line: string): string {
    if (this.options.format === "json") this.lines.push(line.trimEnd());
    if (this.keepRows) this.rows.push(resultRow(JSON.parse(line) as Json, this.reader()));
    return this.options.format === "jsonl" ? line : "";
  }

  /** What stdout gets once the run is over. */
  end(): string {
    if (this.options.format === "json") return this.lines.length === 0 ? "[]\n" : `[\n${this.lines.join(",\n")}\n]\n`;
    if (this.options.format !== "table") return "";
    const reader = this.reader();
    return formatResultsTable(this.rows, { headline: headlineName(reader), range: reader.spec.range(reader.rubric), criteria: reader.rubric.criteria.map((c) => c.id) });
  }

  /** The verdict of each gate asked for (none without `--fail-under` / `--fail-under-each`). */
  async gates(): Promise<GateResult[]> {
    if (!gatesAsked(this.options.gates)) return [];
    const reader = this.reader();
    const rows = this.options.resumedFile === undefined ? this.rows : await readRows(this.options.resumedFile, reader);
    return checkScoreGates(rows, this.options.gates, headlineName(reader));
  }
}
