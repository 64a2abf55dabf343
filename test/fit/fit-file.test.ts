/** `npm run fit-offline` leaves the shipped files alone when only the run's date would change (scripts/fit/fit-file.ts). */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { OfflineWeights } from "../../judges/offline/model.js";
import { TurnModel } from "../../judges/offline/turn-model.js";
import { fitFileUpdate, writeFitFile } from "../../scripts/fit/fit-file.js";

const pretty = (v: Record<string, unknown>) => `${JSON.stringify(v, null, 2)}\n`;
const shipped = (name: string) => readFileSync(new URL(`../../judges/offline/${name}`, import.meta.url), "utf8");

describe("fitFileUpdate", () => {
  const fit = { source: "USS", date: "2026-11-24", coefficients: [0.5, -0.25] };
  const file = pretty(fit);

  it("writes a file that does not exist yet", () => {
    expect(fitFileUpdate(undefined, fit, pretty)).toBe(file);
  });

  it("writes nothing when only the date differs", () => {
    expect(fitFileUpdate(file, { ...fit, date: "2027-01-05" }, pretty)).toBeUndefined();
  });

  it("writes the new fit, with its new date, when a number changed", () => {
    const refit = { ...fit, date: "2027-01-05", coefficients: [0.5, -0.26] };
    expect(fitFileUpdate(file, refit, pretty)).toBe(pretty(refit));
  });

  it("writes when the layout differs (the file was reformatted) or is not JSON", () => {
    expect(fitFileUpdate(JSON.stringify(fit), { ...fit, date: "2027-01-05" }, pretty)).toBe(pretty({ ...fit, date: "2027-01-05" }));
    expect(fitFileUpdate("{ torn", fit, pretty)).toBe(file);
  });

  it("a file without a date (the turn model) is compared whole", () => {
    const model = { source: "USS", weights: [1, 2] };
    expect(fitFileUpdate(pretty(model), { ...model }, pretty)).toBeUndefined();
    expect(fitFileUpdate(pretty(model), { ...model, weights: [1, 3] }, pretty)).toBe(pretty({ ...model, weights: [1, 3] }));
  });

  it("the shipped files round-trip through the script's own serialisers: a refit that only moves the date writes neither", () => {
    const weights = JSON.parse(shipped("weights.json")) as Record<string, unknown>;
    expect(fitFileUpdate(shipped("weights.json"), { ...weights, date: "2099-12-31" }, (w) => `${JSON.stringify(OfflineWeights.parse(w), null, 2)}\n`)).toBeUndefined();
    const turnModel = JSON.parse(shipped("turn-model.json")) as Record<string, unknown>;
    expect(fitFileUpdate(shipped("turn-model.json"), turnModel, (m) => `${JSON.stringify(TurnModel.parse(m))}\n`)).toBeUndefined();
  });
});

describe("writeFitFile", () => {
  const dir = mkdtempSync(join(tmpdir(), "tribunal-fit-file-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("leaves the file as it was when only the date would change, and rewrites it when the fit changed", () => {
    const path = join(dir, "weights.json");
    const file = pathToFileURL(path);
    writeFileSync(path, pretty({ date: "2026-11-24", a: 1 }));
    expect(writeFitFile(file, { date: "2027-01-05", a: 1 }, pretty)).toBe(false);
    expect(readFileSync(path, "utf8")).toBe(pretty({ date: "2026-11-24", a: 1 }));
    expect(writeFitFile(file, { date: "2027-01-05", a: 2 }, pretty)).toBe(true);
    expect(readFileSync(path, "utf8")).toBe(pretty({ date: "2027-01-05", a: 2 }));
  });
});
