import { useEffect, useState } from 'react';
import { useLocation, useNavigate, type NavigateOptions } from 'react-router-dom';
import { Alert } from './Alert';

interface FlashState {
  flash?: string;
}

/**
 * The navigation options that land the user on a page with `message` in a success banner: what an
 * action that changed something says where the user arrives (one mechanism for every such action).
 */
export function withFlash(message: string, options: NavigateOptions = {}): NavigateOptions {
  return { ...options, state: { flash: message } satisfies FlashState };
}

/**
 * The success banner a navigation brought (see withFlash), until the user dismisses it. The message
 * leaves the history entry at once, so a reload or Back does not say it again.
 */
export function Flash() {
  const location = useLocation();
  const navigate = useNavigate();
  const [message, setMessage] = useState<string>();
  const arrived = (location.state as FlashState | null)?.flash;

  useEffect(() => {
    if (!arrived) return;
    setMessage(arrived);
    navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null },
    );
  }, [arrived, navigate, location.pathname, location.search, location.hash]);

  return message ? (
    <Alert kind="success" onDismiss={() => setMessage(undefined)}>
      {message}
    </Alert>
  ) : null;
}
