import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert } from '../../../ui';
import { REDIRECT_DELAY_MS } from '../constants';

interface SuccessThenGoProps {
  message: string;
  to: string;
  /** Where `to` leads, in words: "your dashboard", "sign in". */
  place: string;
}

/** The server's success message, then, after a pause to read it, the next page; "Go now" skips the wait. */
export function SuccessThenGo({ message, to, place }: SuccessThenGoProps) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(to), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [to, navigate]);
  return (
    <Alert kind="success">
      <p>{message}</p>
      <p className="small">
        Taking you to {place}… <Link to={to}>Go now</Link>
      </p>
    </Alert>
  );
}
