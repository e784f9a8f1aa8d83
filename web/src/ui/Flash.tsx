import { useEffect, useState } from 'react';
import { useLocation, useNavigate, type NavigateOptions } from 'react-router-dom';
import { Alert } from './Alert';

type FlashKind = 'success' | 'error';

interface FlashState {
  flash?: string;
  flashKind?: FlashKind;
}

/**
 * The navigation options that land the user on a page with `message` in a banner: what an action
 * that changed something (or a return from HubSpot or checkout) says where the user arrives. One
 * mechanism for every such message.
 */
export function withFlash(
  message: string,
  options: NavigateOptions = {},
  kind: FlashKind = 'success',
): NavigateOptions {
  return { ...options, state: { flash: message, flashKind: kind } satisfies FlashState };
}

/**
 * The banner a navigation brought (see withFlash), until the user dismisses it. The message
 * leaves the history entry at once, so a reload or Back does not say it again.
 */
export function Flash() {
  const location = useLocation();
  const navigate = useNavigate();
  const [shown, setShown] = useState<{ message: string; kind: FlashKind }>();
  const arrived = location.state as FlashState | null;
  const message = arrived?.flash;
  const kind = arrived?.flashKind ?? 'success';

  useEffect(() => {
    if (!message) return;
    setShown({ message, kind });
    navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null },
    );
  }, [message, kind, navigate, location.pathname, location.search, location.hash]);

  return shown ? (
    <Alert kind={shown.kind} onDismiss={() => setShown(undefined)}>
      {shown.message}
    </Alert>
  ) : null;
}
