import { parse, validate, type DocumentNode, type GraphQLError, type GraphQLSchema, type Source } from "graphql";

const DOCUMENTS_KEPT = 1_000;

/**
 * Parsed and validated operations sent over graphql-ws, by their text: a thousand subscriptions of the
 * same operation share one document (graphql-ws keeps each subscription's document while it lives, and
 * a document with its token list weighs ~5 KB), and each text is parsed and validated once.
 */
export class DocumentCache {
  private readonly documents = new Map<string, DocumentNode>();
  private readonly validations = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, readonly GraphQLError[]>>();

  constructor(private readonly maxTokens: number) {}

  /** The document of `text` (a parse error is thrown as graphql-ws expects), shared by every caller sending the same text. */
  parse = (source: string | Source): DocumentNode => {
    const text = typeof source === "string" ? source : source.body;
    const known = this.documents.get(text);
    if (known) {
      // Most recently used last: the least used text is the first forgotten.
      this.documents.delete(text);
      this.documents.set(text, known);
      return known;
    }
    const document = parse(text, { maxTokens: this.maxTokens });
    if (this.documents.size >= DOCUMENTS_KEPT) this.documents.delete(this.documents.keys().next().value!);
    this.documents.set(text, document);
    return document;
  };

  /** Validation of a shared document against a schema, once per schema (a new supergraph validates again). */
  validate = (schema: GraphQLSchema, document: DocumentNode): readonly GraphQLError[] => {
    let bySchema = this.validations.get(schema);
    if (!bySchema) this.validations.set(schema, (bySchema = new WeakMap()));
    let errors = bySchema.get(document);
    if (!errors) bySchema.set(document, (errors = validate(schema, document)));
    return errors;
  };
}
