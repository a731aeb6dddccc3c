/** App status codes the agent reports and the dashboard shows (spec section 4, 'App status'). */
export const AppStatus = {
  Unknown: 0,
  Active: 1,
  Idle: 2,
  Restarting: 3,
  Problematic: 4,
  Stopped: 5,
} as const;
export type AppStatusCode = (typeof AppStatus)[keyof typeof AppStatus];
