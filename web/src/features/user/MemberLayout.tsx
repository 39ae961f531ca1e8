import { Button, Container, Drawer, useMessages } from '@clinic/ui-kit';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { chooseLanguage, preferredLanguage, useT } from '../../i18n';
import { isLanguageTag, type Language } from '../../i18n/languages';
import { LanguageSwitch } from '../../shared/ui/LanguageSwitch';
import { memberAccount, memberProfile } from '../../shared/api/endpoints';
import { useApi } from '../../shared/api/HttpContext';
import { FadeOutlet } from '../../shared/ui/FadeOutlet';
import { FullPageSpinner, LoadFailed } from '../../shared/ui/LoadFailed';
import { MenuIcon } from '../../shared/ui/MenuIcon';
import { useLoad } from '../../shared/useLoad';
import { memberMenuItems, WEB_BOOKING_DISABLED_MESSAGE_MS, WEB_BOOKING_DISABLED_REDIRECT_MS, type MemberClinic, type MemberProfile } from './member-session';
import { Header, HeaderRow, Logo, MemberLine, MenuList } from './MemberLayout.styles';
import { MemberSessionContext, type MemberSession } from './MemberSessionContext';

interface MemberData {
  profile: MemberProfile;
  clinic: MemberClinic;
}

/** Path and query of a location, for comparing with menu targets. */
function pathWithQuery(pathname: string, search: string): string {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  return `${path}${search}`;
}

/**
 * The member layout (/user/mypage/*): logo, drawer menu, and the line with card number, name and
 * clinic. A member whose clinic takes no web booking sees the error for 3 s and goes to the top.
 */
export function MemberLayout() {
  const api = useApi({ memberAccount });
  const state = useLoad<MemberData>(async () => {
    const profile = await api.memberAccount.profile();
    const clinic = await api.memberAccount.clinic({ params: { id: profile.clinicId } });
    return { profile, clinic };
  }, [api]);

  if (state.status === 'loading') return <FullPageSpinner />;
  if (state.status === 'failed') return <LoadFailed error={state.error} />;
  if (!state.data.clinic.webBookingEnabled) return <WebBookingDisabled />;
  return <MemberShell profile={state.data.profile} clinic={state.data.clinic} />;
}

function WebBookingDisabled() {
  const t = useT();
  const messages = useMessages();
  const navigate = useNavigate();
  const shown = useRef(false);

  useEffect(() => {
    if (!shown.current) {
      shown.current = true;
      messages.show({ text: t('messages.webBookingDisabled'), tone: 'error', durationMs: WEB_BOOKING_DISABLED_MESSAGE_MS });
    }
    const timer = setTimeout(() => void navigate('/', { replace: true }), WEB_BOOKING_DISABLED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [messages, navigate, t]);

  return <FullPageSpinner />;
}

function MemberShell({ profile: loadedProfile, clinic }: MemberData) {
  const t = useT();
  const api = useApi({ memberAccount, memberProfile });
  const location = useLocation();
  const [profile, setProfile] = useState(loadedProfile);
  const refreshProfile = useCallback(() => {
    api.memberAccount.profile().then(setProfile, () => undefined);
  }, [api]);
  const session = useMemo<MemberSession>(() => ({ profile, clinic, refreshProfile }), [profile, clinic, refreshProfile]);
  const [menuOpen, setMenuOpen] = useState(false);
  const current = pathWithQuery(location.pathname, location.search);
  const items = memberMenuItems(clinic);

  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);

  // The member's saved language follows them to a new browser, unless the link asks for one.
  const saved = loadedProfile.language;
  useEffect(() => {
    if (saved && isLanguageTag(saved) && saved !== preferredLanguage() && !new URLSearchParams(window.location.search).has('lang')) void chooseLanguage(saved);
  }, [saved]);
  // A choice made here is saved on the server too: screens, answers and messages follow it.
  const saveLanguage = useCallback(
    (language: Language) => {
      api.memberProfile.update({ body: { language } }).then(refreshProfile, () => undefined);
    },
    [api, refreshProfile],
  );

  return (
    <>
      <Header>
        <HeaderRow>
          <Logo to="/user/mypage/update/">{t('app.name')}</Logo>
          <LanguageSwitch onChosen={saveLanguage} />
          <Button variant="secondary" size="sm" aria-label={t('app.openMenu')} onPress={() => setMenuOpen(true)}>
            <MenuIcon />
            {t('app.menu')}
          </Button>
        </HeaderRow>
        <MemberLine>
          <p>
            <span>{t('memberLayout.cardNumber', { userNumber: profile.userNumber ?? '—' })}</span>
            <span>{t('memberLayout.name', { name: profile.name })}</span>
            <span>{t('app.clinicName', { name: clinic.name })}</span>
          </p>
        </MemberLine>
      </Header>
      <Drawer isOpen={menuOpen} onOpenChange={setMenuOpen} title={t('app.menu')} closeLabel={t('app.close')} placement="right">
        <nav aria-label={t('memberLayout.navLabel')}>
          <MenuList>
            {items.map((item) => (
              <li key={item.key}>
                <Link to={item.to} aria-current={current === item.to ? 'page' : undefined} onClick={() => setMenuOpen(false)}>
                  {t(item.labelKey)}
                </Link>
              </li>
            ))}
          </MenuList>
        </nav>
      </Drawer>
      <Container as="main" id="main" paddingTop={4} paddingBottom={7}>
        <MemberSessionContext.Provider value={session}>
          <FadeOutlet />
        </MemberSessionContext.Provider>
      </Container>
    </>
  );
}
