import { describe, expect, it } from "vitest";
import { buildOverview } from "../../cli/overview.js";
import { buildProgram } from "../../cli/program.js";

describe("tribunal --help without the judging code (cli/overview.ts)", () => {
  it("prints exactly the full program's top-level help", () => {
    expect(buildOverview().helpInformation()).toBe(buildProgram().helpInformation());
  });

  it("names every subcommand of the full program, in its order", () => {
    expect(buildOverview().commands.map((c) => c.name())).toEqual(buildProgram().commands.map((c) => c.name()));
  });
});
