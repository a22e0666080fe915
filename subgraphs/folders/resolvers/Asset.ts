import type { AssetResolvers } from "../__generated__/resolvers-types.js";
import { placedItemFields } from "./placed-item.js";

export const Asset: AssetResolvers = placedItemFields;
