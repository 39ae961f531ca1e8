import { ServiceUnavailableError } from '@clinic/core';
import { describe, expect, it } from 'vitest';
import { retryTransient } from './pg-errors';

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });

describe('retryTransient', () => {
  it('runs a transaction again that PostgreSQL ended as a deadlock or serialization loser', async () => {
    let runs = 0;
    const result = await retryTransient('test', async () => {
      runs++;
      if (runs === 1) throw pgError('40P01');
      if (runs === 2) throw pgError('40001');
      return 'done';
    });
    expect(result).toBe('done');
    expect(runs).toBe(3);
  });

  it('answers ServiceUnavailableError (503) when it keeps losing, never the raw error', async () => {
    let runs = 0;
    const attempt = retryTransient('test', async () => {
      runs++;
      throw pgError('40P01');
    });
    await expect(attempt).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(runs).toBe(8);
  });

  it('leaves any other error to the caller at once', async () => {
    let runs = 0;
    const attempt = retryTransient('test', async () => {
      runs++;
      throw pgError('23505');
    });
    await expect(attempt).rejects.toThrow('pg 23505');
    expect(runs).toBe(1);
  });
});
