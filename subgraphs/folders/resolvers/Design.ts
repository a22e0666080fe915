import type { DesignResolvers } from "../__generated__/resolvers-types.js";
import { placedItemFields } from "./placed-item.js";

export const Design: DesignResolvers = placedItemFields;
