import { Button, ConfirmDialog, Drawer, Select, useMessages } from '@clinic/ui-kit';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, NavLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useT } from '../../i18n';
import { session as sessionRoutes, staffAccount, twoFactor } from '../../shared/api/endpoints';
import { useApi } from '../../shared/api/HttpContext';
import { HttpError, TWO_FACTOR_SETUP_PATH } from '../../shared/api/http';
import { safeStorage } from '../../shared/storage';
import { FadeOutlet } from '../../shared/ui/FadeOutlet';
import { FullPageSpinner, LoadFailed } from '../../shared/ui/LoadFailed';
import { MenuIcon } from '../../shared/ui/MenuIcon';
import { useLoad } from '../../shared/useLoad';
import { headerTone, resolveSelectedClinicId, SELECTED_CLINIC_STORAGE_KEY, staffNavItems, type StaffClinic, type StaffProfile } from './staff-session';
import { StaffSessionContext, type StaffSession } from './StaffSessionContext';
import { TwoFactorBanner } from './two-factor/TwoFactorBanner';
import type { TwoFactorStatus } from './two-factor/two-factor.api';
import {
  Brand,
  ClinicPicker,
  DesktopNav,
  DrawerNav,
  Header,
  HeaderRow,
  LogoutSlot,
  Main,
  MenuButtonSlot,
  StaffName,
  TwoFactorLink,
} from './StaffLayout.styles';

interface StaffData {
  profile: StaffProfile;
  clinics: StaffClinic[];
  /** Null when it could not be read (the layout works without it). */
  twoFactor?: TwoFactorStatus | null;
  /** Past the grace period without two-factor login: only its setup page is open. */
  setupRequired?: boolean;
  refreshTwoFactor?: () => void;
}

/**
 * The staff layout (staff pages except login and password reset, and the admin pages). Loads the
 * profile first: without a staff session the HTTP client shows the auth error for 2 s and goes
 * to the staff login.
 */
export function StaffLayout() {
  const api = useApi({ staffAccount, twoFactor });
  const [version, setVersion] = useState(0);
  // A refresh (after two-factor setup) keeps the page on screen; only the first load shows the spinner.
  const state = useLoad<StaffData>(
    async () => {
      const profile = await api.staffAccount.profile();
      const twoFactor = await api.twoFactor.status({}, { notifyErrors: false }).catch(() => null);
      try {
        const clinics = await api.staffAccount.clinics({}, { notifyErrors: false });
        return { profile, clinics, twoFactor };
      } catch (error) {
        // Past the grace period without two-factor login: the layout opens on its setup page only.
        if (error instanceof HttpError && error.code === 'TWO_FACTOR_SETUP_REQUIRED') return { profile, clinics: [], twoFactor, setupRequired: true };
        throw error;
      }
    },
    [api],
    { keepWhileReloading: true, reloadKey: version },
  );
  const refreshTwoFactor = useCallback(() => setVersion((v) => v + 1), []);

  if (state.status === 'loading') return <FullPageSpinner />;
  if (state.status === 'failed') return <LoadFailed error={state.error} />;
  return <StaffShell {...state.data} refreshTwoFactor={refreshTwoFactor} />;
}

function StaffShell({ profile, clinics, twoFactor = null, setupRequired = false, refreshTwoFactor }: StaffData) {
  const t = useT();
  const sessionApi = useApi({ session: sessionRoutes });
  const messages = useMessages();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);

  const queryId = searchParams.get('clinicId');
  const selectedId = resolveSelectedClinicId({
    queryId,
    storedId: safeStorage.get(SELECTED_CLINIC_STORAGE_KEY),
    ownClinicId: profile.clinicId,
    clinics,
  });
  const selectedClinic = clinics.find((c) => c.id === selectedId) ?? null;
  // Held on the two-factor setup page there is no clinic to look at: the own-clinic tone.
  const tone = setupRequired ? 'primary' : headerTone(profile.clinicId, selectedId);

  const selectClinic = useCallback(
    (clinicId: string) => {
      safeStorage.set(SELECTED_CLINIC_STORAGE_KEY, clinicId);
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.set('clinicId', clinicId);
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  // Close the drawer when a link in it has been followed.
  useEffect(() => setDrawerOpen(false), [location.pathname]);

  const session = useMemo<StaffSession>(
    () => ({ profile, clinics, selectedClinic, selectClinic, twoFactor, refreshTwoFactor }),
    [profile, clinics, selectedClinic, selectClinic, twoFactor, refreshTwoFactor],
  );

  const clinicItems = useMemo(() => clinics.map((c) => ({ id: c.id, label: t('app.clinicName', { name: c.name }) })), [clinics, t]);
  const navItems = setupRequired ? [] : staffNavItems(profile.role);
  const onSetupPage = location.pathname.startsWith(TWO_FACTOR_SETUP_PATH.replace(/\/$/, ''));
  const search = selectedId ? `?clinicId=${encodeURIComponent(selectedId)}` : '';

  async function logout() {
    setLoggingOut(true);
    try {
      await sessionApi.session.logout({}, { notifyErrors: false });
    } catch (error) {
      // 401: the session had already ended, which is what the person wanted.
      if (!(error instanceof HttpError && error.status === 401)) {
        const notice = error instanceof HttpError ? error.notice : null;
        messages.show({ text: notice?.text ?? t('errors.http.unexpected'), tone: 'error', durationMs: 5_000 });
        setLoggingOut(false);
        setConfirmOpen(false);
        return;
      }
    }
    messages.show({ text: t('messages.loggedOut'), tone: 'success', durationMs: 5_000 });
    void navigate('/staff/login/', { replace: true });
  }

  const links = (onFollow?: () => void) =>
    navItems.map((item) => (
      <li key={item.key}>
        <NavLink to={{ pathname: item.to, search }} onClick={onFollow}>
          {t(item.labelKey)}
        </NavLink>
      </li>
    ));

  if (setupRequired && !onSetupPage) return <Navigate to={TWO_FACTOR_SETUP_PATH} replace />;

  return (
    <StaffSessionContext.Provider value={session}>
      <Header data-tone={tone}>
        <HeaderRow>
          <MenuButtonSlot>
            {navItems.length > 0 && (
              <Button variant="secondary" size="sm" aria-label={t('app.openMenu')} onPress={() => setDrawerOpen(true)}>
                <MenuIcon />
              </Button>
            )}
          </MenuButtonSlot>
          <Brand to={{ pathname: '/staff/calendar/', search }}>{t('app.name')}</Brand>
          {clinicItems.length > 0 && (
            <ClinicPicker>
              <Select label={t('staffLayout.clinicSelect')} items={clinicItems} selectedKey={selectedId} onSelectionChange={selectClinic} />
            </ClinicPicker>
          )}
          <StaffName>
            <span>{t('staffLayout.staffName', { name: profile.name })}</span>
            <TwoFactorLink to={TWO_FACTOR_SETUP_PATH}>{t('staffLayout.twoFactor')}</TwoFactorLink>
          </StaffName>
          <LogoutSlot>
            <Button variant="secondary" size="sm" onPress={() => setConfirmOpen(true)}>
              {t('staffLayout.logout')}
            </Button>
          </LogoutSlot>
        </HeaderRow>
      </Header>
      <DesktopNav aria-label={t('staffLayout.navLabel')}>
        <ul>{links()}</ul>
      </DesktopNav>
      <Drawer isOpen={drawerOpen} onOpenChange={setDrawerOpen} title={t('app.menu')} closeLabel={t('app.close')}>
        <DrawerNav aria-label={t('staffLayout.navLabel')}>
          <ul>{links(() => setDrawerOpen(false))}</ul>
        </DrawerNav>
      </Drawer>
      <Main id="main">
        {twoFactor && !onSetupPage && <TwoFactorBanner status={twoFactor} />}
        <FadeOutlet />
      </Main>
      <ConfirmDialog
        isOpen={confirmOpen}
        message={t('staffLayout.logoutConfirm')}
        title={t('staffLayout.logout')}
        confirmLabel={t('app.yes')}
        cancelLabel={t('app.no')}
        isPending={loggingOut}
        onConfirm={() => void logout()}
        onCancel={() => setConfirmOpen(false)}
      />
    </StaffSessionContext.Provider>
  );
}
