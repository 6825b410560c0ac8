import { Type } from '@toolsteps/sdk';

/** A task as the API returns it; shared by the steps' output schemas. */
export const Task = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  status: Type.Union([Type.Literal('open'), Type.Literal('done')]),
  labels: Type.Array(Type.String()),
  due: Type.Optional(Type.String({ description: 'ISO date' })),
  note: Type.Optional(Type.String()),
  /** Set by whoever added the task, to find it again (Add Task writes its call's idempotency key). */
  ref: Type.Optional(Type.String()),
});
