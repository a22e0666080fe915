import { Kind, parse, type OperationDefinitionNode } from "graphql";
import type { DesignRateTable } from "../lib/graphql/design-rate-limits.js";
import type { RestRoute } from "./route-table.js";

const ROOT_TYPES = { query: "Query", mutation: "Mutation", subscription: "Subscription" } as const;

/** The root fields an operation asks for, as coordinates (`Mutation.createDesign`). */
export function rootFieldsOf(operation: string): string[] {
  return parse(operation)
    .definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION)
    .flatMap((definition) =>
      definition.selectionSet.selections.flatMap((selection) => (selection.kind === Kind.FIELD ? [`${ROOT_TYPES[definition.operation]}.${selection.name.value}`] : [])),
    );
}

/** Every domain's documented limits (each domain definition's `rateLimits`) as one table by root field. */
export function documentedRates(domains: readonly { name: string; rateLimits?: DesignRateTable }[]): DesignRateTable {
  const table: DesignRateTable = {};
  const declaredBy = new Map<string, string>();
  for (const domain of domains) {
    for (const [field, limit] of Object.entries(domain.rateLimits ?? {})) {
      if (declaredBy.has(field)) throw new Error(`${field} is rate-limited by two domains: ${declaredBy.get(field)} and ${domain.name}`);
      declaredBy.set(field, domain.name);
      table[field] = limit;
    }
  }
  return table;
}

/** Every GraphQL document a route runs: its operation, and the upload ticket's when it streams bytes. */
export function documentsOf(route: Pick<RestRoute, "operation" | "upload">): string[] {
  return [route.operation, ...(route.upload ? [route.upload.ticketOperation] : [])];
}

/**
 * A route's documented per-minute limit: the one its operations' root fields have in their domain's
 * `rateLimits`, so the number is written once; undefined when none is declared.
 */
export function routeRate(route: Pick<RestRoute, "operation" | "upload">, rates: DesignRateTable): number | undefined {
  const fields = documentsOf(route).flatMap(rootFieldsOf);
  const limits = new Set(fields.flatMap((field) => (Object.hasOwn(rates, field) ? [rates[field].perMinute] : [])));
  if (limits.size > 1) throw new Error(`the operation ${route.operation.slice(0, 60)}… has root fields of different limits`);
  return [...limits][0];
}
