/**
 * Errors a request can end in. Routes and services throw these (or domain errors, which
 * `toHttpError` maps); one middleware renders them, so every status and text is decided here.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Please sign in to continue.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have access to this.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (
  retryAfterSeconds: number,
  message = 'Too many attempts. Please wait and try again.',
) => new HttpError(429, message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** Domain errors register how they map to HTTP; the error middleware consults this list. */
export type ErrorMapping = (error: unknown) => HttpError | undefined;
