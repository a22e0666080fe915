// The graph's explorer (GraphiQL): queries and mutations over HTTP, subscriptions over graphql-ws on
// the same path; what the headers editor holds (e.g. `Authorization`) goes with both.
import { createRoot } from "react-dom/client";
import { GraphiQL } from "graphiql";
import { createGraphiQLFetcher } from "@graphiql/toolkit";
import { parse, type DocumentNode } from "graphql";
import "graphiql/style.css";

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

// The toolkit picks graphql-ws for a subscription by the parsed document it is given; HTTP otherwise.
const fetcher: typeof toolkitFetcher = (params, options) =>
  toolkitFetcher(params, { ...options, documentAST: documentOf(params.query) ?? options?.documentAST });
const defaultHeaders = JSON.stringify({ Authorization: "Bearer " }, null, 2);

createRoot(document.getElementById("explorer")!).render(
  <GraphiQL fetcher={fetcher} defaultHeaders={defaultHeaders} defaultEditorToolsVisibility="headers" isHeadersEditorEnabled shouldPersistHeaders={false} />,
);
