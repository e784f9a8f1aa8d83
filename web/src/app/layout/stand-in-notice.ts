import type { StandIns } from '@api/config/contract';

function joinNames(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * The footer line that tells a visitor this server is not talking to the real services, e.g.
 * "Sandbox mode: HubSpot, Stripe and e-mail run as local stand-ins."; empty when all are real.
 */
export function standInNotice(standIns: StandIns): string {
  const services = [
    standIns.hubspot && 'HubSpot',
    standIns.stripe && 'Stripe',
    standIns.mail && 'e-mail',
  ].filter((name): name is string => typeof name === 'string');
  const parts: string[] = [];
  if (services.length > 0) {
    const verb = services.length === 1 ? 'runs as a local stand-in' : 'run as local stand-ins';
    parts.push(`Sandbox mode: ${joinNames(services)} ${verb}.`);
  }
  if (standIns.captcha) parts.push('Captcha is off.');
  return parts.join(' ');
}
