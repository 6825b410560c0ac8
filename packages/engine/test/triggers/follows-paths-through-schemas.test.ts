import { describe, expect, it } from '@jest/globals';
import { Type } from '../../src/index.js';
import { followSchemaPath, typesAt } from '../../src/workflow/checks/schema-path.js';

const Issue = Type.Object({
  number: Type.Integer(),
  title: Type.String(),
  labels: Type.Array(Type.Object({ name: Type.String() })),
  milestone: Type.Union([Type.Object({ title: Type.String() }), Type.Null()]),
  extra: Type.Record(Type.String(), Type.Number()),
  anything: Type.Unknown(),
});
const Module = Type.Module({ Issue, Event: Type.Object({ issue: Type.Ref('Issue') }) });
const Event = Module.Import('Event');

const types = (schema: unknown, path: string[]) => {
  const found = followSchemaPath(schema, path);
  return found.ok ? typesAt(found) : found;
};

describe('following a path through a schema', () => {
  it('resolves refs, unions with null, and names the type at the end', () => {
    expect(types(Event, ['issue', 'number'])).toEqual(new Set(['integer']));
    expect(types(Event, ['issue', 'milestone', 'title'])).toEqual(new Set(['string']));
    expect(types(Event, ['issue', 'milestone'])).toEqual(new Set(['object', 'null']));
  });

  it('steps through arrays as JSONata does, leaving the type open (one item or a list)', () => {
    const found = followSchemaPath(Event, ['issue', 'labels', 'name']);
    expect(found).toMatchObject({ ok: true, acrossArray: true });
    expect(found.ok && typesAt(found)).toBeUndefined();
  });

  it('allows any name in a record, and anything under an unknown value', () => {
    expect(types(Event, ['issue', 'extra', 'whatever'])).toEqual(new Set(['number']));
    expect(followSchemaPath(Event, ['issue', 'anything', 'deep', 'er'])).toMatchObject({
      ok: true,
      open: true,
    });
  });

  it('refuses a name the schema does not declare, offering the names it does', () => {
    expect(followSchemaPath(Event, ['issue', 'titel'])).toEqual({
      ok: false,
      index: 1,
      known: ['number', 'title', 'labels', 'milestone', 'extra', 'anything'],
    });
  });

  it('refuses a field of a string', () => {
    expect(followSchemaPath(Event, ['issue', 'title', 'length'])).toEqual({
      ok: false,
      index: 2,
      known: [],
      scalar: ['string'],
    });
  });

  it("reads JSON Schema's own way when asked: an undeclared name may be there unless refused", () => {
    const open = Type.Object({ a: Type.String() });
    const closed = Type.Object({ a: Type.String() }, { additionalProperties: false });
    expect(followSchemaPath(open, ['b'], 'allowed')).toMatchObject({ ok: true, open: true });
    expect(followSchemaPath(closed, ['b'], 'allowed')).toMatchObject({ ok: false });
  });
});
