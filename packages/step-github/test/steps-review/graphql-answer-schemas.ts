import { schema } from '@octokit/graphql-schema';
import {
  buildClientSchema,
  type FieldNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type IntrospectionQuery,
  isAbstractType,
  isCompositeType,
  isListType,
  isNonNullType,
  type OperationDefinitionNode,
  parse,
  type SelectionNode,
} from 'graphql';
import { acceptsNull, type Schema } from './github-answer-schemas.js';

/** GitHub's public GraphQL schema (npm @octokit/graphql-schema), built from its introspection result. */
const GITHUB: GraphQLSchema = buildClientSchema(schema.json as IntrospectionQuery);

/** The object branch of a schema that may also be null. */
const objectOf = (ours: Schema): Schema =>
  (ours.anyOf ?? [ours]).find((branch: Schema) => branch.type === 'object') ?? {};

const concrete = (type: GraphQLCompositeType): readonly GraphQLObjectType[] =>
  isAbstractType(type) ? GITHUB.getPossibleTypes(type) : [type as GraphQLObjectType];

interface Selected {
  node: FieldNode;
  field?: GraphQLField<unknown, unknown>;
  /** The concrete types whose answers carry the key: all of them, or those of its fragment. */
  on: readonly GraphQLObjectType[];
}

/** The fields a selection asks of `parent`, inline fragments flattened, by response key. */
function selected(
  selections: readonly SelectionNode[],
  parent: GraphQLCompositeType,
): Map<string, Selected[]> {
  const found = new Map<string, Selected[]>();
  const visit = (nodes: readonly SelectionNode[], type: GraphQLCompositeType) => {
    for (const node of nodes) {
      if (node.kind === 'InlineFragment') {
        const on = node.typeCondition
          ? (GITHUB.getType(node.typeCondition.name.value) as GraphQLCompositeType)
          : type;
        visit(node.selectionSet.selections, on);
      } else if (node.kind === 'Field') {
        const key = node.alias?.value ?? node.name.value;
        const field = 'getFields' in type ? type.getFields()[node.name.value] : undefined;
        found.set(key, [...(found.get(key) ?? []), { node, field, on: concrete(type) }]);
      }
    }
  };
  visit(selections, parent);
  return found;
}

/**
 * Where a schema of GraphQL `data` refuses an answer GitHub's schema allows: a null where GitHub's
 * type is nullable, or a key required although only some types of the value carry it (`... on X`);
 * a key required only on X (`if`/`then` on `__typename`) must be selected on X.
 */
export function stricterThanGraphql(
  ours: Schema,
  selections: readonly SelectionNode[],
  parent: GraphQLCompositeType,
  at: string,
  problems: string[],
): void {
  const object = objectOf(ours);
  const keys = selected(selections, parent);
  const everywhere = concrete(parent);
  const carriedOn = (key: string) =>
    new Set((keys.get(key) ?? []).flatMap((one) => one.on.map((t) => t.name)));
  for (const key of object.required ?? []) {
    if (!everywhere.every((type) => carriedOn(key).has(type.name))) {
      problems.push(`${at}.${key}: only some ${parent.name} answers carry it`);
    }
  }
  const only = object.if?.properties?.__typename?.const;
  for (const key of object.then?.required ?? []) {
    if (!carriedOn(key).has(only)) problems.push(`${at}.${key}: not selected on ${only}`);
  }
  for (const [key, mine] of Object.entries<Schema>(object.properties ?? {})) {
    for (const { node, field } of keys.get(key) ?? []) {
      if (field !== undefined) fieldType(mine, field.type, node, `${at}.${key}`, problems);
    }
  }
}

function fieldType(
  ours: Schema,
  type: GraphQLOutputType,
  node: FieldNode,
  at: string,
  problems: string[],
): void {
  if (!isNonNullType(type)) {
    if (!acceptsNull(ours)) problems.push(`${at}: GitHub may send null`);
    checkInner(ours, type, node, at, problems);
    return;
  }
  checkInner(ours, type.ofType, node, at, problems);
}

function checkInner(
  ours: Schema,
  type: GraphQLOutputType,
  node: FieldNode,
  at: string,
  problems: string[],
): void {
  if (isListType(type)) {
    const array = (ours.anyOf ?? [ours]).find((branch: Schema) => branch.type === 'array');
    if (array === undefined) problems.push(`${at}: GitHub sends a list`);
    else fieldType(array.items, type.ofType, node, `${at}[]`, problems);
    return;
  }
  if (isCompositeType(type) && node.selectionSet !== undefined) {
    stricterThanGraphql(ours, node.selectionSet.selections, type, at, problems);
  }
}

/** The problems of a data schema for one GraphQL document (a query or a mutation). */
export function graphqlProblems(document: string, data: Schema, label: string): string[] {
  const operation = parse(document).definitions[0] as OperationDefinitionNode;
  const root = operation.operation === 'mutation' ? GITHUB.getMutationType() : GITHUB.getQueryType();
  const problems: string[] = [];
  if (root) stricterThanGraphql(data, operation.selectionSet.selections, root, label, problems);
  return problems;
}
