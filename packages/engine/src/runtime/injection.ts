// reflect-metadata before the decorators, which keep what they learn through it. Only the
// decorators load with the engine (@inversifyjs/core); inversify's container, a third of its import
// time more, loads when `createEngine` builds one.
import 'reflect-metadata';

export { inject, injectable, optional } from '@inversifyjs/core';
