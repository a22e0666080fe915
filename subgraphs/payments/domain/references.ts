export { reference, type EntityReference } from "../../../lib/graphql/entity-reference.js";
