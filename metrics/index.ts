export { spearman } from "./spearman.js";
export { kendallTauB } from "./kendall.js";
export { quadraticKappa } from "./kappa.js";
export { krippendorffAlpha, type AlphaMetric, type Rating } from "./krippendorff.js";
export { bootstrap, bootstrapMany, drawResamples, pick, DEFAULT_RESAMPLES, DEFAULT_SEED, type BootstrapOptions, type Estimate } from "./bootstrap.js";
export { mulberry32 } from "./random.js";
