import type { Resolvers } from "../__generated__/resolvers-types.js";
import { Mutation } from "./Mutation.js";
import { Project } from "./Project.js";
import { Query } from "./Query.js";
import { WorkOrder } from "./WorkOrder.js";

export const resolvers: Resolvers = { Query, Mutation, WorkOrder, Project };
