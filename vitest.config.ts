import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['contracts/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'directory',
          include: ['directory/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['directory/src/test-setup.ts'],
          // user-event types key by key, as a person does: on a busy two-core CI machine a form-filling
          // test can pass 5 s, the default, without anything being wrong.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'widget',
          include: ['widget/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['widget/src/test-setup.ts'],
          // user-event types key by key, as a person does: on a busy two-core CI machine a form-filling
          // test can pass 5 s, the default, without anything being wrong.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 300_000,
          // Test files share the seeded databases; run them one after another.
          fileParallelism: false,
        },
      },
    ],
  },
});
