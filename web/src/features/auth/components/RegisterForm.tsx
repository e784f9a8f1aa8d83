import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { serverErrorText } from '../../../lib/errors';
import { useSignIn } from '../../../lib/session';
import { Alert, Button, TextField } from '../../../ui';
import { useRegisterMutation } from '../api';
import { MIN_PASSWORD_LENGTH, PASSWORD_HINT, REDIRECT_DELAY_MS } from '../constants';

interface RegisterFormProps {
  /** The partner programme's slug; absent for the ordinary sign-up. */
  partner?: string;
  submitLabel?: string;
}

export function RegisterForm({ partner, submitLabel = 'Sign Up' }: RegisterFormProps) {
  const [register, { isLoading }] = useRegisterMutation();
  const signIn = useSignIn();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [success, setSuccess] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => navigate(paths.dashboard), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [success, navigate]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const auth = await register({ email, password, partner }).unwrap();
      signIn(auth);
      setSuccess(auth.message);
    } catch (err) {
      setError(`Registration failed: ${serverErrorText(err) ?? 'the server could not be reached'}`);
    }
  }

  if (success) {
    return (
      <Alert kind="success">
        <p>{success}</p>
        <p className="small">
          Taking you to your dashboard… <Link to={paths.dashboard}>Go now</Link>
        </p>
      </Alert>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="form">
      {error && <Alert kind="error">{error}</Alert>}
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        hint={PASSWORD_HINT}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button type="submit" size="lg" disabled={isLoading} className="btn-block">
        {isLoading ? 'Creating account...' : submitLabel}
      </Button>
    </form>
  );
}
