import { z } from "zod";

/** The judging protocols, one graph each (DESIGN §1). */
export const ProtocolId = z.enum(["panel", "consensus", "checklist", "barem"]);
export type Protocol = z.infer<typeof ProtocolId>;
