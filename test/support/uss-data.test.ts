/** Where the tests that need the USS data find it (test/support/uss-data.ts): `npm test` needs no variable when the data sits at ../shared/data. */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_DATA_DIR, resolveDataDir } from "./uss-data.js";
import { ROOT } from "./cli.js";

const tmp = mkdtempSync(join(tmpdir(), "tribunal-data-dir-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const withUss = join(tmp, "data");
mkdirSync(join(withUss, "uss"), { recursive: true });
const empty = join(tmp, "empty");
mkdirSync(empty);

describe("resolveDataDir", () => {
  it("defaults to ../shared/data beside the checkout", () => {
    expect(DEFAULT_DATA_DIR).toBe(join(ROOT, "..", "shared", "data"));
    expect(resolveDataDir(undefined, withUss)).toBe(withUss);
  });

  it("TRIBUNAL_DATA_DIR overrides the default", () => {
    expect(resolveDataDir(withUss, empty)).toBe(withUss);
  });

  it("fails loudly when the folder it uses has no uss/, never falling back from a TRIBUNAL_DATA_DIR that is set", () => {
    expect(() => resolveDataDir(empty, withUss)).toThrow(`TRIBUNAL_DATA_DIR=${empty} has no uss/ folder`);
    expect(() => resolveDataDir(undefined, empty)).toThrow(`TRIBUNAL_DATA_DIR is not set and ${empty} has no uss/ folder`);
  });
});
