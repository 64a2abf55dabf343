import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadRubric } from "../../rubrics/load.js";

const dir = mkdtempSync(join(tmpdir(), "tribunal-rubric-for-"));

/**
 * A built-in rubric re-declared for another protocol, written to a file (a run's configuration takes
 * a rubric path): to test what a protocol needs of a rubric beyond being written for it.
 */
export function rubricFor(id: string, protocol: string): string {
  const file = join(dir, `${id}-for-${protocol}.json`);
  writeFileSync(file, JSON.stringify({ ...loadRubric(id), protocols: [protocol] }));
  return file;
}
