import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { createActor } from 'xstate';
import { searchFieldHideMs, searchMachine } from '../../machines/search.machine.ts';
import { FeedSearchField } from '../../src/screens/feed/FeedSearchField.tsx';
import { hiddenInPlace } from '../../src/screens/feed/feed.css.ts';
import { renderScreen } from './offerListHarness.tsx';

describe("the mixed feed's search field", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('opens search on focus and stays hidden in place for 300 + 100 ms', async () => {
    const search = createActor(searchMachine).start();
    const { pushed } = renderScreen(<FeedSearchField searchRef={search} />);
    const field = screen.getByRole('searchbox', { name: 'Search offers' });
    const bar = field.parentElement!;
    expect(bar.classList.contains(hiddenInPlace)).toBe(false);
    fireEvent.focus(field);
    expect(pushed).toEqual(['/search']);
    expect(bar.classList.contains(hiddenInPlace)).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(searchFieldHideMs - 1));
    expect(bar.classList.contains(hiddenInPlace)).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(bar.classList.contains(hiddenInPlace)).toBe(false);
    search.stop();
  });

  it('shows what was typed on the search page', () => {
    const search = createActor(searchMachine).start();
    search.send({ type: 'search.queryChanged', query: 'jazz' });
    renderScreen(<FeedSearchField searchRef={search} />);
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search offers' }).value).toBe('jazz');
    search.stop();
  });
});
