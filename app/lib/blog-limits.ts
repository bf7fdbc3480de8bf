/** Longest blog search text kept, in characters (the box and `BlogSearchParamsSchema` share it). */
export const MAX_QUERY_LENGTH = 100;
