import { describe, expect, it } from '@jest/globals';
import { MemoryVault as UsersVault } from '../../src/index.js';
import { account, MemoryVault } from '../fixtures/validation/memory-vault.js';
import { bindingText, load, located, positionOf, problemsOf } from './binding-helpers.js';

describe("a binding's config", () => {
  it("is checked against the trigger's config schema, every problem at its place", async () => {
    const source = bindingText({ config: { board: 'Road Map', colum: 'inbox' } });
    expect((await problemsOf(source)).map(located)).toEqual([
      {
        code: 'invalid-config',
        pointer: '/config/board',
        message: 'must match the pattern ^[a-z0-9-]+$ (got "Road Map") (config of board.new_card)',
        ...positionOf(source, '"Road Map"'),
      },
      {
        code: 'invalid-config',
        pointer: '/config',
        message: 'unknown property "colum" (did you mean "column"?) (config of board.new_card)',
        ...positionOf(source, '"colum"'),
      },
    ]);
  });

  it('may be left out only when the trigger needs nothing in it', async () => {
    const source = bindingText({ config: undefined });
    expect((await problemsOf(source)).map(located)).toEqual([
      {
        code: 'invalid-config',
        pointer: '',
        message:
          'missing required property "config": board.new_card needs to be told what to watch ("board")',
        line: 1,
        column: 1,
      },
    ]);
  });

  it('that is not an object is a shape problem, and not judged again', async () => {
    const source = bindingText({ config: 'roadmap' });
    expect((await problemsOf(source)).map(located)).toEqual([
      {
        code: 'shape',
        pointer: '/config',
        message: 'must be an object (got "roadmap")',
        ...positionOf(source, '"roadmap"'),
      },
    ]);
  });
});

describe("a binding's interval", () => {
  const poll = {
    trigger: 'board.archived_card',
    filter: undefined,
    input: { cardId: '{% $event.card.id %}', title: 'x' },
  };

  it('is refused on a webhook trigger', async () => {
    const source = bindingText({ interval: '1m' });
    expect((await problemsOf(source)).map(located)).toEqual([
      {
        code: 'invalid-interval',
        pointer: '/interval',
        message:
          '"interval" only applies to poll triggers: board.new_card is delivered by webhook, as its events happen',
        ...positionOf(source, '"interval"'),
      },
    ]);
  });

  it('may not poll faster than the trigger allows', async () => {
    const source = bindingText({ ...poll, interval: '10s' });
    expect((await problemsOf(source)).map(located)).toEqual([
      {
        code: 'invalid-interval',
        pointer: '/interval',
        message:
          'board.archived_card may poll at most every 30 seconds (it asks the API each time); this asks for every 10 seconds',
        ...positionOf(source, '"10s"'),
      },
    ]);
  });

  it('must be a duration', async () => {
    const source = bindingText({ ...poll, interval: 'hourly' });
    const [problem] = await problemsOf(source);
    expect(problem).toMatchObject({ code: 'shape', pointer: '/interval', ...positionOf(source, '"hourly"') });
  });
});

describe("a binding's account, with a vault", () => {
  // One board account: the workflow's step takes the integration's only account.
  const vault = new MemoryVault([
    account('board-main', 'board', 'Main board'),
    account('calc-main', 'calc', 'Main'),
  ]);

  it('must be connected, with a did-you-mean', async () => {
    const source = bindingText({ account: 'Main bord' });
    expect((await problemsOf(source, { vault })).map(located)).toEqual([
      {
        code: 'unknown-account',
        pointer: '/account',
        message: 'unknown board account "Main bord" (did you mean "Main board"?) (connected: Main board)',
        ...positionOf(source, '"Main bord"'),
      },
    ]);
  });

  it("must belong to the trigger's integration", async () => {
    const source = bindingText({ account: 'calc-main' });
    expect((await problemsOf(source, { vault })).map(located)).toEqual([
      {
        code: 'account-wrong-integration',
        pointer: '/account',
        message:
          'account "calc-main" is a calc account, but a board account is needed here (connected: Main board)',
        ...positionOf(source, '"calc-main"'),
      },
    ]);
  });
});

describe("a binding's user, with a vault", () => {
  // Alice has a board account named like the one of no user; bob has only a calc account.
  const vault = new UsersVault([
    account('board-main', 'board', 'Main board'),
    { ...account('board-main', 'board', 'Alices board'), user: 'alice' },
    { ...account('calc-main', 'calc', 'Main'), user: 'bob' },
  ]);

  it("has its account looked up among that user's accounts only", async () => {
    const alices = await load(bindingText({ user: 'alice', account: 'Alices board' }), { vault });
    expect(alices.ok && alices.binding.user).toBe('alice');

    const source = bindingText({ user: 'alice', account: 'Main board' });
    expect((await problemsOf(source, { vault })).map(located)).toEqual([
      {
        code: 'unknown-account',
        pointer: '/account',
        message: 'unknown board account "Main board" (connected: Alices board)',
        ...positionOf(source, '"Main board"'),
      },
    ]);
  });

  it("is refused when that user connected no account of the trigger's integration, saying so", async () => {
    const source = bindingText({ user: 'bob' });
    const problems = await problemsOf(source, { vault });
    // Its workflow, run for bob, has no board account either: said with the workflow's problems.
    expect(problems.find((problem) => problem.pointer === '/user')).toMatchObject({
      code: 'no-account',
      pointer: '/user',
      message:
        'user "bob" has no Board (fixture) account connected: the binding has no account to watch through',
      hint: 'connect a Board (fixture) account for user "bob" (named "board-main"), or bind it for another user',
      ...positionOf(source, '"bob"'),
    });
  });

  it('must name someone', async () => {
    const source = bindingText({ user: '' });
    const [problem] = await problemsOf(source);
    expect(problem).toMatchObject({ code: 'shape', pointer: '/user', ...positionOf(source, '""') });
  });
});
