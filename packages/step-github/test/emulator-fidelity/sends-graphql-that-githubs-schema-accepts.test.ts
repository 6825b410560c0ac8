import { describe, expect, it } from '@jest/globals';
import { schema } from '@octokit/graphql-schema';
import {
  buildClientSchema,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type IntrospectionQuery,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isUnionType,
  parse,
  validate,
} from 'graphql';
import * as queries from '../../src/project-status-queries.js';
import { updateProjectItemStatus } from '../../src/steps/update-project-item-status.js';
import { DEMO_ISSUES } from '../../src/testing/index.js';
import { PROJECTS_SCHEMA } from '../../src/testing/projects/projects-schema.js';
import { useGithubEmulator } from '../github-fixture.js';

/**
 * GitHub's public GraphQL schema (npm @octokit/graphql-schema), built from its introspection result:
 * the package's SDL repeats two fields, which graphql-js refuses to build.
 */
const GITHUB: GraphQLSchema = buildClientSchema(schema.json as IntrospectionQuery);

/** GitHub's validation errors for a document, as messages (empty when GitHub would run it). */
const problemsOf = (document: string) => validate(GITHUB, parse(document)).map((error) => error.message);

/** Where a type of the emulator's schema says something GitHub's same-named type does not. */
function differences(ours: GraphQLNamedType): string[] {
  const theirs = GITHUB.getType(ours.name);
  if (theirs === undefined || theirs === null) return [`${ours.name} is not a GitHub type`];
  if (theirs.constructor !== ours.constructor) return [`${ours.name} is another kind of type on GitHub`];
  const found: string[] = [];
  if (isObjectType(ours) || isInterfaceType(ours)) {
    const fields = (theirs as typeof ours).getFields();
    for (const field of Object.values(ours.getFields()) as GraphQLField<unknown, unknown>[]) {
      const match = fields[field.name];
      if (match === undefined) found.push(`${ours.name}.${field.name} is not on GitHub`);
      else if (String(match.type) !== String(field.type)) {
        found.push(`${ours.name}.${field.name} is ${field.type}, GitHub's is ${match.type}`);
      } else {
        for (const arg of field.args) {
          const given = match.args.find((candidate) => candidate.name === arg.name);
          if (String(given?.type) !== String(arg.type)) {
            found.push(`${ours.name}.${field.name}(${arg.name}: ${arg.type}) is ${given?.type} on GitHub`);
          }
        }
      }
    }
    const interfaces = new Set((theirs as typeof ours).getInterfaces().map((one) => one.name));
    for (const one of ours.getInterfaces()) {
      if (!interfaces.has(one.name)) found.push(`${ours.name} does not implement ${one.name} on GitHub`);
    }
  }
  if (isUnionType(ours) && isUnionType(theirs)) {
    const members = new Set(theirs.getTypes().map((one) => one.name));
    for (const one of ours.getTypes()) {
      if (!members.has(one.name)) found.push(`${one.name} is not in GitHub's union ${ours.name}`);
    }
  }
  if (isEnumType(ours) && isEnumType(theirs)) {
    const values = new Set(theirs.getValues().map((one) => one.name));
    for (const one of ours.getValues()) {
      if (!values.has(one.name)) found.push(`${ours.name}.${one.name} is not a GitHub value`);
    }
  }
  if (isInputObjectType(ours) && isInputObjectType(theirs)) {
    const fields = theirs.getFields();
    for (const field of Object.values(ours.getFields())) {
      if (String(fields[field.name]?.type) !== String(field.type)) {
        found.push(
          `input ${ours.name}.${field.name}: ${field.type} is ${fields[field.name]?.type} on GitHub`,
        );
      }
    }
  }
  return found;
}

/**
 * The emulator runs GraphQL against its own hand-written schema; these checks hold the steps'
 * documents, and that schema, to GitHub's real one, so a query the emulator accepts GitHub accepts too.
 */
describe("the GraphQL the steps send is valid against GitHub's published schema", () => {
  const gh = useGithubEmulator();

  it.each(Object.entries(queries))('validates the document %s', (_name, document) => {
    expect(problemsOf(document)).toEqual([]);
  });

  it('validates every document a status update sends, by names (adding the item) and by ids', async () => {
    const byNames = await gh.run(updateProjectItemStatus, {
      owner: 'octocat',
      project_number: 2,
      repository_owner: 'octo-org',
      repository: 'hello-world',
      issue_number: DEMO_ISSUES.sessionExpiry,
      status: 'doing',
      add_if_missing: true,
    });
    expect(byNames.ok).toBe(true);
    const result = byNames.result as Record<string, string>;
    const byIds = await gh.run(updateProjectItemStatus, {
      project_id: result.project_id,
      item_id: result.item_id,
      field_id: result.field_id,
      option_id: result.option_id,
    });
    expect(byIds.ok).toBe(true);
    const sent = gh.emulator.requests.map((request) => (request.body as { query: string }).query);
    expect(sent.filter((document) => document.includes('addProjectV2ItemById'))).toHaveLength(1);
    expect(sent).toHaveLength(5);
    expect(sent.flatMap(problemsOf)).toEqual([]);
  });

  it("refuses a document GitHub's schema would refuse (the check can fail)", () => {
    expect(problemsOf('query { repository(owner: "o", name: "r") { projectsV3 { id } } }')).toEqual([
      expect.stringContaining('Cannot query field "projectsV3" on type "Repository"'),
    ]);
  });

  it("declares in the emulator's schema only types, fields and arguments GitHub has, with GitHub's types", () => {
    const types = Object.values(PROJECTS_SCHEMA.getTypeMap()).filter((type) => !type.name.startsWith('__'));
    expect(types.length).toBeGreaterThan(30);
    expect(types.flatMap(differences)).toEqual([]);
  });
});
