import { getNamedType, isObjectType, Kind, type FieldNode, type GraphQLResolveInfo, type SelectionSetNode } from "graphql";

/** A Prisma `select` of columns, and a key naming it (loaders of the same lookup are kept per key). */
export interface ColumnSelection {
  select: Record<string, true>;
  key: string;
}

/** How the fields of a GraphQL object type read the columns of the model behind it. */
export interface ModelColumns {
  columns: ReadonlySet<string>;
  /** Fields with resolvers of their own and the columns each reads. */
  fields: Readonly<Record<string, readonly string[]>>;
  /** Read whatever is selected: the key, and what access checks read. */
  always: readonly string[];
  /** Answers per field node: a parsed query is kept by the server, so its nodes are the same from request to request. */
  answers: WeakMap<FieldNode, ColumnSelection | undefined>;
}

/**
 * The columns of a model (Prisma's `<Model>ScalarFieldEnum`) and the columns read by the type's fields
 * that have resolvers. A field with a resolver not listed here reads the whole row as far as we know.
 */
export function modelColumns(scalarFields: Readonly<Record<string, string>>, fields: ModelColumns["fields"], always: readonly string[] = ["id"]): ModelColumns {
  return { columns: new Set(Object.values(scalarFields)), fields, always, answers: new WeakMap() };
}

/**
 * The columns the fields selected under `info`'s field read (its type's own fields, through fragments),
 * for a read that fetches only those; undefined — read every column — when a selected field's needs are
 * not known (a resolver not listed in `model.fields`, a field that is no column).
 */
export function selectedColumns(info: GraphQLResolveInfo, model: ModelColumns): ColumnSelection | undefined {
  // Several nodes merged under one response key differ with the runtime type: those are not kept.
  if (info.fieldNodes.length !== 1) return computeSelection(info, model);
  const [node] = info.fieldNodes;
  if (model.answers.has(node)) return model.answers.get(node);
  const answer = computeSelection(info, model);
  model.answers.set(node, answer);
  return answer;
}

function computeSelection(info: GraphQLResolveInfo, model: ModelColumns): ColumnSelection | undefined {
  const type = getNamedType(info.returnType);
  if (!isObjectType(type)) return undefined;
  const definitions = type.getFields();
  const wanted = new Set(model.always);
  const seenFragments = new Set<string>();
  const collect = (selectionSet: SelectionSetNode): boolean => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        if (name === "__typename") continue;
        const reads = model.fields[name];
        if (reads) {
          for (const column of reads) wanted.add(column);
          continue;
        }
        if (!definitions[name] || definitions[name].resolve || !model.columns.has(name)) return false;
        wanted.add(name);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        if (!collect(selection.selectionSet)) return false;
      } else {
        const name = selection.name.value;
        if (seenFragments.has(name)) continue;
        seenFragments.add(name);
        const fragment = info.fragments[name];
        if (!fragment || !collect(fragment.selectionSet)) return false;
      }
    }
    return true;
  };
  for (const node of info.fieldNodes) {
    if (!node.selectionSet || !collect(node.selectionSet)) return undefined;
  }
  const columns = [...wanted].sort();
  return { select: Object.fromEntries(columns.map((column) => [column, true as const])), key: columns.join(",") };
}
