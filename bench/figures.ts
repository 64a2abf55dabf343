/** One benchmark figure, printed with its target. */
export interface Figure {
  name: string;
  value: string;
  target: string;
  ok: boolean | undefined;
  detail?: string;
}

export function printFigure(f: Figure): void {
  const mark = f.ok === undefined ? "  " : f.ok ? "✓ " : "✗ ";
  process.stdout.write(`${mark}${f.name}: ${f.value}  (target ${f.target})${f.detail ? `\n    ${f.detail}` : ""}\n`);
}
