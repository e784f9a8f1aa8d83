import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Button, Card, Form, PasswordField, SubmitButton, useForm } from '../../../ui';
import { useDeleteAccountMutation } from '../api';

/**
 * Deleting the account: what goes and what stays, then the password and a second, explicit
 * confirmation. The server refuses a wrong password and a subscription Stripe will not cancel,
 * deleting nothing; its sentence is shown as it is.
 */
export function DeleteAccountCard() {
  const [confirming, setConfirming] = useState(false);
  const explanationId = useId();

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
        <ConfirmDeletion explanationId={explanationId} onKeep={() => setConfirming(false)} />
      )}
    </Card>
  );
}

/** The password and the last word; keeping the account closes it, forgetting what was typed. */
function ConfirmDeletion({ explanationId, onKeep }: { explanationId: string; onKeep: () => void }) {
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const navigate = useNavigate();
  const form = useForm({
    initial: { password: '' },
    send: async ({ password }) => {
      await deleteAccount({ password }).unwrap();
      // The goodbye page signs the browser out: signing out here, on a signed-in page, would send
      // the browser to sign-in before the goodbye page has loaded.
      navigate(paths.goodbye, { replace: true, state: { accountDeleted: true } });
    },
    failed: (reason) => reason ?? 'Your account could not be deleted. Please try again.',
  });

  return (
    <Form form={form} aria-describedby={explanationId}>
      <PasswordField label="Your password, to confirm" autoFocus {...form.field('password')} />
      <div className="button-row">
        <SubmitButton
          pending={isLoading}
          pendingLabel="Deleting…"
          variant="danger"
          disabled={form.values.password === ''}
        >
          Yes, delete my account
        </SubmitButton>
        <Button variant="secondary" onClick={onKeep}>
          Keep my account
        </Button>
      </div>
    </Form>
  );
}
