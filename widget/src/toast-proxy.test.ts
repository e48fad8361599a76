/** The lazy toaster: a dismissal also cancels a toast still waiting for its chunk (issue 15). */
import { describe, expect, it } from 'vitest';
import { createLazyToaster } from './toast-proxy';

describe('lazy toaster', () => {
  it('shows a toast once its chunk has loaded', async () => {
    const lazy = createLazyToaster();
    lazy.show({ title: 'Please check your information', variant: 'destructive' });
    const toaster = await lazy.load();
    await Promise.resolve();
    expect(toaster.current.value).toMatchObject({ title: 'Please check your information' });
  });

  it('a dismissal before the chunk arrives cancels the toasts asked for before it, not after', async () => {
    const lazy = createLazyToaster();
    lazy.show({ key: 'validation', title: 'Fixed before it could show' });
    lazy.dismiss('validation');
    const toaster = await lazy.load();
    await Promise.resolve();
    expect(toaster.current.value).toBeNull();

    lazy.show({ key: 'submit', title: 'Error submitting form' });
    lazy.dismiss('validation');
    await lazy.load();
    await Promise.resolve();
    expect(toaster.current.value).toMatchObject({ title: 'Error submitting form' });
    lazy.dismiss();
    await Promise.resolve();
    await Promise.resolve();
    expect(toaster.current.value).toBeNull();
  });
});
