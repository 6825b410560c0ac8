import { createGist } from '../../../src/index.js';
import type { TriggerCase } from './trigger-case.js';

/** The one poll trigger: GitHub sends no webhook for gists. */
export const GIST_CASE: TriggerCase = {
  trigger: 'github.new_gist',
  config: {},
  filter: '$event.gist.public = false',
  summary: "$event.gist.description & ' (' & $keys($event.gist.files) & ')'",
  expected: 'Deploy notes (notes.md)',
  cause: 'create_gist, then the next poll',
  act: async (hand) => {
    await hand.run(createGist, { description: 'Deploy notes', files: { 'notes.md': '# Deploy notes' } });
    await hand.pollBindings();
  },
};
