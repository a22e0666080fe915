import type { DocumentNode, GraphQLError, GraphQLSchema } from "graphql";
import type { OperationRules } from "../../lib/graphql/operation-rules.js";

const DOCUMENTS_KEPT = 1_000;

/**
 * Parsed and validated operations sent over graphql-ws, by their text: a thousand subscriptions of the
 * same operation share one document (graphql-ws keeps each subscription's document while it lives, and
 * a document with its token list weighs ~5 KB), and each text is parsed and validated once.
 */
export class DocumentCache {
  private readonly documents = new Map<string, DocumentNode>();
  private readonly validations = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, readonly GraphQLError[]>>();

  private readonly rules: OperationRules;

  constructor(rules: OperationRules) {
    this.rules = rules;
  }

  /** The document of `text` (a parse error is thrown), shared by every caller sending the same text. */
  parse = (text: string): DocumentNode => {
    const known = this.documents.get(text);
    if (known) {
      // Most recently used last: the least used text is the first forgotten.
      this.documents.delete(text);
      this.documents.set(text, known);
      return known;
    }
    const document = this.rules.parse(text);
    if (this.documents.size >= DOCUMENTS_KEPT) this.documents.delete(this.documents.keys().next().value!);
    this.documents.set(text, document);
    return document;
  };

  /** Validation of a shared document against a schema by the server's rules, once per schema (a new supergraph validates again). */
  validate = (schema: GraphQLSchema, document: DocumentNode): readonly GraphQLError[] => {
    let bySchema = this.validations.get(schema);
    if (!bySchema) this.validations.set(schema, (bySchema = new WeakMap()));
    let errors = bySchema.get(document);
    if (!errors) bySchema.set(document, (errors = this.rules.validate(schema, document)));
    return errors;
  };
}
