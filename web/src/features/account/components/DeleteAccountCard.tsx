import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { serverErrorText } from '../../../lib/errors';
import { Alert, Button, Card, TextField } from '../../../ui';
import { useDeleteAccountMutation } from '../api';

/**
 * Deleting the account: what goes and what stays, then the password and a second, explicit
 * confirmation. The server refuses a wrong password and a subscription Stripe will not cancel,
 * deleting nothing; its sentence is shown as it is.
 */
export function DeleteAccountCard() {
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const explanationId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await deleteAccount({ password }).unwrap();
    } catch (err) {
      setError(serverErrorText(err) ?? 'Your account could not be deleted. Please try again.');
      return;
    }
    // The goodbye page signs the browser out: signing out here, on a signed-in page, would send
    // the browser to sign-in before the goodbye page has loaded.
    navigate(paths.goodbye, { replace: true, state: { accountDeleted: true } });
  }

  return (
    <Card title="Delete my account" className="danger-zone">
      <div id={explanationId} className="stack">
        <p>Deleting your account cannot be undone.</p>
        <div>
          <p>
            <strong>Erased:</strong>
          </p>
          <ul>
            <li>your e-mail address and password</li>
            <li>your HubSpot connections (ZipFill&apos;s access is revoked)</li>
            <li>the ZIP codes and places of your lookups</li>
            <li>your request logs, with the IP addresses in them</li>
          </ul>
        </div>
        <div>
          <p>
            <strong>Kept, as the law requires for accounting, under no name:</strong>
          </p>
          <ul>
            <li>payment records (at Stripe and in our ledger)</li>
            <li>the amounts of your credits ledger and how many lookups there were</li>
          </ul>
        </div>
        <p>An active monthly subscription is cancelled first. You are then signed out on every device.</p>
      </div>
      {!confirming ? (
        <div className="button-row">
          <Button variant="danger" onClick={() => setConfirming(true)} aria-describedby={explanationId}>
            Delete my account…
          </Button>
        </div>
      ) : (
        <form onSubmit={(event) => void submit(event)} className="form" aria-describedby={explanationId}>
          {error && <Alert kind="error">{error}</Alert>}
          <TextField
            label="Your password, to confirm"
            type="password"
            autoComplete="current-password"
            required
            autoFocus
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <div className="button-row">
            <Button type="submit" variant="danger" disabled={isLoading || password === ''}>
              {isLoading ? 'Deleting…' : 'Yes, delete my account'}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setConfirming(false);
                setPassword('');
                setError(null);
              }}
            >
              Keep my account
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
