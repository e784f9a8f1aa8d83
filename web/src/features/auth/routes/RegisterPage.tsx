import { ALREADY_REGISTERED, AuthFrame } from '../components/AuthFrame';
import { RegisterForm } from '../components/RegisterForm';

export function RegisterPage() {
  return (
    <AuthFrame
      title="Create your account"
      subtitle="Start with 50 free credits. No card required."
      elsewhere={ALREADY_REGISTERED}
    >
      <RegisterForm />
    </AuthFrame>
  );
}
