import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { paths } from '../../../app/paths';
import {
  ConfirmPasswordField,
  errorBanner,
  Form,
  NewPasswordField,
  SubmitButton,
  useForm,
} from '../../../ui';
import { useResetPasswordMutation } from '../api';
import { AuthFrame } from '../components/AuthFrame';
import { SuccessThenGo } from '../components/SuccessThenGo';

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm({
    initial: { newPassword: '', confirm: '' },
    send: async ({ newPassword, confirm }) => {
      if (newPassword !== confirm) return errorBanner('Passwords do not match');
      setDone((await resetPassword({ token, newPassword }).unwrap()).message);
    },
    failed: (reason) => (reason ? `Failed to reset password: ${reason}` : 'Failed to reset password'),
  });

  return (
    <AuthFrame title="Choose a new password">
      {done ? (
        <SuccessThenGo message={done} to={paths.login} place="sign in" />
      ) : (
        <Form form={form}>
          <NewPasswordField {...form.field('newPassword')} />
          <ConfirmPasswordField {...form.field('confirm')} />
          <SubmitButton pending={isLoading} pendingLabel="Saving..." size="lg" className="btn-block">
            Reset Password
          </SubmitButton>
        </Form>
      )}
    </AuthFrame>
  );
}
