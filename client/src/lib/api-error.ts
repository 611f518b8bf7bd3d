import { isErrorBody, type ErrorBody } from '@pacs/common';

/** A failed API call: an HTTP error answer (with the catalogue body when the server sent one) or a network failure. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;
  readonly isNetworkError: boolean;

  constructor(status: number, body: ErrorBody | null, message: string, isNetworkError = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.isNetworkError = isNetworkError;
  }

  get code(): string | undefined {
    return this.body?.code;
  }

  get fields(): Record<string, string> | undefined {
    return this.body?.fields;
  }

  static async fromResponse(response: Response): Promise<ApiError> {
    let body: ErrorBody | null = null;
    try {
      const parsed: unknown = await response.json();
      if (isErrorBody(parsed)) body = parsed;
    } catch {
      // Not JSON: a proxy or crash page. The status alone decides what happens.
    }
    return new ApiError(response.status, body, body?.message ?? `HTTP ${response.status}`);
  }

  static network(cause: unknown): ApiError {
    const error = new ApiError(0, null, 'Network connection failed', true);
    error.cause = cause;
    return error;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
