import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** Node's parser refuses these before Express sees the request; each still gets our JSON error. */
const REFUSALS = new Map<string, [number, string]>([
  [
    'HPE_HEADER_OVERFLOW',
    [431, 'The request line and headers are too large: together they must stay under 16 kB.'],
  ],
  ['ERR_HTTP_REQUEST_TIMEOUT', [408, 'The request took too long to arrive.']],
]);

/**
 * Answers requests that Node's HTTP parser refuses (headers over 16 kB, a malformed request line)
 * with a JSON error like every other refusal, instead of a bare status line.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, message] = REFUSALS.get(error.code ?? '') ?? [400, 'The request could not be read.'];
    const body = JSON.stringify({ error: message });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        'X-Content-Type-Options: nosniff\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
