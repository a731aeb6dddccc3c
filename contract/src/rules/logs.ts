/** Log limits (spec section 9, 'Log limits'), shared by the dashboard, the server and the agent. */
export const LogLimits = {
  /** Lines asked for on the first fetch (and after a clear). */
  firstTail: 50,
  /** Lines the dashboard keeps, and the most one answer carries. */
  maxLines: 2000,
  /** Characters of one line's message; the agent cuts longer ones, so 2000 lines fit in a frame. */
  maxMessageLength: 4096,
} as const;
