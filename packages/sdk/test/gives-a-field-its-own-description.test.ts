import { describe, expect, it } from '@jest/globals';
import { Kind } from '@sinclair/typebox';
import { Type, withOptions } from '../src/index.js';

describe('withOptions', () => {
  const Ref = Type.String({ minLength: 1, description: 'A branch name, tag name or commit sha' });

  it("puts the field's own description over the shared type's, and keeps the type", () => {
    const base = withOptions(Ref, { description: 'The branch to merge into, e.g. main' });

    expect(base).toMatchObject({
      type: 'string',
      minLength: 1,
      description: 'The branch to merge into, e.g. main',
    });
    expect(base[Kind]).toBe('String');
    expect(Ref.description).toBe('A branch name, tag name or commit sha');
  });

  it('gives a copy: changing it leaves the shared type alone', () => {
    const copy = withOptions(Type.Object({ name: Ref }), { title: 'Person' });
    (copy.properties.name as { description?: string }).description = 'changed';

    expect(Ref.description).toBe('A branch name, tag name or commit sha');
  });
});
