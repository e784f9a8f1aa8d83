import type { Express } from 'express';
import { requireUser, userOf } from '../auth/middleware';
import type { HttpModule } from '../http/app';
import type { MessageAnswer } from '../http/contract';
import { validateBody } from '../http/validation';
import { ACCOUNT_DELETED, deleteAccount, type AccountDeletionDeps } from './deletion';
import { validDeletion } from './schemas';

/** DELETE /api/auth/account: the signed-in user deletes their account, password confirmed. */
export function accountDeletionModule(deps: AccountDeletionDeps): HttpModule {
  const auth = { sessions: deps.accounts.sessions, accounts: deps.accounts.accounts };
  return {
    routes(app: Express) {
      app.delete('/api/auth/account', requireUser(auth), validateBody(validDeletion), async (req, res) => {
        const { password } = req.body as { password: string };
        const user = userOf(req);
        await deleteAccount(deps, user.id, password);
        // The request's own log line must not name the person it just erased (the log has the event).
        req.user = undefined;
        res.json({ message: ACCOUNT_DELETED } satisfies MessageAnswer);
      });
    },
  };
}
