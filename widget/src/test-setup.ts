/**
 * Testing Library's DOM matchers (toBeInTheDocument, toHaveAttribute, …) for the widget's component tests:
 * an assertion about what is on screen that can fail, where `expect(getBy…).toBeTruthy()` never could.
 */
import '@testing-library/jest-dom/vitest';

import { configure } from '@testing-library/react';

// findBy… and waitFor give up after 1 s by default. `npm test` runs these beside the server and end-to-end
// tests, and a lazy route or a screen's first query can take longer than that on a busy two-core machine
// (CI saw it). 10 s bounds a wait; nothing is timed by it.
configure({ asyncUtilTimeout: 10_000 });
