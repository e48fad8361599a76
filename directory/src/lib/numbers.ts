const integer = new Intl.NumberFormat('en-US');

/** 10000 → "10,000", the same on the server and in every browser. */
export const formatCount = (value: number): string => integer.format(value);

export const plural = (count: number, one: string, many: string): string =>
  `${formatCount(count)} ${count === 1 ? one : many}`;
