import { Badge, Heading, Inline, Stack, Text } from '@clinic/ui-kit';
import { useMemo } from 'react';
import styled from 'styled-components';
import { useT } from '../../../i18n';
import { useHttp } from '../../../shared/api/HttpContext';
import { LineButton } from '../../../shared/line/LineButton';
import { lineApi } from '../../../shared/line/line-login';
import { useLineRedirect } from '../../../shared/line/useLineRedirect';
import { useLoad } from '../../../shared/useLoad';

const Action = styled.div`
  @media (min-width: 768px) {
    justify-self: start;
    min-width: 240px;
  }
`;

/** Mypage settings: whether LINE is linked, and the button that starts linking it. */
export function LineLinkSection() {
  const t = useT();
  const http = useHttp();
  const api = useMemo(() => lineApi(http), [http]);
  const state = useLoad(() => api.memberStatus(), [api]);
  const { pending, start } = useLineRedirect(api.startLink);

  if (state.status !== 'ready') return null;
  const { available, linked } = state.data;

  return (
    <Stack as="section" gap={3} aria-labelledby="line-heading">
      <Heading level={2} id="line-heading">
        {t('line.link.title')}
      </Heading>
      <Inline as="p">
        <Badge variant="outline" tone={linked ? 'success' : 'neutral'} data-linked={String(linked)}>
          {linked ? t('line.link.linked') : t('line.link.notLinked')}
        </Badge>
        <span>{linked ? t('line.link.linkedBody') : available ? t('line.link.notLinkedBody') : t('line.link.unavailable')}</span>
      </Inline>
      {!linked && available && (
        <Action>
          <LineButton label={t('line.link.button')} pendingLabel={t('line.moving')} isPending={pending} onPress={() => void start()} />
        </Action>
      )}
      {linked && <Text size="sm">{t('line.link.unlinkNote')}</Text>}
    </Stack>
  );
}
