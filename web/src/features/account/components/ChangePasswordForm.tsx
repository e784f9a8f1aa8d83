import { useState, type FormEvent } from 'react';
import { serverErrorText } from '../../../lib/errors';
import { Alert, Button, Card, TextField } from '../../../ui';
import { useChangePasswordMutation } from '../api';

const MIN_PASSWORD_LENGTH = 8;

export function ChangePasswordForm() {
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    if (newPassword !== confirm) {
      setResult({ kind: 'error', text: 'New passwords do not match' });
      return;
    }
    try {
      const { message } = await changePassword({ currentPassword, newPassword }).unwrap();
      setResult({ kind: 'success', text: message || 'Password changed successfully' });
      setCurrentPassword('');
      setNewPassword('');
      setConfirm('');
    } catch (err) {
      const reason = serverErrorText(err);
      setResult({
        kind: 'error',
        text: reason ? `Failed to change password: ${reason}` : 'Failed to change password',
      });
    }
  }

  return (
    <Card title="Change Password">
      <form onSubmit={(event) => void submit(event)} className="form">
        {result && <Alert kind={result.kind}>{result.text}</Alert>}
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          hint="Must be at least 8 characters"
          value={newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
        />
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Changing...' : 'Change Password'}
        </Button>
      </form>
    </Card>
  );
}
