import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { useSignIn } from '../../../lib/session';
import { EmailField, Form, PasswordField, SubmitButton, useForm } from '../../../ui';
import { useLoginMutation } from '../api';
import { AuthFrame, NOT_REGISTERED } from '../components/AuthFrame';

export function LoginPage() {
  const [login, { isLoading }] = useLoginMutation();
  const signIn = useSignIn();
  const navigate = useNavigate();
  const form = useForm({
    initial: { email: '', password: '' },
    send: async (credentials) => {
      signIn(await login(credentials).unwrap());
      navigate(paths.dashboard);
    },
    failed: (reason) => reason ?? 'Login failed',
  });

  return (
    <AuthFrame title="Sign in" subtitle="Welcome back." elsewhere={NOT_REGISTERED}>
      <Form form={form}>
        <EmailField {...form.field('email')} />
        <PasswordField name="password" {...form.field('password')} />
        <p className="form-aside">
          <Link to={paths.forgotPassword}>Forgot Password?</Link>
        </p>
        <SubmitButton pending={isLoading} pendingLabel="Signing in..." size="lg" className="btn-block">
          Sign In
        </SubmitButton>
      </Form>
    </AuthFrame>
  );
}
