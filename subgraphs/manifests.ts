import type { DomainManifest } from "../lib/modules/domain-manifest.js";
import { loadManifests } from "./catalog.js";

/** Every domain's manifest (subgraphs/catalog.ts): what the gateway, the REST adapter, composition, codegen and deployment files need, without any domain's code. */
export const MANIFESTS: readonly DomainManifest[] = await loadManifests();
