import type { DomainContext } from "../../lib/modules/domain-module.js";
import type { DesignJobDependencies } from "../designs/public.js";
import type { MergesLoaders } from "./loaders.js";

export type MergesDependencies = DesignJobDependencies;

export type MergesContext = DomainContext<MergesDependencies, MergesLoaders>;
