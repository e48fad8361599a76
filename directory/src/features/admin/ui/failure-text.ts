/** The message of an API failure, without the "API Error: " prefix the API client puts on it. */
export const failureText = (error: unknown): string =>
  error instanceof Error ? error.message.replace(/^API Error: /, '') : 'Something went wrong';
