import type { ApolloServerPlugin, BaseContext, GraphQLRequestListener } from "@apollo/server";
import { BREAK, GraphQLError, visit, type DocumentNode, type StringValueNode } from "graphql";
import { findUnstorableText, STORABLE_TEXT_RULE, unstorableText, type UnstorableText } from "../storable-text.js";

/** How much of a refused text the error shows (as JSON, so the character itself is written as its escape). */
const SHOWN_CHARACTERS = 40;

function shown(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > SHOWN_CHARACTERS ? `${value.slice(0, SHOWN_CHARACTERS)}…` : value);
  return Array.isArray(value) ? "[…]" : "{…}";
}

const refusal = (message: string, nodes?: StringValueNode) => new GraphQLError(message, { nodes, extensions: { code: "BAD_USER_INPUT", http: { status: 400 } } });

/**
 * A variable holding text the database cannot store, refused in the words graphql-js refuses a
 * variable's value with (`Variable "$input" got invalid value "a\u0000" at "input.title"; must be …`):
 * the REST adapter names the REST field from them, as it does for every variable the graph refuses.
 */
function variableRefusal(variables: Record<string, unknown> | undefined): GraphQLError | undefined {
  // Each variable's value (a name no operation declares is never read, so never stored).
  for (const name in variables) {
    const found = findUnstorableText(variables[name]);
    if (!found) continue;
    let value: unknown = variables[name];
    for (const key of found.path) value = (value as Record<string | number, unknown>)[key];
    const at = found.path.length ? ` at "${name}${found.path.map((key) => (typeof key === "number" ? `[${key}]` : `.${key}`)).join("")}"` : "";
    return refusal(`Variable "$${name}" got invalid value ${shown(value)}${at}; ${STORABLE_TEXT_RULE[found.problem]}`);
  }
  return undefined;
}

/** The first string literal of a document the database cannot store; `null` when there is none. Documents are checked once. */
const literals = new WeakMap<DocumentNode, { node: StringValueNode; problem: UnstorableText } | null>();

function literalRefusal(document: DocumentNode): GraphQLError | undefined {
  let found = literals.get(document);
  if (found === undefined) {
    found = null;
    visit(document, {
      StringValue(node) {
        const problem = unstorableText(node.value);
        if (!problem) return undefined;
        found = { node, problem };
        return BREAK;
      },
    });
    literals.set(document, found);
  }
  return found ? refusal(`String value ${shown(found.node.value)} ${STORABLE_TEXT_RULE[found.problem]}`, found.node) : undefined;
}

const listener: GraphQLRequestListener<BaseContext> = {
  async didResolveOperation({ document, request }) {
    const refused = literalRefusal(document) ?? variableRefusal(request.variables);
    if (refused) throw refused;
  },
};

/**
 * The gateway's refusal of text the database cannot store (`lib/storable-text.ts`), before planning:
 * in a variable of any operation (GraphQL callers, the REST adapter, graphql-ws, the console) or an
 * inline string literal, for every domain at once. A `BAD_USER_INPUT` (400) like any bad variable,
 * so it is never logged as the platform's error. Its cost per request: one walk of the variables'
 * strings (two native scans each) and a lookup of the document, whose literals are checked once.
 */
export const refuseUnstorableText: ApolloServerPlugin<BaseContext> = {
  async requestDidStart() {
    return listener;
  },
};
