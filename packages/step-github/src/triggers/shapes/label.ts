import { Type } from '@toolsteps/sdk';
import { Nullable } from '../../nullable.js';
import { Open } from './open-object.js';

/** A label on an issue or pull request, or the one a `labeled` delivery names. */
export const Label = Open({
  id: Type.Integer(),
  node_id: Type.String(),
  name: Type.String(),
  color: Type.String({ description: 'Hex colour without #' }),
  default: Type.Boolean(),
  description: Type.Optional(Nullable(Type.String())),
});
