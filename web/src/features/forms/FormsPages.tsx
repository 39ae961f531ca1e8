import { Callout, Inline } from '@clinic/ui-kit';
import { useCallback, useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { memberProfile } from '../../shared/api/endpoints';
import { useApi, useHttp } from '../../shared/api/HttpContext';
import { LinkButton } from '../../shared/ui/LinkButton';
import { FormsPage } from './FormsPage';
import { guestFormsApi, memberFormsApi } from './forms.api';
import { useFormsTexts } from './forms-texts';

/** `/user/mypage/reservations/:id/forms/` (member layout): the forms of one of the member's reservations. */
export function MemberFormsPage() {
  const { id = '' } = useParams();
  const http = useHttp();
  const texts = useFormsTexts();
  const api = useMemo(() => memberFormsApi(http, id), [http, id]);
  const profileApi = useApi({ memberProfile });
  const loadBirthDate = useCallback(() => profileApi.memberProfile.get().then((profile) => profile.birthday ?? null), [profileApi]);
  return (
    <FormsPage
      api={api}
      loadBirthDate={loadBirthDate}
      footer={
        <Inline grow="phone">
          <LinkButton to="/user/mypage/services/" data-variant="secondary">
            {texts.page.toServices}
          </LinkButton>
        </Inline>
      }
    />
  );
}

/** `/guest/forms/?token=…` (guest layout): the forms of the booking whose cancel token the link carries. */
export function GuestFormsPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const http = useHttp();
  const texts = useFormsTexts();
  const api = useMemo(() => guestFormsApi(http, token), [http, token]);
  if (!token) {
    return (
      <Callout tone="danger" role="alert">
        {texts.page.missingToken}
      </Callout>
    );
  }
  return <FormsPage api={api} />;
}
