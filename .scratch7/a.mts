import { StateGraph, StateSchema, START, END } from "@langchain/langgraph";
import { z } from "zod";
import { Dialogue } from "../dialogues/dialogue.js";
import { parseDialogues } from "../dialogues/index.js";
const State = new StateSchema({ dialogue: Dialogue, result: z.string().optional() });
const Input = new StateSchema({ transcript: z.string().optional(), dialogue: Dialogue.optional() });
const g = new StateGraph({ state: State, input: Input })
  .addNode("read_input", (s: { transcript?: string; dialogue?: Dialogue }) => {
    console.log("read_input got", Object.keys(s));
    if (s.dialogue) return {};
    return { dialogue: parseDialogues(s.transcript ?? "", "transcript")[0] };
  }, { input: Input })
  .addNode("work", (s: typeof State.State) => ({ result: `turns=${s.dialogue.turns.length} id=${s.dialogue.id}` }))
  .addEdge(START, "read_input").addEdge("read_input", "work").addEdge("work", END).compile();
console.log(await g.invoke({ transcript: "--- Turn 1 ---\nUser: hi\nAssistant: hello" }));
console.log(await g.invoke({ dialogue: { id: "x", turns: [{ speaker: "user", text: "hi" }] } }));
try { console.log(await g.invoke({})); } catch (e) { console.log("ERR", (e as Error).message); }
try { console.log(await g.invoke({ dialogue: { id: "x" } } as any)); } catch (e) { console.log("ERR2", (e as Error).message.slice(0,200)); }
console.log(JSON.stringify(z.toJSONSchema(z.object({a: Dialogue.optional()}))).slice(0,300));
