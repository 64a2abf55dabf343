/** The panel's rubric when none is configured (seed 000). */
export const PANEL_DEFAULT_RUBRIC = "customer-service";
