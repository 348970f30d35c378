// Typed errors shared by every tool. Recognised by a global-symbol marker rather than
// `instanceof`, so they survive duplicated copies of this package in a dependency tree.

const MARKER = Symbol.for('adlc.error');

export type AdlcErrorCode =
  | 'operational'
  | 'provider'
  | 'json-extract'
  | 'interrupted'
  | 'help';

export class AdlcError extends Error {
  readonly [MARKER] = true;
  readonly code: AdlcErrorCode;
  /** One line telling the user how to fix it, printed after the message. */
  readonly hint: string | undefined;

  constructor(code: AdlcErrorCode, message: string, options: { hint?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AdlcError';
    this.code = code;
    this.hint = options.hint;
  }

  static isInstance(value: unknown): value is AdlcError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
  }
}

/** An operational failure (bad input, missing key, dirty tree, crash): always exit 1, never a verdict. */
export class OpError extends AdlcError {
  /** Usage text to show after the message (bad arguments). */
  readonly usage: string | undefined;

  constructor(message: string, options: { hint?: string; cause?: unknown; usage?: string } = {}) {
    super('operational', message, options);
    this.name = 'OpError';
    this.usage = options.usage;
  }

  static override isInstance(value: unknown): value is OpError {
    return AdlcError.isInstance(value) && value.code === 'operational';
  }
}

/** A provider call that failed after retries, or timed out. Names provider, model and status; never the key. */
export class ProviderError extends AdlcError {
  readonly provider: string;
  readonly model: string;
  /** HTTP status, or 'timeout' | 'aborted' | 'connection' | 'exit <n>' for non-HTTP failures. */
  readonly status: number | string;
  readonly retryable: boolean;
  readonly attempts: number;

  constructor(init: {
    provider: string;
    model: string;
    status: number | string;
    message: string;
    retryable?: boolean;
    attempts?: number;
    cause?: unknown;
  }) {
    super('provider', `${init.provider} (${init.model}) failed: ${describeStatus(init.status)}: ${init.message}`, {
      cause: init.cause,
    });
    this.name = 'ProviderError';
    this.provider = init.provider;
    this.model = init.model;
    this.status = init.status;
    this.retryable = init.retryable ?? false;
    this.attempts = init.attempts ?? 1;
  }

  static override isInstance(value: unknown): value is ProviderError {
    return AdlcError.isInstance(value) && value.code === 'provider';
  }

  /** A copy carrying the number of attempts made, for the final error of a retry loop. */
  withAttempts(attempts: number): ProviderError {
    const copy = new ProviderError({
      provider: this.provider,
      model: this.model,
      status: this.status,
      message: this.detail,
      retryable: this.retryable,
      attempts,
      cause: this.cause,
    });
    return copy;
  }

  /** The provider's own message, without the provider/model/status prefix. */
  get detail(): string {
    const prefix = `${this.provider} (${this.model}) failed: ${describeStatus(this.status)}: `;
    return this.message.startsWith(prefix) ? this.message.slice(prefix.length) : this.message;
  }
}

function describeStatus(status: number | string): string {
  return typeof status === 'number' ? `HTTP ${status}` : status;
}

/** A signal (SIGINT/SIGTERM) ended the run after restoring files. */
export class InterruptedError extends AdlcError {
  readonly signal: NodeJS.Signals;
  readonly exitCode: number;

  constructor(signal: NodeJS.Signals) {
    super('interrupted', `interrupted by ${signal}`);
    this.name = 'InterruptedError';
    this.signal = signal;
    this.exitCode = signal === 'SIGINT' ? 130 : signal === 'SIGTERM' ? 143 : 1;
  }

  static override isInstance(value: unknown): value is InterruptedError {
    return AdlcError.isInstance(value) && value.code === 'interrupted';
  }
}

export type JsonExtractReason = 'no-json' | 'invalid-json' | 'schema';

/** extractJson could not return a value: says why (no JSON, invalid JSON at a position, schema path). */
export class JsonExtractError extends AdlcError {
  readonly reason: JsonExtractReason;
  readonly position: number | undefined;
  readonly issues: ReadonlyArray<{ path: string; message: string }>;

  constructor(init: {
    reason: JsonExtractReason;
    message: string;
    position?: number;
    issues?: Array<{ path: string; message: string }>;
  }) {
    super('json-extract', init.message);
    this.name = 'JsonExtractError';
    this.reason = init.reason;
    this.position = init.position;
    this.issues = init.issues ?? [];
  }

  static override isInstance(value: unknown): value is JsonExtractError {
    return AdlcError.isInstance(value) && value.code === 'json-extract';
  }
}

/** --help or --version was printed: the run ends with exit 0 and nothing else to print. */
export class HelpShown extends AdlcError {
  constructor() {
    super('help', 'help shown');
    this.name = 'HelpShown';
  }

  static override isInstance(value: unknown): value is HelpShown {
    return AdlcError.isInstance(value) && value.code === 'help';
  }
}
