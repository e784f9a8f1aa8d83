import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { serverErrorText } from '../../../lib/errors';
import { Alert, Button, TextField } from '../../../ui';
import { useResetPasswordMutation } from '../api';
import { MIN_PASSWORD_LENGTH, PASSWORD_HINT, REDIRECT_DELAY_MS } from '../constants';
import { AuthFrame } from '../components/AuthFrame';

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [success, setSuccess] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => navigate(paths.login), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [success, navigate]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (newPassword !== confirm) {
      setError('Passwords do not match');
      return;
    }
    try {
      setSuccess((await resetPassword({ token, newPassword }).unwrap()).message);
    } catch (err) {
      const reason = serverErrorText(err);
      setError(reason ? `Failed to reset password: ${reason}` : 'Failed to reset password');
    }
  }

  return (
    <AuthFrame title="Choose a new password">
      {success ? (
        <Alert kind="success">
          <p>{success}</p>
          <p className="small">
            Taking you to sign in… <Link to={paths.login}>Go now</Link>
          </p>
        </Alert>
      ) : (
        <form onSubmit={(event) => void submit(event)} className="form">
          {error && <Alert kind="error">{error}</Alert>}
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            hint={PASSWORD_HINT}
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
          <Button type="submit" size="lg" disabled={isLoading} className="btn-block">
            {isLoading ? 'Saving...' : 'Reset Password'}
          </Button>
        </form>
      )}
    </AuthFrame>
  );
}
