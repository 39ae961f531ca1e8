import { describe, expect, it } from 'vitest';
import { flexMessageOf } from './line-flex';

describe('a LINE message as a Flex message', () => {
  it('puts the subject in the header, the text in the body and the buttons in the footer', () => {
    const flex = flexMessageOf({
      subject: '【渋谷院】明日のご予約のお知らせ',
      text: '山田 花子 様\n…',
      buttons: [
        { kind: 'postback', label: '来院します', data: 'action=confirm&reservationId=120', displayText: '来院します' },
        { kind: 'uri', label: '変更・キャンセル', uri: 'https://liff.line.me/2001234567-AbCd/reservations' },
      ],
    });
    expect(flex.type).toBe('flex');
    expect(flex.altText).toBe('【渋谷院】明日のご予約のお知らせ');
    expect(flex.contents).toMatchObject({
      type: 'bubble',
      header: { contents: [{ type: 'text', text: '【渋谷院】明日のご予約のお知らせ' }] },
      body: { contents: [{ type: 'text', text: '山田 花子 様\n…', wrap: true }] },
      footer: {
        contents: [
          {
            type: 'button',
            style: 'primary',
            action: { type: 'postback', label: '来院します', data: 'action=confirm&reservationId=120', displayText: '来院します' },
          },
          { type: 'button', style: 'secondary', action: { type: 'uri', label: '変更・キャンセル', uri: 'https://liff.line.me/2001234567-AbCd/reservations' } },
        ],
      },
    });
  });

  it('has no footer without buttons, and keeps a long text and altText within LINE’s limits', () => {
    const flex = flexMessageOf({ subject: 'あ'.repeat(500), text: 'い'.repeat(5000) });
    expect(flex.altText).toHaveLength(400);
    expect('footer' in flex.contents).toBe(false);
    expect(JSON.stringify(flex).length).toBeLessThan(30_000);
  });
});
