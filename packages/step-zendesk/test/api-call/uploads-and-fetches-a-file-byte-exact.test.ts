import { describe, expect, it } from '@jest/globals';
import { apiCall } from '../../src/steps/api-call.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';

type Json = any;

/** A PNG signature, then every byte from 0x80 up: any text decoding on the way would alter them. */
const PNG_LIKE = Buffer.from([
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  ...Array.from({ length: 128 }, (_, i) => 0x80 + i),
]);

describe('zendesk.api_call with files', () => {
  const zd = useZendeskEmulator();

  it('uploads bytes given as base64 and fetches them back exactly, with their content type', async () => {
    const uploaded = await zd.run<Json>(apiCall, {
      method: 'POST',
      endpoint: '/api/v2/uploads.json?filename=group-head.png',
      body_base64: PNG_LIKE.toString('base64'),
      content_type: 'image/png',
    });
    expect(uploaded.error).toBeUndefined();
    expect(uploaded.result).toMatchObject({
      status: 201,
      body: {
        upload: {
          token: expect.any(String),
          attachment: { file_name: 'group-head.png', size: PNG_LIKE.length },
        },
      },
    });
    const stored = [...zd.emulator.state.attachments.values()][0];
    expect(Buffer.from(stored.content).equals(PNG_LIKE)).toBe(true);
    expect(stored.content_type).toBe('image/png');

    const contentUrl = new URL(uploaded.result.body.upload.attachment.content_url);
    const fetched = await zd.run<Json>(apiCall, { endpoint: `${contentUrl.pathname}${contentUrl.search}` });
    expect(fetched.error).toBeUndefined();
    expect(fetched.result).toMatchObject({ status: 200, body: null, content_type: 'image/png' });
    expect(Buffer.from(fetched.result.body_base64, 'base64').equals(PNG_LIKE)).toBe(true);
  });
});
