import { useEffect } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useDispatch, useSelector } from 'react-redux';
import { errorStatus } from '../errors';
import { useIsAdminQuery } from './api';
import { adminChecked, signedOut, type SessionState } from './slice';

/**
 * Asks the server whether the current token belongs to an admin, after every sign-in and on
 * start-up. A 401 or 403 means the token is no longer good, so the user is signed out.
 */
export function SessionCheck() {
  const dispatch = useDispatch();
  const token = useSelector((state: { session: SessionState }) => state.session.token);
  const { data, error, isError } = useIsAdminQuery(token ?? skipToken);

  useEffect(() => {
    if (token && data) dispatch(adminChecked({ token, isAdmin: data.isAdmin }));
  }, [dispatch, token, data]);

  useEffect(() => {
    if (!token || !isError) return;
    const status = errorStatus(error);
    if (status === 401 || status === 403) {
      dispatch(signedOut());
    } else {
      console.error('Admin check failed', error);
      dispatch(adminChecked({ token, isAdmin: false }));
    }
  }, [dispatch, token, isError, error]);

  return null;
}
