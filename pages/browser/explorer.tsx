// The graph's explorer (GraphiQL): queries and mutations over HTTP, subscriptions over graphql-ws on
// the same path; what the headers editor holds (e.g. `Authorization`) goes with both. It opens on a
// starter operation that says where a token comes from (./explorer-starter.ts).
import { createRoot } from "react-dom/client";
import { GraphiQL } from "graphiql";
import { createGraphiQLFetcher } from "@graphiql/toolkit";
import { parse, type DocumentNode } from "graphql";
import "graphiql/style.css";
import { STARTER_QUERY } from "./explorer-starter.js";

const endpoint = new URL("/graphql", window.location.href);
const socket = new URL(endpoint);
socket.protocol = endpoint.protocol === "https:" ? "wss:" : "ws:";

const toolkitFetcher = createGraphiQLFetcher({ url: endpoint.href, subscriptionUrl: socket.href });

/** The document as sent: GraphiQL's own parse of the editor can lag behind a fast edit (or a paste). */
function documentOf(query: string): DocumentNode | undefined {
  try {
    return parse(query);
  } catch {
    return undefined;
  }
}

/** The operation to run: the one named, if the document has it; else the document's only one (GraphiQL may still hold the name of what the editor held before). */
function operationNameIn(document: DocumentNode | undefined, named: string | null | undefined): string | null | undefined {
  const names = document?.definitions.flatMap((definition) => (definition.kind === "OperationDefinition" ? [definition.name?.value ?? null] : []));
  if (!names || !named || names.includes(named)) return named;
  return names.length === 1 ? names[0] : named;
}

// The toolkit picks graphql-ws for a subscription by the parsed document it is given; HTTP otherwise.
const fetcher: typeof toolkitFetcher = (params, options) => {
  const document = documentOf(params.query);
  return toolkitFetcher({ ...params, operationName: operationNameIn(document, params.operationName) }, { ...options, documentAST: document ?? options?.documentAST });
};
const defaultHeaders = JSON.stringify({ Authorization: "Bearer " }, null, 2);

createRoot(document.getElementById("explorer")!).render(
  <GraphiQL fetcher={fetcher} defaultQuery={STARTER_QUERY} defaultHeaders={defaultHeaders} defaultEditorToolsVisibility="headers" isHeadersEditorEnabled shouldPersistHeaders={false} />,
);
