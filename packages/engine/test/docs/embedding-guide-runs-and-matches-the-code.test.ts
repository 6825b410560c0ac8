import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from '@jest/globals';
import { readmeSection } from '@toolsteps/engine';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '../../../..');
/** The embedding guide, docs/embedding.md. */
const guide = await readFile(join(root, 'docs/embedding.md'), 'utf8');

/** Runs an example script as a user would, from the repository root. */
async function runExample(script: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    timeout: 60_000,
  });
  return stdout;
}

/** The `code` spans of a text, without their backticks. */
function codeSpans(text: string): string[] {
  return [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]);
}

/** A generated part of the guide, between its `<!-- name:start -->` and `<!-- name:end -->` markers. */
function part(name: string): string {
  const text = readmeSection(guide, name);
  if (text === undefined) throw new Error(`The embedding guide has no <!-- ${name}:start --> section`);
  return text;
}

/** The names a field list documents: the code spans before each item's first `: `. */
function listedFields(name: string): string[] {
  return part(name)
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .flatMap((line) => codeSpans(line.split(': ')[0]))
    .sort();
}

/** The engine's ports as TypeScript sees them: only the names matter, so no file is resolved. */
const source = (file: string) => join(root, 'packages/engine/src', file);
const program = ts.createProgram(
  [source('ports/events.ts'), source('container/create-engine.ts'), source('ports/shared-account-limits.ts')],
  { noResolve: true, noLib: true, types: [], noEmit: true, allowImportingTsExtensions: true },
);
const checker = program.getTypeChecker();

function declaredType(file: string, name: string): ts.Type {
  const declaration = program
    .getSourceFile(source(file))
    ?.statements.find(
      (statement): statement is ts.InterfaceDeclaration | ts.TypeAliasDeclaration =>
        (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) &&
        statement.name.text === name,
    );
  if (!declaration) throw new Error(`${file} declares no ${name}`);
  return checker.getTypeAtLocation(declaration.name);
}

const propertyNames = (type: ts.Type) => type.getProperties().map((property) => property.name);

/** The property names every one of `types` has. */
function sharedNames(types: readonly ts.Type[]): Set<string> {
  const [first, ...others] = types.map((type) => new Set(propertyNames(type)));
  return new Set([...first].filter((name) => others.every((names) => names.has(name))));
}

/**
 * Each RunEvent by its `type`, with the fields the guide's table lists: beyond those every event has,
 * and for a step event beyond those every step event has (the prose above the table names both).
 */
function runEventFields(): Map<string, string[]> {
  const union = declaredType('ports/events.ts', 'RunEvent');
  const members = union.isUnion() ? union.types : [union];
  const typeOf = (member: ts.Type) =>
    (checker.getTypeOfSymbol(member.getProperty('type') as ts.Symbol) as ts.StringLiteralType).value;
  const everyEvent = sharedNames(members);
  const everyStepEvent = sharedNames(members.filter((member) => typeOf(member).startsWith('step.')));
  return new Map(
    members.map((member) => {
      const shared = typeOf(member).startsWith('step.') ? everyStepEvent : everyEvent;
      return [typeOf(member), propertyNames(member).filter((name) => !shared.has(name))];
    }),
  );
}

describe('the embedding guide', () => {
  it('quotes its example scripts verbatim', async () => {
    const blocks = [...guide.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]);
    for (const file of ['examples/embed/src/run-on-the-emulator.ts', 'examples/embed/src/cancel-a-run.ts'])
      expect(blocks).toContain(await readFile(join(root, file), 'utf8'));
  });

  it('lists every progress event type, with its fields, as RunEvent has them', () => {
    const rows = part('run-event-types')
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split('|').map((cell) => cell.trim()));
    const documented = new Map(
      rows.map(([, event, , fields]) => [codeSpans(event)[0], codeSpans(fields).sort()]),
    );
    const inCode = runEventFields();
    expect([...documented.keys()].sort()).toEqual([...inCode.keys()].sort());
    for (const [type, fields] of inCode)
      expect({ type, fields: documented.get(type) }).toEqual({ type, fields: fields.sort() });
  });

  it("names every field of RunResult, of its steps' StepTrace and of EngineOptions", () => {
    for (const [section, file, name] of [
      ['run-result-fields', 'ports/events.ts', 'RunResult'],
      ['step-trace-fields', 'ports/events.ts', 'StepTrace'],
      ['engine-options', 'container/create-engine.ts', 'EngineOptions'],
    ]) {
      expect({ name, fields: listedFields(section) }).toEqual({
        name,
        fields: propertyNames(declaredType(file, name)).sort(),
      });
    }
  });

  it('runs a workflow on the GitHub emulator, printing its progress and its step traces', async () => {
    const stdout = await runExample('examples/embed/src/run-on-the-emulator.ts');
    expect(stdout).toMatch(
      /^run\.started comment-on-open-bugs\nstep\.started bugs \(attempt 1\)\nstep\.succeeded bugs in \d+ ms\n/,
    );
    for (const issue of [0, 1, 2]) {
      expect(stdout).toContain(`step.started comments[${issue}].comment (attempt 1)\n`);
      expect(stdout).toMatch(
        new RegExp(`^step\\.succeeded comments\\[${issue}\\]\\.comment in \\d+ ms$`, 'm'),
      );
    }
    expect(stdout).toMatch(/^run\.finished succeeded in \d+ ms$/m);
    expect(stdout).toContain('succeeded, output {"commented":[1,2,3]}\n');
    expect(stdout).toContain('  bugs: succeeded github.search_issues, 1 attempt(s), 1 request(s)\n');
    expect(stdout).toContain('  comments: succeeded\n');
    expect(stdout).toContain(
      '  comments[2].comment: succeeded github.create_issue_comment, 1 attempt(s), 1 request(s)\n',
    );
  });

  it('cancels a run with an AbortController, keeping the reason in the result', async () => {
    const stdout = await runExample('examples/embed/src/cancel-a-run.ts');
    expect(stdout).toContain('step.succeeded comments[0].comment');
    expect(stdout).not.toContain('comments[1]');
    expect(stdout).toMatch(/^step\.failed comments: cancelled\nrun\.finished cancelled in \d+ ms$/m);
    expect(stdout).toContain(
      [
        'cancelled: The run was cancelled: the user stopped the agent',
        'reason kept: "the user stopped the agent"',
        '  bugs: succeeded',
        '  comments: failed (cancelled)',
        '  comments[0].comment: succeeded',
      ].join('\n'),
    );
  });
});
