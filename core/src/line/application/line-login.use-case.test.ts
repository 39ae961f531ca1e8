import { describe, expect, it } from 'vitest';
import type { Member } from '../../accounts/domain/member.entity';
import { fixedClock } from '../../shared/system-clock';
import type { LineLinkRepositoryPort } from '../ports/line-link-repository.port';
import type { LineCodeExchange, LineLoginPort } from '../ports/line-login.port';
import { LineLoginUseCase } from './line-login.use-case';

const member = (id: string, status: Member['status'] = 'FULL') => ({ id, status }) as Member;

/** LINE as the use case sees it: one code per LINE user, each usable once. */
const fakeLine = () => {
  const codes = new Map<string, string>();
  const seen: LineCodeExchange[] = [];
  const port: LineLoginPort = {
    authorize: async (redirectUri) => ({
      url: `https://line.example/authorize?redirect_uri=${redirectUri}`,
      state: 'st-1',
      nonce: 'no-1',
      codeVerifier: 've-1',
    }),
    exchange: async (request) => {
      seen.push(request);
      const user = codes.get(request.code);
      codes.delete(request.code);
      return user ?? null;
    },
  };
  return { port, codes, seen };
};

const links = (initial: Record<string, string> = {}): LineLinkRepositoryPort & { byLine: Map<string, string> } => {
  const byLine = new Map(Object.entries(initial));
  return {
    byLine,
    findMemberIdByLineUserId: async (lineUserId) => byLine.get(lineUserId) ?? null,
    link: async (memberId, lineUserId) => {
      const owner = byLine.get(lineUserId);
      if (owner && owner !== memberId) return 'taken';
      byLine.set(lineUserId, memberId);
      return 'linked';
    },
  };
};

const setup = (linked: Record<string, string> = {}, members: Member[] = [member('1'), member('2')]) => {
  const clock = fixedClock('2026-12-01T09:00:00+09:00');
  const line = fakeLine();
  const repo = links(linked);
  const useCase = new LineLoginUseCase(line.port, repo, { findById: async (id) => members.find((m) => m.id === id) ?? null }, clock);
  return { clock, line, repo, useCase };
};

describe('LineLoginUseCase', () => {
  it('keeps state, nonce, verifier and redirect URI in the flow, and links the member who started', async () => {
    const { line, repo, useCase } = setup();
    const { url, flow } = await useCase.start('link', '1', 'https://app.example/common/line-redirect/');
    expect(url).toContain('line.example');
    expect(flow).toMatchObject({ purpose: 'link', memberId: '1', state: 'st-1', nonce: 'no-1', codeVerifier: 've-1', startedAt: '2026-12-01T00:00:00.000Z' });
    line.codes.set('c1', 'U1');
    expect(await useCase.finish(flow, { state: 'st-1', code: 'c1' }, '1')).toEqual({ ok: true, value: { purpose: 'link', memberId: '1' } });
    expect(line.seen[0]).toEqual({ redirectUri: 'https://app.example/common/line-redirect/', code: 'c1', state: 'st-1', codeVerifier: 've-1', nonce: 'no-1' });
    expect(repo.byLine.get('U1')).toBe('1');
  });

  it('checks the flow before asking LINE: missing, expired, state, denied consent, other errors', async () => {
    const { clock, line, useCase } = setup();
    const { flow } = await useCase.start('login', null, 'r');
    const code = async (result: Promise<unknown>) => ((await result) as { error?: { code: string } }).error?.code;
    expect(await code(useCase.finish(null, { state: 'st-1', code: 'c' }, null))).toBe('LINE_FLOW_EXPIRED');
    expect(await code(useCase.finish(flow, { state: 'other', code: 'c' }, null))).toBe('LINE_STATE_MISMATCH');
    expect(await code(useCase.finish(flow, { code: 'c' }, null))).toBe('LINE_STATE_MISMATCH');
    expect(await code(useCase.finish(flow, { state: 'st-1', error: 'access_denied' }, null))).toBe('LINE_CONSENT_DENIED');
    expect(await code(useCase.finish(flow, { state: 'st-1', error: 'server_error' }, null))).toBe('LINE_AUTH_FAILED');
    expect(await code(useCase.finish(flow, { state: 'st-1' }, null))).toBe('LINE_AUTH_FAILED');
    clock.set('2026-12-01T09:10:01+09:00');
    expect(await code(useCase.finish(flow, { state: 'st-1', code: 'c' }, null))).toBe('LINE_FLOW_EXPIRED');
    expect(line.seen).toHaveLength(0);
  });

  it('logs in a linked FULL member; refuses an unknown LINE user, a TEMPORARY member and a used code', async () => {
    const { line, useCase } = setup({ U1: '1', U2: '2' }, [member('1'), member('2', 'TEMPORARY')]);
    const { flow } = await useCase.start('login', null, 'r');
    line.codes.set('c1', 'U1');
    expect(await useCase.finish(flow, { state: 'st-1', code: 'c1' }, null)).toEqual({ ok: true, value: { purpose: 'login', memberId: '1' } });
    expect((await useCase.finish(flow, { state: 'st-1', code: 'c1' }, null)) as unknown).toMatchObject({ error: { code: 'LINE_AUTH_FAILED' } });
    line.codes.set('c9', 'U9');
    expect(await useCase.finish(flow, { state: 'st-1', code: 'c9' }, null)).toMatchObject({ error: { code: 'LINE_NOT_LINKED' } });
    line.codes.set('c2', 'U2');
    expect(await useCase.finish(flow, { state: 'st-1', code: 'c2' }, null)).toMatchObject({ error: { code: 'NOT_FULLY_REGISTERED' } });
  });

  it('links a LINE user to one member only, and only for the member still logged in', async () => {
    const { line, repo, useCase } = setup({ U1: '1' });
    const { flow } = await useCase.start('link', '2', 'r');
    line.codes.set('c1', 'U1');
    expect(await useCase.finish(flow, { state: 'st-1', code: 'c1' }, '2')).toMatchObject({ error: { code: 'LINE_ALREADY_LINKED' } });
    expect(repo.byLine.get('U1')).toBe('1');
    expect(await useCase.finish(flow, { state: 'st-1', code: 'c1' }, null)).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    expect(await useCase.finish(flow, { state: 'st-1', code: 'c1' }, '1')).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });
});
