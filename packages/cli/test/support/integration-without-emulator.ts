import { defineIntegration, Type } from '../../../engine/src/index.js';

/** An integration that ships no emulator, for what `toolsteps emulate` says about one. */
export default defineIntegration({
  id: 'bare',
  title: 'Bare (no emulator)',
  status: 'stable',
  connection: Type.Object({ baseUrl: Type.String() }),
  auth: { kind: 'token' },
  http: (account) => ({ baseUrl: String(account.settings.baseUrl) }),
  steps: [],
});
