// biome-ignore-all lint/suspicious/noTemplateCurlyInString: accounts files spell environment placeholders as ${NAME}
import { afterEach, describe, expect, it } from '@jest/globals';
import { FileVault } from '../../src/vault/index.js';
import { accountsFile, failure, type TempAccounts } from './accounts-fixture.js';

const document = {
  accounts: [
    {
      id: 'zd-acme',
      integration: 'zendesk',
      name: 'Acme Support',
      settings: { subdomain: 'acme' },
      credentials: { accessToken: '${ZD_TOKEN}', refreshToken: 'literal-refresh-value' },
    },
    {
      id: 'gh-bot',
      integration: 'github',
      name: 'acme-bot',
      credentials: { token: 'ghp_${GH_PART}_suffix' },
    },
  ],
};

let file: TempAccounts | undefined;
afterEach(async () => {
  await file?.remove();
  file = undefined;
});

describe('FileVault reading an accounts file', () => {
  it('resolves ${NAME} placeholders from the environment it is given', async () => {
    file = await accountsFile(document);
    const vault = await FileVault.open(file.path, { env: { ZD_TOKEN: 'zd-from-env', GH_PART: 'middle' } });
    expect(await vault.get({ integration: 'zendesk', name: 'Acme Support' })).toEqual({
      ...document.accounts[0],
      credentials: { accessToken: 'zd-from-env', refreshToken: 'literal-refresh-value' },
    });
    expect((await vault.get({ id: 'gh-bot' })).credentials.token).toBe('ghp_middle_suffix');
    expect((await vault.get({ id: 'gh-bot' })).settings).toEqual({});
    expect(vault.encrypted).toBe(false);
  });

  it('reads $${NAME} as a literal ${NAME}', async () => {
    file = await accountsFile({
      accounts: [
        {
          id: 'a',
          integration: 'github',
          name: 'a',
          credentials: { token: 'x$${NOT_ENV}y', other: '$$${NOT_ENV}' },
        },
      ],
    });
    const vault = await FileVault.open(file.path, { env: {} });
    expect((await vault.get({ id: 'a' })).credentials).toEqual({
      token: 'x${NOT_ENV}y',
      other: '$${NOT_ENV}',
    });
  });

  it('names a missing variable, the file and where it is used, and nothing of other values', async () => {
    file = await accountsFile(document);
    const before = await file.bytes();
    const error = await failure(FileVault.open(file.path, { env: { GH_PART: 'present-secret-value' } }));
    expect(error.code).toBe('validation');
    expect(error.field).toBe('/accounts/0/credentials/accessToken');
    expect(error.message).toBe(
      `Accounts file ${file.path} uses environment variables that are not set: ZD_TOKEN (at /accounts/0/credentials/accessToken)`,
    );
    const everything = JSON.stringify({ ...error.toJSON(), stack: error.stack });
    for (const value of ['present-secret-value', 'literal-refresh-value', 'acme']) {
      expect(everything).not.toContain(value);
    }
    expect(error.details).toEqual({ file: file.path, problem: 'missing_env', variables: ['ZD_TOKEN'] });
    expect(await file.bytes()).toEqual(before);
  });

  it('reports the file and the JSON pointer of a malformed account', async () => {
    file = await accountsFile({
      accounts: [
        { id: 'a', integration: 'github', name: 'a' },
        { id: 'b', integration: 'github', name: 'b', credentials: { token: 'shape-secret' } },
        { id: 'c', name: 'c', credentials: { token: 'shape-secret' } },
        { id: 'd', integration: 7, name: 'd', credential: {} },
      ],
    });
    const error = await failure(FileVault.open(file.path, { env: {} }));
    expect(error.code).toBe('validation');
    expect(error.field).toBe('/accounts/2/integration');
    expect(error.message).toContain(
      `Accounts file ${file.path} is not a valid accounts file: /accounts/2/integration is required`,
    );
    expect(error.message).toContain('/accounts/3/integration must be string');
    expect(error.message).toContain('/accounts/3/credential is not a known property');
    expect(error.message).not.toContain('shape-secret');
  });

  it('says what is wrong with a file that is not an accounts file at all', async () => {
    file = await accountsFile([{ id: 'a' }]);
    const error = await failure(FileVault.open(file.path, { env: {} }));
    expect(error.message).toBe(
      `Accounts file ${file.path} is not a valid accounts file: (top level) must be object`,
    );
  });

  it('rejects duplicate ids, naming where the second one is', async () => {
    file = await accountsFile({
      accounts: [
        { id: 'same', integration: 'github', name: 'one' },
        { id: 'same', integration: 'github', name: 'two' },
      ],
    });
    const error = await failure(FileVault.open(file.path, { env: {} }));
    expect(error.message).toBe(`Duplicate account id "same" (${file.path}: /accounts/1)`);
  });

  it('reports invalid JSON by line and column without quoting the file', async () => {
    file = await accountsFile(
      '{\n  "accounts": [\n    { "id": "a", "credentials": { "token": "json-secret" },, }\n  ]\n}\n',
    );
    const before = await file.bytes();
    const error = await failure(FileVault.open(file.path, { env: {} }));
    expect(error.code).toBe('validation');
    expect(error.details?.problem).toBe('corrupt');
    expect(error.message).toBe(
      `Accounts file ${file.path} is not valid JSON (PropertyNameExpected at line 3, column 60)`,
    );
    expect(await file.bytes()).toEqual(before);
  });

  it('reports an empty or truncated file clearly', async () => {
    file = await accountsFile('');
    expect((await failure(FileVault.open(file.path, { env: {} }))).message).toBe(
      `Accounts file ${file.path} is empty`,
    );
    await file.remove();
    file = await accountsFile(JSON.stringify(document).slice(0, 60));
    expect((await failure(FileVault.open(file.path, { env: {} }))).message).toBe(
      `Accounts file ${file.path} is not valid JSON (it ends early at line 1, column 61: is it truncated?)`,
    );
  });

  it('reports a missing file as not found', async () => {
    file = await accountsFile(document);
    const error = await failure(FileVault.open(`${file.dir}/absent.json`, { env: {} }));
    expect(error.code).toBe('not_found');
    expect(error.message).toBe(`Accounts file ${file.dir}/absent.json does not exist`);
  });

  it('lists accounts without credentials', async () => {
    file = await accountsFile(document);
    const vault = await FileVault.open(file.path, { env: { ZD_TOKEN: 'zd-from-env', GH_PART: 'middle' } });
    const listed = await vault.list();
    expect(listed).toEqual([
      { id: 'zd-acme', integration: 'zendesk', name: 'Acme Support', settings: { subdomain: 'acme' } },
      { id: 'gh-bot', integration: 'github', name: 'acme-bot', settings: {} },
    ]);
    expect(await vault.list('github')).toHaveLength(1);
  });

  it('uses process.env when no environment is given', async () => {
    file = await accountsFile({
      accounts: [
        {
          id: 'a',
          integration: 'github',
          name: 'a',
          credentials: { token: '${TOOLSTEPS_TEST_VAULT_TOKEN}' },
        },
      ],
    });
    process.env.TOOLSTEPS_TEST_VAULT_TOKEN = 'from-process-env';
    try {
      const vault = await FileVault.open(file.path);
      expect((await vault.get({ id: 'a' })).credentials.token).toBe('from-process-env');
    } finally {
      delete process.env.TOOLSTEPS_TEST_VAULT_TOKEN;
    }
  });
});
