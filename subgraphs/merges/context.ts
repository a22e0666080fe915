import type { DomainContext } from "../../lib/modules/domain-module.js";
import type { ContentBudgets, DesignJobDependencies } from "../designs/public.js";
import type { MergesLoaders } from "./loaders.js";

export interface MergesDependencies extends DesignJobDependencies {
  /** What a merged design may hold: a merge past it is refused when asked for. */
  designBudgets: ContentBudgets;
}

export type MergesContext = DomainContext<MergesDependencies, MergesLoaders>;
