import { decryptEnvelope, encryptText, type VaultEnvelope } from '@toolsteps/engine/adapters';

/** A secret as a store keeps it: sealed with the vault's scheme (AES-256-GCM) when there is a key. */
export interface SealedSecret {
  text: string;
  sealed: boolean;
}

export function sealSecret(secret: string, key: Buffer | undefined): SealedSecret {
  if (key === undefined) return { text: secret, sealed: false };
  return { text: JSON.stringify(encryptText(secret, key)), sealed: true };
}

/** The secret again; a sealed one without its key, or with another key, is an error that says which. */
export function openSecret(stored: SealedSecret, key: Buffer | undefined, bindingId: string): string {
  if (!stored.sealed) return stored.text;
  const refuse = (why: string) =>
    new Error(`The webhook secret of binding "${bindingId}" is encrypted in the trigger store: ${why}`);
  if (key === undefined) throw refuse('set TOOLSTEPS_VAULT_KEY to the key it was stored with');
  const plain = decryptEnvelope(JSON.parse(stored.text) as VaultEnvelope, key);
  if (plain === undefined) throw refuse('the key given is not the one it was stored with');
  return plain;
}
