/**
 * Testing Library's DOM matchers (toBeInTheDocument, toHaveAttribute, …) for the widget's component tests:
 * an assertion about what is on screen that can fail, where `expect(getBy…).toBeTruthy()` never could.
 */
import '@testing-library/jest-dom/vitest';
