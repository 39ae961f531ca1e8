import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';

describe('routes', () => {
  it('shows a Japanese 404 for unknown paths', async () => {
    renderApp('/no/such/page/');
    expect(await screen.findByRole('heading', { level: 1, name: 'ページが見つかりません' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'トップページへ戻る' })).toHaveAttribute('href', '/');
  });

  it('accepts paths with and without the trailing slash', async () => {
    renderApp('/guest/reserve/done');
    expect(await screen.findByRole('heading', { level: 1, name: 'ご予約完了' })).toBeInTheDocument();
  });

  it('guest layout: header title defaults to 新規カウンセリング', async () => {
    renderApp('/guest/reserve/');
    expect(await screen.findByText('新規カウンセリングのご予約')).toBeInTheDocument();
  });

  it('guest layout: header title from the query', async () => {
    renderApp('/guest/reserve/?title=%E5%8C%BB%E7%99%82%E8%84%B1%E6%AF%9B');
    expect(await screen.findByText('医療脱毛のご予約')).toBeInTheDocument();
  });

  it('top page links to guest booking, member login, LINE login and staff login', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'ご予約・会員ページ' });
    expect(screen.getByRole('link', { name: '初めての方（新規カウンセリングのご予約）' })).toHaveAttribute('href', '/guest/reserve/');
    expect(screen.getByRole('link', { name: '会員ログイン' })).toHaveAttribute('href', '/user/login/');
    expect(screen.getByRole('link', { name: 'LINEでログイン' })).toHaveAttribute('href');
    expect(screen.getByRole('link', { name: 'スタッフの方' })).toHaveAttribute('href', '/staff/login/');
  });
});
