import type { DomainContext } from "../../lib/modules/domain-module.js";
import type { DesignJobDependencies } from "../designs/public.js";
import type { ResizesLoaders } from "./loaders.js";

export type ResizesDependencies = DesignJobDependencies;

export type ResizesContext = DomainContext<ResizesDependencies, ResizesLoaders>;
