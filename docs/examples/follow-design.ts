import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, gql, type TypedDocumentNode } from "@apollo/client";
import { GraphQLWsLink } from "@apollo/client/link/subscriptions";
import { isSubscriptionOperation } from "@apollo/client/utilities";
import { createClient } from "graphql-ws";

const DESIGN_CHANGED: TypedDocumentNode<{ designChanged: any }> = gql`subscription ($id: ID!) { designChanged(designId: $id) {
  version author { id } operations { addElement { elementId x y } updateElement { elementId x y text } deleteElement } } }`;

export function followDesign(origin: string, token: string, designId: string, onChange: (change: any) => void) {
  const ws = new GraphQLWsLink(createClient({ url: `${origin.replace(/^http/, "ws")}/graphql`, connectionParams: { authorization: `Bearer ${token}` } }));
  const http = new HttpLink({ uri: `${origin}/graphql`, headers: { authorization: `Bearer ${token}` } });
  const client = new ApolloClient({ link: ApolloLink.split(({ query }) => isSubscriptionOperation(query), ws, http), cache: new InMemoryCache() });
  const subscription = client.subscribe({ query: DESIGN_CHANGED, variables: { id: designId } }).subscribe(({ data }) => onChange(data?.designChanged));
  return () => { subscription.unsubscribe(); client.stop(); };
}
