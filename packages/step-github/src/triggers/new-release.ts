import { defineTrigger, type Static, Type } from '@toolsteps/sdk';
import { Nullable } from '../nullable.js';
import { payloadEvents } from './github-delivery.js';
import { codertocat, helloWorld } from './sample-parts.js';
import { Open } from './shapes/open-object.js';
import { RepositoryEnvelope } from './shapes/repository.js';
import { User } from './shapes/user.js';
import { RepositoryOrOrganizationConfig } from './trigger-config.js';

const Release = Open({
  id: Type.Integer(),
  node_id: Type.String(),
  tag_name: Type.String(),
  target_commitish: Type.String(),
  name: Nullable(Type.String()),
  body: Nullable(Type.String()),
  draft: Type.Boolean(),
  prerelease: Type.Boolean(),
  html_url: Type.String(),
  tarball_url: Nullable(Type.String()),
  zipball_url: Nullable(Type.String()),
  author: User,
  created_at: Nullable(Type.String()),
  published_at: Nullable(Type.String()),
  assets: Type.Array(Open({ id: Type.Integer(), name: Type.String(), browser_download_url: Type.String() })),
});

const ReleasePublished = Type.Object({
  action: Type.Literal('published'),
  release: Release,
  ...RepositoryEnvelope,
});

export const newRelease = defineTrigger({
  id: 'github.new_release',
  title: 'New Release',
  description:
    'Fires when a release is published (`release` published): drafts are not, prereleases are (see `release.prerelease`).',
  delivery: 'webhook',
  config: RepositoryOrOrganizationConfig,
  event: ReleasePublished,
  sample: {
    action: 'published',
    release: {
      id: 17372790,
      node_id: 'MDc6UmVsZWFzZTE3MzcyNzkw',
      tag_name: '0.0.1',
      target_commitish: 'master',
      name: 'First release',
      body: 'Fixes the spelling of commit in the README.',
      draft: false,
      prerelease: false,
      html_url: 'https://github.com/Codertocat/Hello-World/releases/tag/0.0.1',
      tarball_url: 'https://api.github.com/repos/Codertocat/Hello-World/tarball/0.0.1',
      zipball_url: 'https://api.github.com/repos/Codertocat/Hello-World/zipball/0.0.1',
      author: codertocat,
      created_at: '2019-05-15T15:19:25Z',
      published_at: '2019-05-15T15:20:53Z',
      assets: [],
    },
    repository: helloWorld,
    sender: codertocat,
  },
  webhook: {
    subscribes: ['release'],
    match: (delivery, config) =>
      payloadEvents<Static<typeof ReleasePublished>>(delivery, config, 'release', ['published']),
  },
});
