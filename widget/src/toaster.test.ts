/** The toaster (spec 9): one toast at a time, shown 5 s, held while hovered or swiped, gone when dismissed. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, createToaster } from './toaster';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('toaster', () => {
  it('uses the spec constants: 5000 ms, 50 px', () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_SWIPE_THRESHOLD_PX).toBe(50);
  });

  it('shows a toast for 5 s, then removes it', () => {
    const toaster = createToaster();
    toaster.show({ title: 'Please check your information' });
    expect(toaster.current.value).toMatchObject({
      title: 'Please check your information',
      variant: 'default',
    });
    vi.advanceTimersByTime(4999);
    expect(toaster.current.value).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(toaster.current.value).toBeNull();
  });

  it('holds at most one toast: a new one replaces the last and gets its own 5 s', () => {
    const toaster = createToaster();
    toaster.show({ title: 'First' });
    vi.advanceTimersByTime(3000);
    toaster.show({ title: 'Error submitting form', variant: 'destructive' });
    const second = toaster.current.value;
    expect(second).toMatchObject({ title: 'Error submitting form', variant: 'destructive' });
    vi.advanceTimersByTime(4000);
    expect(toaster.current.value).toBe(second);
    vi.advanceTimersByTime(1000);
    expect(toaster.current.value).toBeNull();
  });

  it('pausing (pointer or focus on the toast) holds it; resuming restarts the 5 s', () => {
    const toaster = createToaster();
    toaster.show({ title: 'Held' });
    vi.advanceTimersByTime(4000);
    toaster.pause();
    vi.advanceTimersByTime(60_000);
    expect(toaster.current.value).toMatchObject({ title: 'Held' });
    toaster.resume();
    vi.advanceTimersByTime(4999);
    expect(toaster.current.value).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(toaster.current.value).toBeNull();
  });

  it('dismiss removes it at once; dispose stops the timer', () => {
    const toaster = createToaster();
    toaster.show({ title: 'Gone' });
    toaster.dismiss();
    expect(toaster.current.value).toBeNull();
    toaster.resume();
    expect(toaster.current.value).toBeNull();

    toaster.show({ title: 'Kept' });
    toaster.dispose();
    vi.advanceTimersByTime(10_000);
    expect(toaster.current.value).toMatchObject({ title: 'Kept' });
  });
});

describe('dismissing by key', () => {
  it('ends only the toast it names', () => {
    const toaster = createToaster();
    toaster.show({ key: 'submit', title: 'Error submitting form' });
    toaster.dismiss('validation');
    expect(toaster.current.value).toMatchObject({ title: 'Error submitting form' });
    toaster.dismiss('submit');
    expect(toaster.current.value).toBeNull();
  });
});
