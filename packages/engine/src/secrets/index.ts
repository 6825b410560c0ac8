export { CUT_MARK, cutBeforeToken } from '@toolsteps/sdk/schema';
export { type OutgoingParts, refuseForeignCredentials } from './refuse-foreign-credentials.js';
export { scrubbedCut } from './scrubbed-cut.js';
export { declaredSecretFields, secretValues } from './secret-fields.js';
export { MIN_SECRET_LENGTH, type SecretForm, secretForms } from './secret-forms.js';
export { REDACTED, SecretScrubber } from './secret-scrubber.js';
