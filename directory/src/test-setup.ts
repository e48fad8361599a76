/**
 * Testing Library's DOM matchers (toBeInTheDocument, toHaveTextContent, …) for the directory's component tests:
 * an assertion about what is on screen that can fail, where `expect(getBy…).toBeTruthy()` never could.
 */
import '@testing-library/jest-dom/vitest';

import { afterEach } from 'vitest';

// Admin forms keep drafts in sessionStorage (docs/decisions/028): each test starts without another's.
afterEach(() => {
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
});
