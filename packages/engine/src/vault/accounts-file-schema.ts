import { type Static, Type } from '@sinclair/typebox';

const Values = Type.Record(Type.String(), Type.Unknown());

/** One connected account as written in an accounts file; string values may hold `${ENV_NAME}`. */
export const AccountEntrySchema = Type.Object(
  {
    id: Type.String({ minLength: 1 }),
    integration: Type.String({ minLength: 1 }),
    name: Type.String({ minLength: 1 }),
    settings: Type.Optional(Values),
    credentials: Type.Optional(Values),
  },
  { additionalProperties: false },
);

export const AccountsFileSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    accounts: Type.Array(AccountEntrySchema),
  },
  { additionalProperties: false },
);

export type AccountEntry = Static<typeof AccountEntrySchema>;
export type AccountsFileDocument = Static<typeof AccountsFileSchema>;
