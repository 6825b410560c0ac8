import { randomBytes } from 'node:crypto';

/** A binding's signing secret: 32 random bytes as hex, made fresh on each activation. */
export function generateWebhookSecret(): string {
  return randomBytes(32).toString('hex');
}
