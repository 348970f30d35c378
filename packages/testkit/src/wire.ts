// The three providers' real wire formats: how a request names its model and prompt, and what a
// reply or an error looks like on the wire. Used only by the fake server.

export type Protocol = 'anthropic' | 'openai' | 'gemini';

export interface ParsedRequest {
  protocol: Protocol;
  model: string;
  prompt: string;
  system: string | undefined;
  temperature: number | undefined;
  maxTokens: number | undefined;
}

type Json = Record<string, unknown>;

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content.map((part) => (typeof part === 'string' ? part : String((part as Json)?.text ?? ''))).join('');
  }
  return '';
}

/** Which protocol a path belongs to, and the model named in the path (Gemini). */
export function route(method: string, path: string): { protocol: Protocol; model?: string } | null {
  if (method !== 'POST') return null;
  const clean = path.split('?')[0] ?? '';
  if (/\/v1\/messages$/.test(clean)) return { protocol: 'anthropic' };
  if (/\/chat\/completions$/.test(clean)) return { protocol: 'openai' };
  const gemini = /\/models\/([^/:]+):generateContent$/.exec(clean);
  if (gemini) return { protocol: 'gemini', model: decodeURIComponent(gemini[1]!) };
  return null;
}

export function parseRequest(protocol: Protocol, body: Json, pathModel?: string): ParsedRequest {
  if (protocol === 'anthropic') {
    const messages = (body.messages as Json[] | undefined) ?? [];
    return {
      protocol,
      model: String(body.model ?? ''),
      prompt: messages.filter((m) => m.role === 'user').map((m) => textOf(m.content)).join('\n'),
      system: body.system === undefined ? undefined : textOf(body.system),
      temperature: body.temperature as number | undefined,
      maxTokens: body.max_tokens as number | undefined,
    };
  }
  if (protocol === 'openai') {
    const messages = (body.messages as Json[] | undefined) ?? [];
    const system = messages.filter((m) => m.role === 'system' || m.role === 'developer').map((m) => textOf(m.content));
    return {
      protocol,
      model: String(body.model ?? ''),
      prompt: messages.filter((m) => m.role === 'user').map((m) => textOf(m.content)).join('\n'),
      system: system.length ? system.join('\n') : undefined,
      temperature: body.temperature as number | undefined,
      maxTokens: (body.max_completion_tokens ?? body.max_tokens) as number | undefined,
    };
  }
  const contents = (body.contents as Json[] | undefined) ?? [];
  const config = (body.generationConfig as Json | undefined) ?? {};
  const systemInstruction = body.systemInstruction as Json | undefined;
  const partsText = (c: Json | undefined) => textOf((c?.parts as unknown[]) ?? []);
  return {
    protocol,
    model: pathModel ?? '',
    prompt: contents.filter((c) => c.role !== 'model').map((c) => partsText(c)).join('\n'),
    system: systemInstruction ? partsText(systemInstruction) : undefined,
    temperature: config.temperature as number | undefined,
    maxTokens: config.maxOutputTokens as number | undefined,
  };
}

export function successBody(
  protocol: Protocol,
  model: string,
  text: string,
  usage: { inputTokens: number; outputTokens: number },
  id: number,
  truncated = false,
): Json {
  if (protocol === 'anthropic') {
    return {
      id: `msg_fake_${id}`,
      type: 'message',
      role: 'assistant',
      model,
      content: [{ type: 'text', text }],
      stop_reason: truncated ? 'max_tokens' : 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: usage.inputTokens, output_tokens: usage.outputTokens },
    };
  }
  if (protocol === 'openai') {
    return {
      id: `chatcmpl-fake-${id}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [{ index: 0, message: { role: 'assistant', content: text, refusal: null }, finish_reason: truncated ? 'length' : 'stop', logprobs: null }],
      usage: {
        prompt_tokens: usage.inputTokens,
        completion_tokens: usage.outputTokens,
        total_tokens: usage.inputTokens + usage.outputTokens,
      },
    };
  }
  return {
    candidates: [{ content: { parts: [{ text }], role: 'model' }, finishReason: truncated ? 'MAX_TOKENS' : 'STOP', index: 0 }],
    usageMetadata: {
      promptTokenCount: usage.inputTokens,
      candidatesTokenCount: usage.outputTokens,
      totalTokenCount: usage.inputTokens + usage.outputTokens,
    },
    modelVersion: model,
  };
}

const ANTHROPIC_ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

const GOOGLE_STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

export function errorBody(protocol: Protocol, status: number, message: string): Json {
  if (protocol === 'anthropic') {
    return { type: 'error', error: { type: ANTHROPIC_ERROR_TYPES[status] ?? 'api_error', message } };
  }
  if (protocol === 'openai') {
    return { error: { message, type: status === 429 ? 'rate_limit_exceeded' : 'server_error', param: null, code: null } };
  }
  return { error: { code: status, message, status: GOOGLE_STATUS[status] ?? 'UNKNOWN' } };
}
