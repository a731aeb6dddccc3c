import { Type } from './type.js';

/** A schema of one of the strings a rule lists (`DEPLOY_STEPS`, `DEPLOY_ACTIONS`, …). */
export const literals = <T extends string>(values: readonly T[]) =>
  Type.Union(values.map((value) => Type.Literal(value)));
