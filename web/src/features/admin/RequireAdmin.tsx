import { useMessages } from '@clinic/ui-kit';
import { useEffect, useRef } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { useT } from '../../i18n';
import { AUTH_MESSAGE_DURATION_MS, STAFF_LOGIN_PATH } from '../../shared/api/http';
import { useStaffSession } from '../staff/StaffSessionContext';

/** Admin-required pages: a non-ADMIN is sent to the staff login with the auth error. */
export function RequireAdmin() {
  const t = useT();
  const messages = useMessages();
  const navigate = useNavigate();
  const { profile } = useStaffSession();
  const isAdmin = profile.role === 'ADMIN';
  const refused = useRef(false);

  useEffect(() => {
    if (isAdmin || refused.current) return;
    refused.current = true;
    messages.show({ text: t('errors.http.unauthenticated'), tone: 'error', durationMs: AUTH_MESSAGE_DURATION_MS });
    void navigate(STAFF_LOGIN_PATH, { replace: true });
  }, [isAdmin, messages, navigate, t]);

  return isAdmin ? <Outlet /> : null;
}
