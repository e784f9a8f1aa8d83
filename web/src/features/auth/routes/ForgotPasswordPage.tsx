import { paths } from '../../../app/paths';
import { usePublicConfigQuery } from '../../../lib/public-config';
import { EmailField, Form, SubmitButton, successBanner, useForm } from '../../../ui';
import { useForgotPasswordMutation } from '../api';
import { AuthFrame } from '../components/AuthFrame';

export function ForgotPasswordPage() {
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  const { data: config } = usePublicConfigQuery();
  const form = useForm({
    initial: { email: '' },
    send: async ({ email }) => {
      const { message } = await forgotPassword({ email }).unwrap();
      return successBanner(
        <>
          {message}
          {config?.standIns.mail && config.devMailUrl && (
            <>
              {' '}
              This server keeps e-mail locally: <a href={config.devMailUrl}>open the development mailbox</a>.
            </>
          )}
        </>,
      );
    },
    failed: (reason) => reason ?? 'Failed to send reset email',
  });

  return (
    <AuthFrame
      title="Reset your password"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
      elsewhere={{ question: 'Remembered it?', to: paths.login, link: 'Back to sign in' }}
    >
      <Form form={form}>
        <EmailField {...form.field('email')} />
        <SubmitButton pending={isLoading} pendingLabel="Sending..." size="lg" className="btn-block">
          Send Reset Email
        </SubmitButton>
      </Form>
    </AuthFrame>
  );
}
