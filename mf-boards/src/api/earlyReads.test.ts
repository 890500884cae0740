import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearEarlyReads, EARLY_READ_TTL_MS, startEarlyRead, takeEarlyRead } from './earlyReads.ts';

afterEach(() => {
  clearEarlyReads();
  vi.useRealTimers();
});

describe('early reads', () => {
  it('the first fetch of the key takes the read started early; the next one asks again', async () => {
    const early = vi.fn(async () => 'early');
    const fresh = vi.fn(async () => 'fresh');
    startEarlyRead(['Board/List', 6], early);
    startEarlyRead(['Board/List', 6], early);
    expect(early).toHaveBeenCalledTimes(1);
    await expect(takeEarlyRead(['Board/List', 6], fresh)).resolves.toBe('early');
    await expect(takeEarlyRead(['Board/List', 6], fresh)).resolves.toBe('fresh');
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it('keys are told apart', async () => {
    startEarlyRead(['Board/List', 6], async () => 'six');
    await expect(takeEarlyRead(['Board/List', 7], async () => 'seven')).resolves.toBe('seven');
    await expect(takeEarlyRead(['Board/List', 6], async () => 'fresh')).resolves.toBe('six');
  });

  it('a read that failed (no session yet) is not used: the fetch asks the server', async () => {
    startEarlyRead('GlobalFilter/List', async () => {
      throw new Error('401');
    });
    await expect(takeEarlyRead('GlobalFilter/List', async () => ['mine'])).resolves.toEqual(['mine']);
  });

  it('a read not taken in time is stale and dropped', async () => {
    vi.useFakeTimers();
    startEarlyRead('GlobalFilter/FilterList', async () => 'old');
    vi.advanceTimersByTime(EARLY_READ_TTL_MS + 1);
    await expect(takeEarlyRead('GlobalFilter/FilterList', async () => 'new')).resolves.toBe('new');
  });
});
