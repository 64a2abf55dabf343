// Tribunal's layer rules for dependency-cruiser (17.x; 18.x needs Node 22).
//
// Checked by test/architecture/layers.test.ts (part of `npm test`) and by `npm run lint:layers`.
// Paths are relative to the project root, e.g. "nodes/panel/evaluator.ts".
//
// The rules are generated from LAYERS below, bottom → top. A module may import any lower layer; it may
// never import a higher one; it may import another folder of its own layer only where SIDEWAYS says so.
// A new folder inside a listed folder (say a new protocol under nodes/) is covered without editing
// this file. A new top-level folder must be added to LAYERS: until then, importing it from the library
// is reported as "not-in-a-layer".
//
// Type-only imports count (tsPreCompilationDeps). Tests (test/**) are not cruised, so they are exempt;
// an import of test/ from the library is still seen and reported.

/** @typedef {{ name: string, members: string[] }} Layer */

/** @type {Layer[]} Bottom → top. A member is a folder ("util") or a root file ("index.ts"). */
const LAYERS = [
  { name: "1 (util, metrics, dialogues)", members: ["util", "metrics", "dialogues"] },
  { name: "2 (evidence, rubrics)", members: ["evidence", "rubrics"] },
  { name: "3 (scoring)", members: ["scoring"] },
  { name: "4 (judges)", members: ["judges"] },
  { name: "5 (results)", members: ["results"] },
  { name: "6 (nodes)", members: ["nodes"] },
  { name: "7 (graphs)", members: ["graphs"] },
  { name: "8 (api)", members: ["api"] },
  { name: "9 (runs, agreement, report)", members: ["runs", "agreement", "report"] },
  // Entry points. bin/ is the executable shim that loads cli/.
  { name: "10 (cli, index.ts, bench, scripts, bin)", members: ["cli", "index.ts", "bench", "scripts", "bin"] },
];

/** Imports between two members of the same layer that are allowed (member → members). */
const SIDEWAYS = {
  metrics: ["util"],
  dialogues: ["util"],
  report: ["agreement"],
  bin: ["cli"],
};

/** Layers 1–9: the library. */
const LIBRARY = LAYERS.slice(0, -1);

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Regex matching the modules of the given members: "util" → "^util/", "index.ts" → "^index\.ts$". */
const pathOf = (members) =>
  `^(?:${members.map((m) => (m.endsWith(".ts") ? `${escape(m)}$` : `${escape(m)}/`)).join("|")})`;
const membersOf = (layers) => layers.flatMap((layer) => layer.members);

/** One rule per layer: nothing in it may import any higher layer. */
const upwardRules = LAYERS.slice(0, -1).map((layer, index) => {
  const higher = LAYERS.slice(index + 1);
  return {
    name: `layer-${layer.name.split(" ")[0]}-not-up`,
    comment: `Layer ${layer.name} may not import a higher layer: ${higher.map((l) => l.members.join(", ")).join(" | ")}.`,
    severity: "error",
    from: { path: pathOf(layer.members) },
    to: { path: pathOf(membersOf(higher)) },
  };
});

/** One rule per member that shares its layer: it may not import the other members unless SIDEWAYS allows it. */
const sidewaysRules = LAYERS.flatMap((layer) =>
  layer.members.flatMap((member) => {
    const forbidden = layer.members.filter((other) => other !== member && !(SIDEWAYS[member] ?? []).includes(other));
    if (forbidden.length === 0) return [];
    return [
      {
        name: `${member.replace(/\.ts$/, "")}-not-sideways`,
        comment: `${member} may not import ${forbidden.join(", ")} (same layer ${layer.name}).`,
        severity: "error",
        from: { path: pathOf([member]) },
        to: { path: pathOf(forbidden) },
      },
    ];
  }),
);

module.exports = {
  forbidden: [
    ...upwardRules,
    ...sidewaysRules,
    {
      name: "nodes-protocol-not-to-other-protocol",
      comment:
        "A protocol folder under nodes/ may import nodes/ root files and its own folder, never another protocol's folder.",
      severity: "error",
      from: { path: "^nodes/([^/]+)/" },
      to: { path: "^nodes/[^/]+/", pathNot: "^nodes/$1/" },
    },
    {
      name: "nodes-root-not-to-protocol",
      comment: "nodes/*.ts are shared by the protocol folders, so they may not import any protocol folder.",
      severity: "error",
      from: { path: "^nodes/[^/]+$" },
      to: { path: "^nodes/[^/]+/" },
    },
    {
      name: "report-client-only-model-and-client",
      comment:
        "report/client/ is browser code: of the project it may import only report/model.ts, report/client/ and the pure, browser-safe helpers it shares with `tribunal agree` (agreement/verdict.ts, metrics/); npm packages are bundled, node built-ins are not available.",
      severity: "error",
      from: { path: "^report/client/" },
      to: { pathNot: ["^report/client/", "^report/model\\.ts$", "^agreement/verdict\\.ts$", "^metrics/", "(?:^|/)node_modules/"] },
    },
    {
      name: "report-client-model-types-only",
      comment: "report/client/ may import only types from report/model.ts (`import type`).",
      severity: "error",
      from: { path: "^report/client/" },
      to: { path: "^report/model\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "library-not-to-test",
      comment: "Nothing in the library (layers 1–9) imports test/.",
      severity: "error",
      from: { path: pathOf(membersOf(LIBRARY)) },
      to: { path: "^test/" },
    },
    {
      name: "not-to-unlayered",
      comment:
        "The library imports only modules that belong to a layer: not a folder being retired (like contracts/) nor a new top-level folder that is not in LAYERS yet.",
      severity: "error",
      from: { path: pathOf(membersOf(LIBRARY)) },
      to: { dependencyTypes: ["local"], pathNot: [pathOf(membersOf(LAYERS)), "^test/"] },
    },
    {
      name: "unlayered-not-to-project",
      comment:
        "A module outside every layer (a retired folder, a new top-level folder not in LAYERS yet) may not import project modules: no layer rule would check it.",
      severity: "error",
      from: { pathNot: [pathOf(membersOf(LAYERS)), "^test/", "(?:^|/)node_modules/"] },
      to: { dependencyTypes: ["local"] },
    },
    {
      name: "no-circular",
      comment: "No circular dependencies (type-only imports included).",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "not-to-unresolvable",
      comment: "Every import resolves: an unresolved relative import would silently drop edges from this check.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // node_modules and test/ are not cruised (test files are not start points); edges into them stay
    // visible so the rules above can see them.
    doNotFollow: { path: ["(?:^|/)node_modules/", "^test/"] },
    exclude: {
      path: [
        "^(?:dist|out|tmp|coverage)/",
        // hidden folders: .git, .langgraph_api, .ci, scratch folders
        "(?:^|/)\\.[^/]+/",
        "\\.tmp\\.ts$",
        "(?:^|/)\\.scratch",
        // root tooling configuration
        "^vitest\\.config\\.ts$",
        "^\\.dependency-cruiser\\.cjs$",
      ],
    },
    moduleSystems: ["es6", "cjs"],
    // Count `import type` and type-only re-exports.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    // Read package.json "exports" so subpath imports of npm packages resolve.
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "types", "default"],
      extensions: [".ts", ".js", ".mjs", ".cjs", ".d.ts", ".json"],
      mainFields: ["module", "main", "types", "typings"],
    },
    skipAnalysisNotInRules: true,
  },
};
