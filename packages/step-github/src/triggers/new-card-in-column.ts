import { defineTrigger, type Static, Type, withOptions } from '@toolsteps/sdk';
import { Nullable } from '../nullable.js';
import { payloadOf } from './github-delivery.js';
import { codertocat, helloWorld } from './sample-parts.js';
import { Open } from './shapes/open-object.js';
import { Organization, Repository } from './shapes/repository.js';
import { User } from './shapes/user.js';
import { scopeConfig } from './trigger-config.js';

const ProjectCard = Open({
  id: Type.Integer(),
  node_id: Type.String(),
  note: Nullable(
    Type.String({ description: 'The text of a note card; null for an issue or pull request card' }),
  ),
  column_id: Nullable(Type.Integer()),
  archived: Type.Boolean(),
  creator: Nullable(User),
  content_url: Type.Optional(
    Type.String({ description: 'The issue or pull request the card shows (API URL)' }),
  ),
  project_url: Type.String(),
  column_url: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
});

const CardCreated = Type.Object({
  action: Type.Literal('created'),
  project_card: ProjectCard,
  repository: Type.Optional(withOptions(Repository, { description: "Set for a repository's project" })),
  organization: Type.Optional(Organization),
  sender: User,
});

const CardConfig = scopeConfig({
  column_id: Type.Optional(
    Type.Integer({
      minimum: 1,
      description: 'Only cards created in this column (its id); default any column',
    }),
  ),
});

export const newCardInColumn = defineTrigger({
  id: 'github.new_card_in_column',
  title: 'New Card in Column',
  description:
    'Fires when a card is added to a classic project board (`project_card` created), in any column or the one `column_id` names.',
  delivery: 'webhook',
  config: CardConfig,
  event: CardCreated,
  sample: {
    action: 'created',
    project_card: {
      id: 21567453,
      node_id: 'MDExOlByb2plY3RDYXJkMjE1Njc0NTM=',
      note: 'Work that can be completed in one hour or less.',
      column_id: 5368157,
      archived: false,
      creator: codertocat,
      project_url: 'https://api.github.com/projects/2640902',
      column_url: 'https://api.github.com/projects/columns/5368157',
      created_at: '2019-05-15T15:21:56Z',
      updated_at: '2019-05-15T15:21:56Z',
    },
    repository: helloWorld,
    sender: codertocat,
  },
  webhook: {
    subscribes: ['project_card'],
    match: (delivery, config) => {
      const payload = payloadOf(delivery, config, 'project_card', ['created']) as
        | Static<typeof CardCreated>
        | undefined;
      if (payload === undefined) return [];
      return config.column_id === undefined || payload.project_card?.column_id === config.column_id
        ? [payload]
        : [];
    },
  },
});
