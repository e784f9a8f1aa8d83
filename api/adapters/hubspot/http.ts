/** What a HubSpot endpoint answered: status, headers and the parsed JSON body (or text). */
export interface HubSpotResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

/** One HTTP exchange with a deadline; a timeout or a refused connection rejects. */
export async function exchange(
  url: string,
  init: RequestInit,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<HubSpotResponse> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // HubSpot answers JSON; a proxy in between may not
  }
  return { status: response.status, headers: response.headers, body };
}

/**
 * HubSpot's error message from an error body, for logs and the person reading them: `message`,
 * or RFC 6749's `error_description` (and `error`) that the OAuth API answers.
 */
export function messageOf(response: HubSpotResponse): string {
  const body = response.body as
    | { message?: unknown; error?: unknown; error_description?: unknown; errors?: unknown }
    | string
    | undefined;
  const text =
    typeof body === 'string'
      ? body
      : typeof body?.message === 'string'
        ? body.message
        : typeof body?.error_description === 'string'
          ? `${String(body.error)}: ${body.error_description}`
          : typeof body?.error === 'string'
            ? body.error
            : '';
  // HubSpot's error body puts the particulars in `errors[].message` ("Too many filters in
  // request (max 18)") under a general `message` ("There was a problem with the request.").
  const details =
    typeof body === 'object' && Array.isArray(body?.errors)
      ? body.errors.flatMap((e: unknown) =>
          typeof (e as { message?: unknown })?.message === 'string'
            ? [(e as { message: string }).message]
            : [],
        )
      : [];
  const said = [text, ...details].filter(Boolean).join(' ');
  return `HubSpot answered ${response.status}${said ? `: ${said.slice(0, 300)}` : ''}`;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
