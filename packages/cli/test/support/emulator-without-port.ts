import { createEmulator } from '@toolsteps/emulator';
import { defineIntegration, Type } from '../../../engine/src/index.js';

/** An integration whose emulator predates `--port`: it always listens on a free port. */
export default defineIntegration({
  id: 'portless',
  title: 'Portless',
  status: 'stable',
  connection: Type.Object({ baseUrl: Type.String() }),
  auth: { kind: 'token' },
  http: (account) => ({ baseUrl: String(account.settings.baseUrl) }),
  steps: [],
  emulate: async () => {
    const emulator = await createEmulator({ routes: () => {} });
    return {
      integration: 'portless',
      baseUrl: emulator.baseUrl,
      accounts: [],
      close: () => emulator.close(),
    };
  },
});
