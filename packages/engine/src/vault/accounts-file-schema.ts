import { type Static, Type } from '@toolsteps/sdk';

const Values = Type.Record(Type.String(), Type.Unknown());

/** One connected account as written in an accounts file; string values may hold `${ENV_NAME}`. */
export const AccountEntrySchema = Type.Object(
  {
    id: Type.String({ minLength: 1 }),
    /** The end user it belongs to; ids and names are unique within each user. */
    user: Type.Optional(Type.String({ minLength: 1 })),
    integration: Type.String({ minLength: 1 }),
    name: Type.String({ minLength: 1 }),
    settings: Type.Optional(Values),
    credentials: Type.Optional(Values),
  },
  { additionalProperties: false },
);

/**
 * Where one emulator listened when `toolsteps emulate` wrote the file, and its demo accounts left out
 * of `accounts`. Informational: reading accounts ignores it; its presence marks a file emulate may
 * overwrite at its next start.
 */
export const EmulatorEntrySchema = Type.Object(
  {
    integration: Type.String({ minLength: 1 }),
    baseUrl: Type.String({ minLength: 1 }),
    /** Seeded users beside the default: move one into `accounts` to name it on a step. */
    otherAccounts: Type.Optional(Type.Array(AccountEntrySchema)),
    /** The token of its control routes (`/_emulator/…`), for an emulator that has them. */
    controlToken: Type.Optional(Type.String()),
    /** The demo OAuth app it registers, for `toolsteps connect` against it (its secret is public). */
    oauthClient: Type.Optional(
      Type.Object(
        {
          clientId: Type.String(),
          clientSecret: Type.String(),
          origins: Type.Optional(Type.Array(Type.String())),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export const AccountsFileSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    /** Present in the document `toolsteps emulate` prints and writes (`--json`, `--accounts-out`). */
    emulators: Type.Optional(Type.Array(EmulatorEntrySchema)),
    accounts: Type.Array(AccountEntrySchema),
  },
  { additionalProperties: false },
);

export type AccountEntry = Static<typeof AccountEntrySchema>;
export type EmulatorEntry = Static<typeof EmulatorEntrySchema>;
export type AccountsFileDocument = Static<typeof AccountsFileSchema>;
