import { useMemo } from 'react';
import styled from 'styled-components';
import { useT } from '../../../i18n';
import { useHttp } from '../../../shared/api/HttpContext';
import { LineButton } from '../../../shared/line/LineButton';
import { lineApi } from '../../../shared/line/line-login';
import { useLineRedirect } from '../../../shared/line/useLineRedirect';
import { Section } from './parts';
import { useLoad } from '../../../shared/useLoad';

const Status = styled.p`
  margin: 0;
  display: flex;
  align-items: center;
  gap: var(--space-2);
  flex-wrap: wrap;
`;

const Badge = styled.span`
  display: inline-block;
  padding: 2px var(--space-2);
  border-radius: var(--radius-md);
  font-size: var(--font-size-sm);
  font-weight: 600;

  &[data-linked='true'] {
    background: var(--color-success-soft);
    color: var(--color-success);
  }
  &[data-linked='false'] {
    background: var(--color-surface-alt);
    color: var(--color-text);
    border: 1px solid var(--color-border);
  }
`;

const Note = styled.p`
  margin: 0;
  font-size: var(--font-size-sm);
`;

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
    <Section aria-labelledby="line-heading">
      <h2 id="line-heading">{t('line.link.title')}</h2>
      <Status>
        <Badge data-linked={String(linked)}>{linked ? t('line.link.linked') : t('line.link.notLinked')}</Badge>
        <span>{linked ? t('line.link.linkedBody') : available ? t('line.link.notLinkedBody') : t('line.link.unavailable')}</span>
      </Status>
      {!linked && available && (
        <Action>
          <LineButton label={t('line.link.button')} pendingLabel={t('line.moving')} isPending={pending} onPress={() => void start()} />
        </Action>
      )}
      {linked && <Note>{t('line.link.unlinkNote')}</Note>}
    </Section>
  );
}
