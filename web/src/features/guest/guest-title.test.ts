import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n';
import { GUEST_TITLE_MAX_LENGTH, guestTitle } from './guest-title';

const DEFAULT = translate('guestLayout.defaultTitle');

describe('guestTitle', () => {
  it('defaults to 新規カウンセリング', () => {
    expect(DEFAULT).toBe('新規カウンセリング');
    expect(guestTitle('', DEFAULT)).toBe('新規カウンセリング');
    expect(guestTitle('?title=', DEFAULT)).toBe('新規カウンセリング');
    expect(guestTitle('?title=%20%20', DEFAULT)).toBe('新規カウンセリング');
  });

  it('takes the title from the query', () => {
    expect(guestTitle(`?title=${encodeURIComponent('医療脱毛')}`, DEFAULT)).toBe('医療脱毛');
    expect(guestTitle(new URLSearchParams({ title: 'シミ取り' }), DEFAULT)).toBe('シミ取り');
  });

  it('cuts an overlong title', () => {
    expect(guestTitle(`?title=${'あ'.repeat(100)}`, DEFAULT)).toHaveLength(GUEST_TITLE_MAX_LENGTH);
  });

  it('makes the header text「{title}のご予約」', () => {
    expect(translate('guestLayout.header', { title: guestTitle('', DEFAULT) })).toBe('新規カウンセリングのご予約');
  });
});
