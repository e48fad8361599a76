/** Types of password-strength.mjs (plain JavaScript, so that a worker thread can load it). */
export declare const ESTIMATED_LENGTH: number;
export declare function guessesLog10(password: string, userInputs: string[]): number;
