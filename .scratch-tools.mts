import { toJsonSchema } from "@langchain/core/utils/json_schema";
import { CriticOutput } from "./contracts/critic.js";
import { evaluatorSchema } from "./contracts/evaluator.js";
import { loadRubric } from "./rubrics/load.js";
const rubric = loadRubric("customer-service");
console.log(JSON.stringify(toJsonSchema(CriticOutput)));
console.log(JSON.stringify(toJsonSchema(evaluatorSchema(rubric))).slice(0, 600));
