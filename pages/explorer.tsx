// The graph's explorer (GraphiQL): queries and mutations over HTTP, subscriptions over graphql-ws on
// the same path; what the headers editor holds (e.g. `Authorization`) goes with both.
import { createRoot } from "react-dom/client";
import { GraphiQL } from "graphiql";
import { createGraphiQLFetcher } from "@graphiql/toolkit";
import "graphiql/style.css";

const endpoint = new URL("/graphql", window.location.href);
const socket = new URL(endpoint);
socket.protocol = endpoint.protocol === "https:" ? "wss:" : "ws:";

const fetcher = createGraphiQLFetcher({ url: endpoint.href, subscriptionUrl: socket.href });
const defaultHeaders = JSON.stringify({ Authorization: "Bearer " }, null, 2);

createRoot(document.getElementById("explorer")!).render(
  <GraphiQL fetcher={fetcher} defaultHeaders={defaultHeaders} defaultEditorToolsVisibility="headers" isHeadersEditorEnabled shouldPersistHeaders={false} />,
);
