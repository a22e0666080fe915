import type { ApolloServerPlugin } from "@apollo/server";
import { ApolloServerPluginLandingPageDisabled } from "@apollo/server/plugin/disabled";
import {
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type ValidationRule,
} from "graphql";
import type { Config } from "../config.js";
import { createFormatError } from "../errors.js";
import { isOperationTooLarge, OPERATION_TOO_LARGE, operationLimitRules, type OperationLimits } from "./operation-limits.js";

type Log = Parameters<typeof createFormatError>[0];

/** graphql's "Did you mean …?" ending: it names the schema's fields, types and arguments. */
const SUGGESTION = / ?Did you mean(.+?)\?$/;

/**
 * A parse or validation failure as Apollo Server reports it: its code, status 400, the original's place
 * in the text. A limit's refusal keeps its own code (`OPERATION_TOO_LARGE`), as documented.
 */
function refused(error: GraphQLError, code: string): GraphQLError {
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    originalError: error.originalError ?? error,
    extensions: { http: { status: 400 }, ...error.extensions, code: isOperationTooLarge(error) ? OPERATION_TOO_LARGE : code },
  });
}

/** Apollo Server reports every validation failure as `GRAPHQL_VALIDATION_FAILED`: a limit's refusal gets its own code back. */
const withLimitCode = (formatted: GraphQLFormattedError, original: unknown): GraphQLFormattedError =>
  isOperationTooLarge(original) ? { ...formatted, extensions: { ...formatted.extensions, code: OPERATION_TOO_LARGE } } : formatted;

/**
 * What every transport of a GraphQL server applies to an operation, in one place: the parser's token
 * limit, graphql's rules with the operation limits, introspection only where the deployment allows
 * it, and every error shaped as clients may see it (unexpected ones masked, no stack trace, no field
 * suggestions in production). Apollo Server takes them as options (HTTP); graphql-ws calls them.
 */
export class OperationRules {
  readonly parseOptions: { maxTokens: number };
  /** The rules on top of graphql's own (as Apollo Server's `validationRules` takes them). */
  readonly validationRules: readonly ValidationRule[];
  /** Apollo Server's `formatError`: `formatted` is the error as Apollo made it, `original` what was thrown. */
  readonly formatError: (formatted: GraphQLFormattedError, original: unknown) => GraphQLFormattedError;
  private readonly allRules: readonly ValidationRule[];
  /** The operation limits checked once a request's variables are known (the cost of lists sized by a variable). */
  private readonly limitsPlugin: ApolloServerPlugin;

  private readonly mode: Pick<Config, "production" | "introspection">;

  constructor(
    mode: Pick<Config, "production" | "introspection">,
    limits: OperationLimits,
    log: Log,
  ) {
    this.mode = mode;
    this.parseOptions = { maxTokens: limits.maxTokens };
    const limited = operationLimitRules(limits);
    this.limitsPlugin = limited.plugin;
    this.validationRules = [...limited.validationRules, ...(mode.introspection ? [] : [NoSchemaIntrospectionCustomRule])];
    this.allRules = [...specifiedRules, ...this.validationRules];
    const format = createFormatError(log);
    this.formatError = mode.production
      ? (formatted, original) => format(withLimitCode({ ...formatted, message: formatted.message.replace(SUGGESTION, "") }, original), original)
      : (formatted, original) => format(withLimitCode(formatted, original), original);
  }

  /** The document of `text`; a syntax error or too many tokens is thrown as a GraphQL error (400). */
  parse(text: string): DocumentNode {
    try {
      return parse(text, this.parseOptions);
    } catch (error) {
      if (error instanceof GraphQLError) throw refused(error, "GRAPHQL_PARSE_FAILED");
      throw error;
    }
  }

  /** Every rule's errors (400 each), as Apollo Server's validation reports them. */
  validate(schema: GraphQLSchema, document: DocumentNode): readonly GraphQLError[] {
    return validate(schema, document, this.allRules).map((error) => refused(error, "GRAPHQL_VALIDATION_FAILED"));
  }

  /** An error raised outside Apollo Server, formatted as Apollo Server formats its own. */
  format(error: GraphQLError): GraphQLFormattedError {
    const json = error.toJSON();
    return this.formatError({ ...json, extensions: { ...json.extensions, code: error.extensions.code ?? "INTERNAL_SERVER_ERROR" } }, error);
  }

  /** The rules as Apollo Server options, with the server's own plugins. */
  apolloOptions(plugins: ApolloServerPlugin[]) {
    return {
      validationRules: [...this.validationRules],
      formatError: this.formatError,
      plugins: [this.limitsPlugin, ...plugins, ...(this.mode.introspection ? [] : [ApolloServerPluginLandingPageDisabled()])],
      // The validation rules above refuse introspection where it is off, on every transport.
      introspection: true,
      parseOptions: this.parseOptions,
      includeStacktraceInErrorResponses: false,
    };
  }
}
