/** A run that cannot be resumed as asked, with what to do instead: nothing of it ran. */
export class ResumeRefused extends Error {
  override readonly name = 'ResumeRefused';
}
