import { useState } from 'react';
import { paths } from '../../../app/paths';
import { useSignIn } from '../../../lib/session';
import { EmailField, Form, NewPasswordField, SubmitButton, useForm } from '../../../ui';
import { useRegisterMutation } from '../api';
import { SuccessThenGo } from './SuccessThenGo';

interface RegisterFormProps {
  /** The partner programme's slug; absent for the ordinary sign-up. */
  partner?: string;
  submitLabel?: string;
}

export function RegisterForm({ partner, submitLabel = 'Sign Up' }: RegisterFormProps) {
  const [register, { isLoading }] = useRegisterMutation();
  const signIn = useSignIn();
  const [welcome, setWelcome] = useState<string | null>(null);
  const form = useForm({
    initial: { email: '', password: '' },
    send: async (credentials) => {
      const auth = await register({ ...credentials, partner }).unwrap();
      signIn(auth);
      setWelcome(auth.message);
    },
    failed: (reason) => `Registration failed: ${reason ?? 'the server could not be reached'}`,
  });

  if (welcome) return <SuccessThenGo message={welcome} to={paths.dashboard} place="your dashboard" />;

  return (
    <Form form={form}>
      <EmailField {...form.field('email')} />
      <NewPasswordField label="Password" name="password" {...form.field('password')} />
      <SubmitButton pending={isLoading} pendingLabel="Creating account..." size="lg" className="btn-block">
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
