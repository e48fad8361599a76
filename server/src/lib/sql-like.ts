/**
 * "Contains" searches with LIKE, the user's % and _ taken literally. The escape character is "!", not a
 * backslash: MySQL reads a backslash inside a string literal as an escape of its own, SQLite does not, and
 * "!" is the one escape both engines read the same way. Use as `column LIKE ? ${LIKE_ESCAPE}`.
 */
export const likeContains = (text: string): string => `%${text.replace(/[!%_]/g, '!$&')}%`;

export const LIKE_ESCAPE = "ESCAPE '!'";
