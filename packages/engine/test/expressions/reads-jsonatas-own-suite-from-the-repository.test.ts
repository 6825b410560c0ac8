import { describe, expect, it } from '@jest/globals';
import { suiteCases, suiteGroups } from './support/jsonata-suite.js';

// The suite is the oracle of any other evaluator of expressions (the compiler's tests read it through
// the same loader). That the interpreter it was written for passes every case, which shows the loader
// resolves inputs, bindings and expectations as JSONata's own runner does, is checked with the
// compiler's comparison (compiler/agrees-with-jsonatas-test-suite.test.ts): one interpreter run serves both.
const cases = suiteCases();

describe("JSONata's own test suite, read from the repository", () => {
  it("holds JSONata 2.2.2's 102 groups and their 1,686 cases", () => {
    expect(suiteGroups()).toHaveLength(102);
    expect(cases.length).toBe(1686);
    expect(new Set(cases.map((suiteCase) => suiteCase.id)).size).toBe(cases.length);
  });

  it('resolves each input as the runner does: own data, a dataset by name, or none for null', () => {
    const byId = new Map(cases.map((suiteCase) => [suiteCase.id, suiteCase]));
    expect(byId.get('array-constructor/case000.json')).toMatchObject({ dataset: 'dataset5' });
    expect(byId.get('array-constructor/case000.json')?.input).toMatchObject({ Account: {} });
    const withoutInput = cases.find((suiteCase) => suiteCase.dataset === null);
    expect(withoutInput?.input).toBeUndefined();
    const ownData = cases.find((suiteCase) => !('dataset' in suiteCase));
    expect(ownData?.input).toBeDefined();
    // Parsed for each case: a case that changed its input would not change another's.
    const sharing = cases.filter((suiteCase) => suiteCase.dataset === 'dataset5');
    expect(sharing[0].input).not.toBe(sharing[1].input);
  });

  it('reads expressions kept in files of their own', () => {
    const fromFile = cases.find((suiteCase) => suiteCase.id === 'comments/case000.json');
    expect(fromFile?.expr).toContain('/*');
  });
});
