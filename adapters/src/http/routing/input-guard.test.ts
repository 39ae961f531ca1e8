import { describe, expect, it } from 'vitest';
import { unstorableInput } from './input-guard';

describe('unstorableInput', () => {
  it('names every string or key holding NUL, however deep', () => {
    const deep: Record<string, unknown> = { a: 'x\u0000' };
    let node = deep;
    for (let i = 0; i < 10_000; i++) node = (node.next = {}) as Record<string, unknown>;
    node.last = 'y\u0000';
    const found = unstorableInput({ name: 'ok', deep, ['k\u0000']: 1 }, 'body');
    expect(found.map((field) => field.path)).toEqual(expect.arrayContaining(['body', 'body.deep.a']));
    expect(found).toHaveLength(3);
    expect(found[0]!.message).toBe('使用できない文字（NUL）が含まれています。');
  });

  it('refuses dates, months and instants outside 1900–2999 and keeps the rest', () => {
    const fields = unstorableInput(
      {
        a: '0000-01-01',
        b: '9999-12-31',
        c: '9999-12',
        d: '9999-12-31T23:59:59-12:00',
        e: '1899-12-31',
        ok: ['1900-01-01', '2999-12-31T23:59:59+09:00', '2026-12', 'メモ 0001-01-01'],
      },
      'query',
    );
    expect(fields.map((field) => field.path).sort()).toEqual(['query.a', 'query.b', 'query.c', 'query.d', 'query.e']);
    expect(fields[0]!.message).toBe('日付は1900年から2999年までの範囲で入力してください。');
  });
});
