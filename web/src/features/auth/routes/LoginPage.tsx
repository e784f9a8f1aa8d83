import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { serverErrorText } from '../../../lib/errors';
import { useSignIn } from '../../../lib/session';
import { Alert, Button, TextField } from '../../../ui';
import { useLoginMutation } from '../api';
import { AuthFrame } from '../components/AuthFrame';

export function LoginPage() {
  const [login, { isLoading }] = useLoginMutation();
  const signIn = useSignIn();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      signIn(await login({ email, password }).unwrap());
      navigate(paths.dashboard);
    } catch (err) {
      setError(serverErrorText(err) ?? 'Login failed');
    }
  }

  return (
    <AuthFrame
      title="Sign in"
      subtitle="Welcome back."
      footer={
        <p>
          Don&apos;t have an account? <Link to={paths.register}>Sign up</Link>
        </p>
      }
    >
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
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <p className="form-aside">
          <Link to={paths.forgotPassword}>Forgot Password?</Link>
        </p>
        <Button type="submit" size="lg" disabled={isLoading} className="btn-block">
          {isLoading ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
    </AuthFrame>
  );
}
