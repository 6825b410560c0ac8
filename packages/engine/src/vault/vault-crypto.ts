import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { type Static, Type } from '@toolsteps/sdk';

export const DEFAULT_KEY_ENV = 'TOOLSTEPS_VAULT_KEY';

const ALG = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Binds the header to the ciphertext, so an edited envelope fails to decrypt. */
const AAD = Buffer.from('toolstepsVault:1:aes-256-gcm');
const BASE64 = '^[A-Za-z0-9+/]*={0,2}$';

export const VaultEnvelopeSchema = Type.Object(
  {
    toolstepsVault: Type.Literal(1),
    alg: Type.Literal(ALG),
    iv: Type.String({ pattern: BASE64 }),
    tag: Type.String({ pattern: BASE64 }),
    data: Type.String({ pattern: BASE64 }),
  },
  { additionalProperties: false },
);

/** An encrypted accounts file as it sits on disk. */
export type VaultEnvelope = Static<typeof VaultEnvelopeSchema>;

/** A new random key, in the 64-hex-character form `TOOLSTEPS_VAULT_KEY` takes. */
export function generateVaultKey(): string {
  return randomBytes(32).toString('hex');
}

/** Reads a key given as 64 hex characters or as base64 of 32 bytes; undefined when it is neither. */
export function parseVaultKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return undefined;
  const bytes = Buffer.from(trimmed, trimmed.includes('-') || trimmed.includes('_') ? 'base64url' : 'base64');
  return bytes.length === 32 ? bytes : undefined;
}

export function encryptText(plain: string, key: Buffer): VaultEnvelope {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALG, key, iv);
  cipher.setAAD(AAD);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return {
    toolstepsVault: 1,
    alg: ALG,
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
}

/** The plain text, or undefined when the key is wrong or any byte of the envelope was changed. */
export function decryptEnvelope(envelope: VaultEnvelope, key: Buffer): string | undefined {
  const iv = Buffer.from(envelope.iv, 'base64');
  const tag = Buffer.from(envelope.tag, 'base64');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv(ALG, key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(AAD);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(envelope.data, 'base64')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return undefined;
  }
}
