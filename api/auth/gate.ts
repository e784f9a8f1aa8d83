import { accountStream, admitsEntry } from '../../domain/accounts/decider';
import type { RegisteredAccount } from '../../domain/accounts/state';
import type { AccountHandler } from '../accounts/handler';
import type { Sessions } from './sessions';

/**
 * The one door into an account. Every way in (a session's bearer token, the sandbox CRM's pass,
 * an OAuth state, a reset or unsubscribe link, a portal's webhook and workflow requests) asks it,
 * so that a deleted account is shut to all of them at once, however long what it issued lives.
 */
export class AccountGate {
  constructor(
    private readonly accounts: AccountHandler,
    private readonly sessions: Sessions,
  ) {}

  /**
   * The account while it exists and is not deleted; with `sessionId` (what a pass was issued
   * under), only while that session lasts too, so signing out or deleting ends the pass with it.
   */
  async admit(userId: string, sessionId?: string): Promise<RegisteredAccount | undefined> {
    if (sessionId !== undefined && !(await this.sessions.isLive(sessionId, userId))) return undefined;
    const { state } = await this.accounts.load(accountStream(userId));
    return admitsEntry(state) ? state : undefined;
  }
}
