export { MIN_SECRET_LENGTH, secretForms } from './secret-forms.js';
export { REDACTED, SecretScrubber } from './secret-scrubber.js';
