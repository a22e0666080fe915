import { operationFromDocument, Supergraph } from "@apollo/federation-internals";
import { QueryPlanner } from "@apollo/query-planner";
import { parse } from "graphql";
import type { DomainManifest } from "../../lib/modules/domain-manifest.js";
import type { SubscriptionQuery } from "./subscription-operation.js";

/** Query twins whose answer source is remembered (a bounded cache: past it, it starts again). */
const TWINS_REMEMBERED = 1000;

/**
 * Whether a subscription's query twin is answered by one fetch to the subgraph that declares the field.
 * Only then may its answers be shared between callers (`answerDependsOn`): the declaring domain vouches
 * for its own fields, never for another subgraph's (a `User`'s own invoices, say, which only the user may read).
 */
export function answeredByDeclaringSubgraph(supergraphSdl: string, domains: readonly DomainManifest[]): (request: SubscriptionQuery) => boolean {
  const supergraph = Supergraph.build(supergraphSdl);
  const apiSchema = supergraph.apiSchema();
  const planner = new QueryPlanner(supergraph);
  const declaringSubgraph = new Map(domains.flatMap((domain) => (domain.subscriptions ?? []).map((declaration) => [declaration.field, domain.name] as const)));
  const known = new Map<string, boolean>();
  return (request) => {
    let answer = known.get(request.queryKey);
    if (answer === undefined) {
      try {
        const plan = planner.buildQueryPlan(operationFromDocument(apiSchema, parse(request.query)));
        answer = plan.node?.kind === "Fetch" && plan.node.serviceName === declaringSubgraph.get(request.declaration.field);
      } catch {
        answer = false;
      }
      if (known.size >= TWINS_REMEMBERED) known.clear();
      known.set(request.queryKey, answer);
    }
    return answer;
  };
}
