import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { AuthFrame } from '../components/AuthFrame';
import { RegisterForm } from '../components/RegisterForm';

export function RegisterPage() {
  return (
    <AuthFrame
      title="Create your account"
      subtitle="Start with 50 free credits. No card required."
      footer={
        <p>
          Already have an account? <Link to={paths.login}>Sign in</Link>
        </p>
      }
    >
      <RegisterForm />
    </AuthFrame>
  );
}
