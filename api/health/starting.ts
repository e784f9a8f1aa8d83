import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HealthAnswer, LivenessAnswer, ReadinessAnswer } from './contract';

const STARTING = 'Starting: the schemas are being migrated and the workers started.';

/**
 * Answers while the system is being built (migrations can take a while): alive, not ready, and
 * every other request a 503 with Retry-After, so a load balancer keeps traffic on the processes
 * that are ready rather than finding this one's port closed.
 */
export function answerWhileStarting(req: IncomingMessage, res: ServerResponse): void {
  const path = (req.url ?? '/').split('?')[0];
  let status = 503;
  let body: LivenessAnswer | ReadinessAnswer | HealthAnswer | { error: string };
  if (path === '/api/health/live') {
    status = 200;
    body = { live: true };
  } else if (path === '/api/health/ready') body = { ready: false, reason: STARTING };
  else if (path === '/api/health') body = { status: 'starting', live: true, ready: false, reason: STARTING };
  else body = { error: 'The service is starting. Please try again in a moment.' };
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '5' });
  res.end(JSON.stringify(body));
}
