import {
  Card,
  ConfirmPasswordField,
  errorBanner,
  Form,
  NewPasswordField,
  PasswordField,
  SubmitButton,
  successBanner,
  useForm,
} from '../../../ui';
import { useChangePasswordMutation } from '../api';

const empty = { currentPassword: '', newPassword: '', confirm: '' };

export function ChangePasswordForm() {
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const form = useForm({
    initial: empty,
    send: async ({ currentPassword, newPassword, confirm }, update) => {
      if (newPassword !== confirm) return errorBanner('New passwords do not match');
      const { message } = await changePassword({ currentPassword, newPassword }).unwrap();
      update(empty);
      return successBanner(message || 'Password changed successfully');
    },
    failed: (reason) => (reason ? `Failed to change password: ${reason}` : 'Failed to change password'),
  });

  return (
    <Card title="Change Password">
      <Form form={form}>
        <PasswordField label="Current password" {...form.field('currentPassword')} />
        <NewPasswordField {...form.field('newPassword')} />
        <ConfirmPasswordField {...form.field('confirm')} />
        <SubmitButton pending={isLoading} pendingLabel="Changing...">
          Change Password
        </SubmitButton>
      </Form>
    </Card>
  );
}
