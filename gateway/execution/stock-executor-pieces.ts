import { createRequire } from "node:module";
import type { FetchNode } from "@apollo/query-planner";
import type { GraphQLSchema } from "graphql";

// Pieces of @apollo/gateway's own executor, used as they are so rewrites, type conditions and error paths stay exactly its own.
const require = createRequire(import.meta.url);

export const { applyRewrites, isObjectOfType } = require("@apollo/gateway/dist/dataRewrites") as {
  applyRewrites: (schema: GraphQLSchema, rewrites: FetchNode["outputRewrites"], value: any) => void;
  isObjectOfType: (schema: GraphQLSchema, object: any, typeCondition: string) => boolean;
};

export const { generateHydratedPaths } = require("@apollo/gateway/dist/executeQueryPlan") as {
  generateHydratedPaths: (parent: (string | number)[], path: (string | number)[], data: any, result: (string | number)[][]) => void;
};
