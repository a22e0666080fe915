import { GraphQLScalarType, valueFromASTUntyped } from "graphql";

/** Any JSON value: the domain checks it against the template's dataset and names what is wrong (a bad request). */
export const AutofillData = new GraphQLScalarType({
  name: "AutofillData",
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast, variables) => valueFromASTUntyped(ast, variables),
});
