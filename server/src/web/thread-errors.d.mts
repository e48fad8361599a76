/** Types of thread-errors.mjs (plain JavaScript, so that a worker thread can load it). */
export interface DescribedError {
  name: string;
  message: string;
  stack?: string;
}
export declare function describeError(error: unknown): DescribedError;
export declare function reviveError(described: DescribedError): Error;
