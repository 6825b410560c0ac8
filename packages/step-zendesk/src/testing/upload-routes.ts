import { randomBytes } from 'node:crypto';
import type { Hono } from '@toolsteps/emulator';
import type { ZendeskApi } from './zendesk-api.js';
import { recordInvalid, recordNotFound } from './zendesk-errors.js';

/**
 * Uploads (`POST /api/v2/uploads?filename=…` with the file as the body) give a token that a comment's
 * `uploads` attaches; an attachment's content is served at its `content_url`, whose token is the secret.
 */
export function registerUploadRoutes(app: Hono, api: ZendeskApi): void {
  const { state } = api;
  app.post('/api/v2/uploads', async (c) => {
    const fileName = c.req.query('filename');
    if (!fileName)
      return recordInvalid([
        { field: 'filename', error: 'BlankValue', description: 'Filename: cannot be blank' },
      ]);
    const content = new Uint8Array(await c.req.arrayBuffer());
    const attachment = {
      id: state.nextId('attachment', 27_000_000_001),
      file_name: fileName,
      content_type: c.req.header('content-type') ?? 'application/octet-stream',
      size: content.byteLength,
      token: randomBytes(16).toString('base64url'),
      content,
    };
    state.attachments.set(attachment.id, attachment);
    // An existing token adds the file to that upload, as Zendesk's `token` parameter does.
    const token = c.req.query('token') ?? randomBytes(18).toString('base64url');
    const upload = state.uploads.get(token) ?? { token, attachment_ids: [] };
    upload.attachment_ids.push(attachment.id);
    state.uploads.set(token, upload);
    const attachments = upload.attachment_ids.flatMap((id) => {
      const found = state.attachments.get(id);
      return found ? [api.json.attachment(found)] : [];
    });
    return c.json({ upload: { token, attachment: api.json.attachment(attachment), attachments } }, 201);
  });

  app.get('/attachments/token/:token/', (c) => {
    const attachment = [...state.attachments.values()].find(
      (candidate) => candidate.token === c.req.param('token'),
    );
    if (!attachment) return recordNotFound();
    return c.body(attachment.content.slice().buffer as ArrayBuffer, 200, {
      'content-type': attachment.content_type,
      'content-disposition': `attachment; filename="${attachment.file_name}"`,
    });
  });
}
