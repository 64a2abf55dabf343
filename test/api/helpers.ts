import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { BaseMessage } from "@langchain/core/messages";
import { parseDialogues } from "../../dialogues/index.js";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { ScriptedChatModel, type Script } from "../support/scripted-model.js";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The bundled customer-service examples (refund-resolved … cancelled-flight). */
export const EXAMPLES: Dialogue[] = parseDialogues(readFileSync(`${ROOT}examples/customer-service.jsonl`, "utf8"), "customer-service.jsonl");
export const byId = (id: string) => EXAMPLES.find((d) => d.id === id) as Dialogue;

/** A scripted model that also counts how many calls are in flight at once (each takes `delayMs`). */
export class CountingModel extends ScriptedChatModel {
  inFlight = 0;
  maxInFlight = 0;

  constructor(script: Script, private readonly delayMs = 15) {
    super(script);
  }

  override async _generate(messages: BaseMessage[], options: this["ParsedCallOptions"]) {
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      await new Promise((resolve) => setTimeout(resolve, this.delayMs));
      return await super._generate(messages, options);
    } finally {
      this.inFlight--;
    }
  }
}

export const firstUserText = (dialogue: Dialogue): string => dialogue.turns.find((t) => t.speaker === "user")?.text ?? "";

/** Quotes a dialogue's first user utterance the way the evaluator must (`USER: "…"`). */
export const firstUserQuote = (dialogue: Dialogue): string => `USER: "${firstUserText(dialogue)}"`;
