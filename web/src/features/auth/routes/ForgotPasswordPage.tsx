import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { serverErrorText } from '../../../lib/errors';
import { usePublicConfigQuery } from '../../../lib/public-config';
import { Alert, Button, TextField } from '../../../ui';
import { useForgotPasswordMutation } from '../api';
import { AuthFrame } from '../components/AuthFrame';

export function ForgotPasswordPage() {
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  const { data: config } = usePublicConfigQuery();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSent(null);
    try {
      setSent((await forgotPassword({ email }).unwrap()).message);
    } catch (err) {
      setError(serverErrorText(err) ?? 'Failed to send reset email');
    }
  }

  return (
    <AuthFrame
      title="Reset your password"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <p>
          Remembered it? <Link to={paths.login}>Back to sign in</Link>
        </p>
      }
    >
      <form onSubmit={(event) => void submit(event)} className="form">
        {error && <Alert kind="error">{error}</Alert>}
        {sent && (
          <Alert kind="success">
            {sent}
            {config?.standIns.mail && config.devMailUrl && (
              <>
                {' '}
                This server keeps e-mail locally: <a href={config.devMailUrl}>open the development mailbox</a>
                .
              </>
            )}
          </Alert>
        )}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" size="lg" disabled={isLoading} className="btn-block">
          {isLoading ? 'Sending...' : 'Send Reset Email'}
        </Button>
      </form>
    </AuthFrame>
  );
}
