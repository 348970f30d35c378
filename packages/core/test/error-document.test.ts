// errorDocument: the {"error": ...} document of a failure, as a CLI prints it under --json and the MCP
// server answers it, one case a line.

import { describe, expect, it } from 'vitest';
import { ErrorOutputSchema } from '../src/error-output.js';
import { OpError, ProviderError } from '../src/errors.js';
import { errorDocument } from '../src/outcome.js';

const env = { ANTHROPIC_API_KEY: 'sk-ant-a-very-secret-value-0001' };

describe('errorDocument', () => {
  it.each([
    ['an OpError with a hint', new OpError('the tree is dirty', { hint: 'commit first' }), { message: 'the tree is dirty', hint: 'commit first', exitCode: 1 }],
    ['an OpError naming a key', new OpError(`bad key ${env.ANTHROPIC_API_KEY}`), { message: 'bad key [REDACTED]', exitCode: 1 }],
    [
      'a ProviderError',
      new ProviderError({ provider: 'openai', model: 'm', status: 429, message: 'slow down' }),
      { message: 'openai (m) failed: HTTP 429: slow down', exitCode: 1, provider: 'openai', status: 429, hint: expect.stringContaining('rate-limiting') },
    ],
    ['anything else', new Error('boom'), { message: 'internal error: boom', exitCode: 1, hint: expect.stringContaining('ADLC_DEBUG=1') }],
    ['a thrown string', 'boom', { message: 'internal error: boom', exitCode: 1, hint: expect.stringContaining('this is a bug') }],
  ])('%s', (_what, error, expected) => {
    const doc = errorDocument(error, env);
    expect(doc).toEqual({ error: expected });
    expect(ErrorOutputSchema.parse(doc)).toEqual(doc);
  });
});
